// Original file: depot/auth/v1/auth.proto


export interface UpdateClientRequest {
  'uuid'?: (string);
  'name'?: (string);
  'modpack_ids'?: (number)[];
  'update_mask'?: (string)[];
  '_name'?: "name";
}

export interface UpdateClientRequest__Output {
  'uuid': (string);
  'name'?: (string);
  'modpack_ids': (number)[];
  'update_mask': (string)[];
  '_name'?: "name";
}
