// Original file: depot/auth/v1/auth.proto

import type { User as _depot_auth_v1_User, User__Output as _depot_auth_v1_User__Output } from '../../../depot/auth/v1/User';

export interface Session {
  'token'?: (string);
  'expires_at'?: (string);
  'user'?: (_depot_auth_v1_User | null);
}

export interface Session__Output {
  'token': (string);
  'expires_at': (string);
  'user': (_depot_auth_v1_User__Output | null);
}
