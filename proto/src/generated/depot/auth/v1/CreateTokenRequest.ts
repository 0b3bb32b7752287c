// Original file: depot/auth/v1/auth.proto


export interface CreateTokenRequest {
  'user_id'?: (number);
  'username'?: (string);
  'name'?: (string);
  '_username'?: "username";
}

export interface CreateTokenRequest__Output {
  'user_id': (number);
  'username'?: (string);
  'name': (string);
  '_username'?: "username";
}
