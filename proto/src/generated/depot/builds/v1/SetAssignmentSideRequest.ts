// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface SetAssignmentSideRequest {
  'slug'?: (string);
  'version'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'mod_slug'?: (string);
  'side'?: (string);
  '_side'?: "side";
}

export interface SetAssignmentSideRequest__Output {
  'slug': (string);
  'version': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'mod_slug': (string);
  'side'?: (string);
  '_side'?: "side";
}
