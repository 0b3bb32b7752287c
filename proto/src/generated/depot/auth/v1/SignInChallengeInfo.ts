// Original file: depot/auth/v1/auth.proto


export interface SignInChallengeInfo {
  'login'?: (string);
  'expires_at'?: (string);
  'user_id'?: (number);
}

export interface SignInChallengeInfo__Output {
  'login': (string);
  'expires_at': (string);
  'user_id': (number);
}
