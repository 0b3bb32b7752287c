// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface CheckTargetRequest {
  'slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'version'?: (string);
  'mod_slug'?: (string);
  '_version'?: "version";
  '_mod_slug'?: "mod_slug";
}

export interface CheckTargetRequest__Output {
  'slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'version'?: (string);
  'mod_slug'?: (string);
  '_version'?: "version";
  '_mod_slug'?: "mod_slug";
}
