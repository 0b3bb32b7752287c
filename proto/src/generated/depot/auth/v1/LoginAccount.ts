// Original file: depot/auth/v1/auth.proto


export interface LoginAccount {
  'user_id'?: (number);
}

export interface LoginAccount__Output {
  'user_id': (number);
}
