// Original file: depot/auth/v1/auth.proto

import type { Token as _depot_auth_v1_Token, Token__Output as _depot_auth_v1_Token__Output } from '../../../depot/auth/v1/Token';

export interface ListTokensResponse {
  'tokens'?: (_depot_auth_v1_Token)[];
}

export interface ListTokensResponse__Output {
  'tokens': (_depot_auth_v1_Token__Output)[];
}
