// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface CloneModpackRequest {
  'source_slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'name'?: (string);
  'slug'?: (string);
  'hidden'?: (boolean);
  '_hidden'?: "hidden";
}

export interface CloneModpackRequest__Output {
  'source_slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'name': (string);
  'slug': (string);
  'hidden'?: (boolean);
  '_hidden'?: "hidden";
}
