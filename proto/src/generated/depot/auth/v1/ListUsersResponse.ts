// Original file: depot/auth/v1/auth.proto

import type { User as _depot_auth_v1_User, User__Output as _depot_auth_v1_User__Output } from '../../../depot/auth/v1/User';

export interface ListUsersResponse {
  'users'?: (_depot_auth_v1_User)[];
}

export interface ListUsersResponse__Output {
  'users': (_depot_auth_v1_User__Output)[];
}
