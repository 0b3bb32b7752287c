// Original file: depot/auth/v1/auth.proto


export interface AuthenticateRequest {
  'token'?: (string);
}

export interface AuthenticateRequest__Output {
  'token': (string);
}
