// Original file: depot/hooks/v1/hooks.proto

import type { Endpoint as _depot_hooks_v1_Endpoint, Endpoint__Output as _depot_hooks_v1_Endpoint__Output } from '../../../depot/hooks/v1/Endpoint';

export interface ListEndpointsResponse {
  'endpoints'?: (_depot_hooks_v1_Endpoint)[];
}

export interface ListEndpointsResponse__Output {
  'endpoints': (_depot_hooks_v1_Endpoint__Output)[];
}
