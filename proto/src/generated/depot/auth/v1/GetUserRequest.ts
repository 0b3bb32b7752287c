// Original file: depot/auth/v1/auth.proto


export interface GetUserRequest {
  'username'?: (string);
}

export interface GetUserRequest__Output {
  'username': (string);
}
