// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface CheckTargetRequest {
  'slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'version'?: (string);
  '_version'?: "version";
}

export interface CheckTargetRequest__Output {
  'slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'version'?: (string);
  '_version'?: "version";
}
