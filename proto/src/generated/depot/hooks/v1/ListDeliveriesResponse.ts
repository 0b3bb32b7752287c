// Original file: depot/hooks/v1/hooks.proto

import type { Delivery as _depot_hooks_v1_Delivery, Delivery__Output as _depot_hooks_v1_Delivery__Output } from '../../../depot/hooks/v1/Delivery';

export interface ListDeliveriesResponse {
  'deliveries'?: (_depot_hooks_v1_Delivery)[];
}

export interface ListDeliveriesResponse__Output {
  'deliveries': (_depot_hooks_v1_Delivery__Output)[];
}
