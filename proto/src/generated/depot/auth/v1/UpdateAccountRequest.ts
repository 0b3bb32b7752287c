// Original file: depot/auth/v1/auth.proto


export interface UpdateAccountRequest {
  'user_id'?: (number);
  'update_mask'?: (string)[];
  'email'?: (string);
  'password'?: (string);
  'current_password'?: (string);
  'keep_session'?: (string);
  '_email'?: "email";
  '_password'?: "password";
  '_current_password'?: "current_password";
  '_keep_session'?: "keep_session";
}

export interface UpdateAccountRequest__Output {
  'user_id': (number);
  'update_mask': (string)[];
  'email'?: (string);
  'password'?: (string);
  'current_password'?: (string);
  'keep_session'?: (string);
  '_email'?: "email";
  '_password'?: "password";
  '_current_password'?: "current_password";
  '_keep_session'?: "keep_session";
}
