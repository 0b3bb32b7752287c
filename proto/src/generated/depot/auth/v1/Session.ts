// Original file: depot/auth/v1/auth.proto

import type { User as _depot_auth_v1_User, User__Output as _depot_auth_v1_User__Output } from '../../../depot/auth/v1/User';
import type { TwoFactorChallenge as _depot_auth_v1_TwoFactorChallenge, TwoFactorChallenge__Output as _depot_auth_v1_TwoFactorChallenge__Output } from '../../../depot/auth/v1/TwoFactorChallenge';

export interface Session {
  'token'?: (string);
  'expires_at'?: (string);
  'user'?: (_depot_auth_v1_User | null);
  'two_factor'?: (_depot_auth_v1_TwoFactorChallenge | null);
}

export interface Session__Output {
  'token': (string);
  'expires_at': (string);
  'user': (_depot_auth_v1_User__Output | null);
  'two_factor': (_depot_auth_v1_TwoFactorChallenge__Output | null);
}
