// Original file: depot/auth/v1/auth.proto


export interface DeleteClientRequest {
  'uuid'?: (string);
}

export interface DeleteClientRequest__Output {
  'uuid': (string);
}
