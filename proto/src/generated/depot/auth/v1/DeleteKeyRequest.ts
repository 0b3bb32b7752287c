// Original file: depot/auth/v1/auth.proto


export interface DeleteKeyRequest {
  'id'?: (number);
}

export interface DeleteKeyRequest__Output {
  'id': (number);
}
