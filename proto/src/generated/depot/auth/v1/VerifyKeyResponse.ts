// Original file: depot/auth/v1/auth.proto


export interface VerifyKeyResponse {
  'name'?: (string);
  'created_at'?: (string);
}

export interface VerifyKeyResponse__Output {
  'name': (string);
  'created_at': (string);
}
