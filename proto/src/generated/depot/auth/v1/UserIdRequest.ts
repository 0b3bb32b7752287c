// Original file: depot/auth/v1/auth.proto


export interface UserIdRequest {
  'user_id'?: (number);
}

export interface UserIdRequest__Output {
  'user_id': (number);
}
