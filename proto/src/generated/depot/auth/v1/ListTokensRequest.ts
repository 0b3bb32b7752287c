// Original file: depot/auth/v1/auth.proto


export interface ListTokensRequest {
  'user_id'?: (number);
}

export interface ListTokensRequest__Output {
  'user_id': (number);
}
