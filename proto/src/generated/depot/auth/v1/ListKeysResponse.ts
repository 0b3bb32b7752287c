// Original file: depot/auth/v1/auth.proto

import type { Key as _depot_auth_v1_Key, Key__Output as _depot_auth_v1_Key__Output } from '../../../depot/auth/v1/Key';

export interface ListKeysResponse {
  'keys'?: (_depot_auth_v1_Key)[];
}

export interface ListKeysResponse__Output {
  'keys': (_depot_auth_v1_Key__Output)[];
}
