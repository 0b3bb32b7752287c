// Original file: depot/auth/v1/auth.proto


export interface ResolveLoginRequest {
  'login'?: (string);
}

export interface ResolveLoginRequest__Output {
  'login': (string);
}
