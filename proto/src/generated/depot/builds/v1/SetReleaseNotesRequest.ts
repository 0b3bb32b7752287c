// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface SetReleaseNotesRequest {
  'slug'?: (string);
  'version'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'notes'?: (string);
  '_notes'?: "notes";
}

export interface SetReleaseNotesRequest__Output {
  'slug': (string);
  'version': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'notes'?: (string);
  '_notes'?: "notes";
}
