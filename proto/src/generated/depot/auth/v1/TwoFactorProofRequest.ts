// Original file: depot/auth/v1/auth.proto


export interface TwoFactorProofRequest {
  'user_id'?: (number);
  'password'?: (string);
  'code'?: (string);
  'keep_session'?: (string);
  '_password'?: "password";
  '_code'?: "code";
  '_keep_session'?: "keep_session";
}

export interface TwoFactorProofRequest__Output {
  'user_id': (number);
  'password'?: (string);
  'code'?: (string);
  'keep_session'?: (string);
  '_password'?: "password";
  '_code'?: "code";
  '_keep_session'?: "keep_session";
}
