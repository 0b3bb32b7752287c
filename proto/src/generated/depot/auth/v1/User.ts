// Original file: depot/auth/v1/auth.proto


export interface User {
  'id'?: (number);
  'username'?: (string);
  'permissions'?: (string)[];
  'modpack_ids'?: (number)[];
  'created_at'?: (string);
  'updated_at'?: (string);
  'email'?: (string);
  'has_password'?: (boolean);
  'two_factor'?: (boolean);
  '_email'?: "email";
  '_two_factor'?: "two_factor";
}

export interface User__Output {
  'id': (number);
  'username': (string);
  'permissions': (string)[];
  'modpack_ids': (number)[];
  'created_at': (string);
  'updated_at': (string);
  'email'?: (string);
  'has_password': (boolean);
  'two_factor'?: (boolean);
  '_email'?: "email";
  '_two_factor'?: "two_factor";
}
