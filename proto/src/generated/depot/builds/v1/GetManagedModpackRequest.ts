// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface GetManagedModpackRequest {
  'slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'with_mod_version_ids'?: (boolean);
}

export interface GetManagedModpackRequest__Output {
  'slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'with_mod_version_ids': (boolean);
}
