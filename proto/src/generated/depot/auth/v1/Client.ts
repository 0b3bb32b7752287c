// Original file: depot/auth/v1/auth.proto


export interface Client {
  'id'?: (number);
  'name'?: (string);
  'uuid'?: (string);
  'modpack_ids'?: (number)[];
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Client__Output {
  'id': (number);
  'name': (string);
  'uuid': (string);
  'modpack_ids': (number)[];
  'created_at': (string);
  'updated_at': (string);
}
