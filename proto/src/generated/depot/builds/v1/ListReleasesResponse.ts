// Original file: depot/builds/v1/builds.proto

import type { BuildChanges as _depot_builds_v1_BuildChanges, BuildChanges__Output as _depot_builds_v1_BuildChanges__Output } from '../../../depot/builds/v1/BuildChanges';

export interface ListReleasesResponse {
  'modpack_id'?: (number);
  'modpack_slug'?: (string);
  'modpack_name'?: (string);
  'modpack_private'?: (boolean);
  'releases'?: (_depot_builds_v1_BuildChanges)[];
  'modpack_updated_at'?: (string);
}

export interface ListReleasesResponse__Output {
  'modpack_id': (number);
  'modpack_slug': (string);
  'modpack_name': (string);
  'modpack_private': (boolean);
  'releases': (_depot_builds_v1_BuildChanges__Output)[];
  'modpack_updated_at': (string);
}
