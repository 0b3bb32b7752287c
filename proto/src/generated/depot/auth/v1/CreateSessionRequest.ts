// Original file: depot/auth/v1/auth.proto


export interface CreateSessionRequest {
  'login'?: (string);
  'password'?: (string);
  'user_agent'?: (string);
  'address'?: (string);
  '_user_agent'?: "user_agent";
  '_address'?: "address";
}

export interface CreateSessionRequest__Output {
  'login': (string);
  'password': (string);
  'user_agent'?: (string);
  'address'?: (string);
  '_user_agent'?: "user_agent";
  '_address'?: "address";
}
