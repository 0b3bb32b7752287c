// Original file: depot/auth/v1/auth.proto


export interface TwoFactorChallenge {
  'token'?: (string);
  'expires_at'?: (string);
}

export interface TwoFactorChallenge__Output {
  'token': (string);
  'expires_at': (string);
}
