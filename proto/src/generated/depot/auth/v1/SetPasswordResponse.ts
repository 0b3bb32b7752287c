// Original file: depot/auth/v1/auth.proto


export interface SetPasswordResponse {
  'changed'?: (boolean);
  'generated_password'?: (string);
  '_generated_password'?: "generated_password";
}

export interface SetPasswordResponse__Output {
  'changed': (boolean);
  'generated_password'?: (string);
  '_generated_password'?: "generated_password";
}
