// Original file: depot/builds/v1/builds.proto

import type { BuildChanges as _depot_builds_v1_BuildChanges, BuildChanges__Output as _depot_builds_v1_BuildChanges__Output } from '../../../depot/builds/v1/BuildChanges';

export interface BuildChangesResponse {
  'modpack_id'?: (number);
  'modpack_slug'?: (string);
  'modpack_name'?: (string);
  'modpack_private'?: (boolean);
  'changes'?: (_depot_builds_v1_BuildChanges | null);
  '_changes'?: "changes";
}

export interface BuildChangesResponse__Output {
  'modpack_id': (number);
  'modpack_slug': (string);
  'modpack_name': (string);
  'modpack_private': (boolean);
  'changes'?: (_depot_builds_v1_BuildChanges__Output | null);
  '_changes'?: "changes";
}
