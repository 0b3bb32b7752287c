// Original file: depot/auth/v1/auth.proto


export interface CreateClientRequest {
  'name'?: (string);
  'uuid'?: (string);
}

export interface CreateClientRequest__Output {
  'name': (string);
  'uuid': (string);
}
