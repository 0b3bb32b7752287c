// Original file: depot/hooks/v1/hooks.proto

import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from '../../../depot/hooks/v1/Scope';

export interface EndpointRef {
  'scope'?: (_depot_hooks_v1_Scope | null);
  'id'?: (number);
}

export interface EndpointRef__Output {
  'scope': (_depot_hooks_v1_Scope__Output | null);
  'id': (number);
}
