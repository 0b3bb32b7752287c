// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface ListModpacksRequest {
  'access'?: (_depot_builds_v1_Access | null);
  'with_builds'?: (boolean);
}

export interface ListModpacksRequest__Output {
  'access': (_depot_builds_v1_Access__Output | null);
  'with_builds': (boolean);
}
