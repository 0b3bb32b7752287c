// Original file: depot/hooks/v1/hooks.proto

import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from '../../../depot/hooks/v1/Scope';

export interface UpdateEndpointRequest {
  'scope'?: (_depot_hooks_v1_Scope | null);
  'id'?: (number);
  'url'?: (string);
  'events'?: (string)[];
  'present_events'?: (boolean);
  'secret'?: (string);
  'format'?: (string);
  'description'?: (string);
  'enabled'?: (boolean);
  'rotate_secret'?: (boolean);
  '_url'?: "url";
  '_secret'?: "secret";
  '_format'?: "format";
  '_description'?: "description";
  '_enabled'?: "enabled";
}

export interface UpdateEndpointRequest__Output {
  'scope': (_depot_hooks_v1_Scope__Output | null);
  'id': (number);
  'url'?: (string);
  'events': (string)[];
  'present_events': (boolean);
  'secret'?: (string);
  'format'?: (string);
  'description'?: (string);
  'enabled'?: (boolean);
  'rotate_secret': (boolean);
  '_url'?: "url";
  '_secret'?: "secret";
  '_format'?: "format";
  '_description'?: "description";
  '_enabled'?: "enabled";
}
