// Original file: depot/auth/v1/auth.proto

import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from '../../../depot/auth/v1/Principal';

export interface CreateUserRequest {
  'actor'?: (_depot_auth_v1_Principal | null);
  'username'?: (string);
  'permissions'?: (string)[];
  'modpack_ids'?: (number)[];
  'email'?: (string);
  'password'?: (string);
  '_email'?: "email";
  '_password'?: "password";
}

export interface CreateUserRequest__Output {
  'actor': (_depot_auth_v1_Principal__Output | null);
  'username': (string);
  'permissions': (string)[];
  'modpack_ids': (number)[];
  'email'?: (string);
  'password'?: (string);
  '_email'?: "email";
  '_password'?: "password";
}
