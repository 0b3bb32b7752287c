// Original file: depot/hooks/v1/hooks.proto

import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from '../../../depot/hooks/v1/Scope';

export interface RedeliverRequest {
  'scope'?: (_depot_hooks_v1_Scope | null);
  'endpoint_id'?: (number);
  'delivery_id'?: (string);
}

export interface RedeliverRequest__Output {
  'scope': (_depot_hooks_v1_Scope__Output | null);
  'endpoint_id': (number);
  'delivery_id': (string);
}
