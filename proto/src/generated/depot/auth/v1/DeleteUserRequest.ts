// Original file: depot/auth/v1/auth.proto

import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from '../../../depot/auth/v1/Principal';

export interface DeleteUserRequest {
  'username'?: (string);
  'actor'?: (_depot_auth_v1_Principal | null);
}

export interface DeleteUserRequest__Output {
  'username': (string);
  'actor': (_depot_auth_v1_Principal__Output | null);
}
