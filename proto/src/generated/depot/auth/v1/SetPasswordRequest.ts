// Original file: depot/auth/v1/auth.proto


export interface SetPasswordRequest {
  'username'?: (string);
  'password'?: (string);
  'only_if_unset'?: (boolean);
  '_password'?: "password";
}

export interface SetPasswordRequest__Output {
  'username': (string);
  'password'?: (string);
  'only_if_unset': (boolean);
  '_password'?: "password";
}
