// Original file: depot/auth/v1/auth.proto

import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from '../../../depot/auth/v1/Principal';

export interface CreateTokenRequest {
  'user_id'?: (number);
  'username'?: (string);
  'name'?: (string);
  'actor'?: (_depot_auth_v1_Principal | null);
  '_username'?: "username";
}

export interface CreateTokenRequest__Output {
  'user_id': (number);
  'username'?: (string);
  'name': (string);
  'actor': (_depot_auth_v1_Principal__Output | null);
  '_username'?: "username";
}
