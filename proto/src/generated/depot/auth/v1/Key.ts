// Original file: depot/auth/v1/auth.proto


export interface Key {
  'id'?: (number);
  'name'?: (string);
  'created_at'?: (string);
}

export interface Key__Output {
  'id': (number);
  'name': (string);
  'created_at': (string);
}
