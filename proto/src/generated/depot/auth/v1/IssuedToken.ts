// Original file: depot/auth/v1/auth.proto


export interface IssuedToken {
  'id'?: (number);
  'name'?: (string);
  'plaintext'?: (string);
  'created_at'?: (string);
}

export interface IssuedToken__Output {
  'id': (number);
  'name': (string);
  'plaintext': (string);
  'created_at': (string);
}
