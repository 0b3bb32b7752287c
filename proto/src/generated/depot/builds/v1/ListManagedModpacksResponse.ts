// Original file: depot/builds/v1/builds.proto

import type { ManagedModpack as _depot_builds_v1_ManagedModpack, ManagedModpack__Output as _depot_builds_v1_ManagedModpack__Output } from '../../../depot/builds/v1/ManagedModpack';

export interface ListManagedModpacksResponse {
  'modpacks'?: (_depot_builds_v1_ManagedModpack)[];
}

export interface ListManagedModpacksResponse__Output {
  'modpacks': (_depot_builds_v1_ManagedModpack__Output)[];
}
