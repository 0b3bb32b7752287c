// Original file: depot/auth/v1/auth.proto


export interface StartTwoFactorRequest {
  'user_id'?: (number);
  'password'?: (string);
  '_password'?: "password";
}

export interface StartTwoFactorRequest__Output {
  'user_id': (number);
  'password'?: (string);
  '_password'?: "password";
}
