// Original file: depot/auth/v1/auth.proto


export interface GrantModpackAccessRequest {
  'user_id'?: (number);
  'modpack_id'?: (number);
}

export interface GrantModpackAccessRequest__Output {
  'user_id': (number);
  'modpack_id': (number);
}
