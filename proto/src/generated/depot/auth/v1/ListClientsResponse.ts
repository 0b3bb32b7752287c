// Original file: depot/auth/v1/auth.proto

import type { Client as _depot_auth_v1_Client, Client__Output as _depot_auth_v1_Client__Output } from '../../../depot/auth/v1/Client';

export interface ListClientsResponse {
  'clients'?: (_depot_auth_v1_Client)[];
}

export interface ListClientsResponse__Output {
  'clients': (_depot_auth_v1_Client__Output)[];
}
