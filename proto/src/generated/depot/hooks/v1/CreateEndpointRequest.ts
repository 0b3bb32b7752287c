// Original file: depot/hooks/v1/hooks.proto

import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from '../../../depot/hooks/v1/Scope';

export interface CreateEndpointRequest {
  'scope'?: (_depot_hooks_v1_Scope | null);
  'url'?: (string);
  'events'?: (string)[];
  'secret'?: (string);
  'format'?: (string);
  'description'?: (string);
  '_secret'?: "secret";
  '_format'?: "format";
}

export interface CreateEndpointRequest__Output {
  'scope': (_depot_hooks_v1_Scope__Output | null);
  'url': (string);
  'events': (string)[];
  'secret'?: (string);
  'format'?: (string);
  'description': (string);
  '_secret'?: "secret";
  '_format'?: "format";
}
