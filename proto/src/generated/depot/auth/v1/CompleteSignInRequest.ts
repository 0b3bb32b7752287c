// Original file: depot/auth/v1/auth.proto


export interface CompleteSignInRequest {
  'challenge'?: (string);
  'code'?: (string);
  'recovery_code'?: (string);
  'user_agent'?: (string);
  'address'?: (string);
  '_code'?: "code";
  '_recovery_code'?: "recovery_code";
  '_user_agent'?: "user_agent";
  '_address'?: "address";
}

export interface CompleteSignInRequest__Output {
  'challenge': (string);
  'code'?: (string);
  'recovery_code'?: (string);
  'user_agent'?: (string);
  'address'?: (string);
  '_code'?: "code";
  '_recovery_code'?: "recovery_code";
  '_user_agent'?: "user_agent";
  '_address'?: "address";
}
