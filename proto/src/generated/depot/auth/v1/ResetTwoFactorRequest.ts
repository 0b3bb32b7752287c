// Original file: depot/auth/v1/auth.proto

import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from '../../../depot/auth/v1/Principal';

export interface ResetTwoFactorRequest {
  'username'?: (string);
  'actor'?: (_depot_auth_v1_Principal | null);
  'keep_session'?: (string);
  '_keep_session'?: "keep_session";
}

export interface ResetTwoFactorRequest__Output {
  'username': (string);
  'actor': (_depot_auth_v1_Principal__Output | null);
  'keep_session'?: (string);
  '_keep_session'?: "keep_session";
}
