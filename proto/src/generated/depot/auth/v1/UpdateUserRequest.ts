// Original file: depot/auth/v1/auth.proto

import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from '../../../depot/auth/v1/Principal';

export interface UpdateUserRequest {
  'actor'?: (_depot_auth_v1_Principal | null);
  'username'?: (string);
  'new_username'?: (string);
  'permissions'?: (string)[];
  'modpack_ids'?: (number)[];
  'update_mask'?: (string)[];
  'email'?: (string);
  'password'?: (string);
  'keep_session'?: (string);
  '_new_username'?: "new_username";
  '_email'?: "email";
  '_password'?: "password";
  '_keep_session'?: "keep_session";
}

export interface UpdateUserRequest__Output {
  'actor': (_depot_auth_v1_Principal__Output | null);
  'username': (string);
  'new_username'?: (string);
  'permissions': (string)[];
  'modpack_ids': (number)[];
  'update_mask': (string)[];
  'email'?: (string);
  'password'?: (string);
  'keep_session'?: (string);
  '_new_username'?: "new_username";
  '_email'?: "email";
  '_password'?: "password";
  '_keep_session'?: "keep_session";
}
