// Original file: depot/auth/v1/auth.proto


export interface TwoFactorEnrolment {
  'secret'?: (string);
  'otpauth_url'?: (string);
}

export interface TwoFactorEnrolment__Output {
  'secret': (string);
  'otpauth_url': (string);
}
