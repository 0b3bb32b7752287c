// Original file: depot/auth/v1/auth.proto


export interface Token {
  'id'?: (number);
  'name'?: (string);
  'last_used_at'?: (string);
  'created_at'?: (string);
  '_last_used_at'?: "last_used_at";
}

export interface Token__Output {
  'id': (number);
  'name': (string);
  'last_used_at'?: (string);
  'created_at': (string);
  '_last_used_at'?: "last_used_at";
}
