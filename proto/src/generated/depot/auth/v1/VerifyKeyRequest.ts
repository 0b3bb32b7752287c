// Original file: depot/auth/v1/auth.proto


export interface VerifyKeyRequest {
  'key'?: (string);
}

export interface VerifyKeyRequest__Output {
  'key': (string);
}
