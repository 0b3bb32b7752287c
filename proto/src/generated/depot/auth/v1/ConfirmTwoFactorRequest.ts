// Original file: depot/auth/v1/auth.proto


export interface ConfirmTwoFactorRequest {
  'user_id'?: (number);
  'code'?: (string);
  'keep_session'?: (string);
  '_keep_session'?: "keep_session";
}

export interface ConfirmTwoFactorRequest__Output {
  'user_id': (number);
  'code': (string);
  'keep_session'?: (string);
  '_keep_session'?: "keep_session";
}
