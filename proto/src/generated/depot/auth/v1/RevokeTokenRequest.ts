// Original file: depot/auth/v1/auth.proto


export interface RevokeTokenRequest {
  'user_id'?: (number);
  'token_id'?: (number);
}

export interface RevokeTokenRequest__Output {
  'user_id': (number);
  'token_id': (number);
}
