// Original file: depot/auth/v1/auth.proto


export interface Principal {
  'user_id'?: (number);
  'username'?: (string);
  'permissions'?: (string)[];
  'modpack_ids'?: (number)[];
  'token_id'?: (number);
}

export interface Principal__Output {
  'user_id': (number);
  'username': (string);
  'permissions': (string)[];
  'modpack_ids': (number)[];
  'token_id': (number);
}
