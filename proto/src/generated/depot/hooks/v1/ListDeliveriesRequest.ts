// Original file: depot/hooks/v1/hooks.proto

import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from '../../../depot/hooks/v1/Scope';

export interface ListDeliveriesRequest {
  'scope'?: (_depot_hooks_v1_Scope | null);
  'endpoint_id'?: (number);
  'limit'?: (number);
}

export interface ListDeliveriesRequest__Output {
  'scope': (_depot_hooks_v1_Scope__Output | null);
  'endpoint_id': (number);
  'limit': (number);
}
