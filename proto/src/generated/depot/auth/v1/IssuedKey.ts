// Original file: depot/auth/v1/auth.proto


export interface IssuedKey {
  'id'?: (number);
  'name'?: (string);
  'api_key'?: (string);
  'created_at'?: (string);
}

export interface IssuedKey__Output {
  'id': (number);
  'name': (string);
  'api_key': (string);
  'created_at': (string);
}
