// Original file: depot/auth/v1/auth.proto


export interface SessionTokenRequest {
  'token'?: (string);
}

export interface SessionTokenRequest__Output {
  'token': (string);
}
