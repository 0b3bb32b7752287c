// Original file: depot/builds/v1/builds.proto

import type { Build as _depot_builds_v1_Build, Build__Output as _depot_builds_v1_Build__Output } from '../../../depot/builds/v1/Build';
import type { AssignmentSide as _depot_builds_v1_AssignmentSide, AssignmentSide__Output as _depot_builds_v1_AssignmentSide__Output } from '../../../depot/builds/v1/AssignmentSide';

export interface BuildSource {
  'modpack_id'?: (number);
  'modpack_private'?: (boolean);
  'build'?: (_depot_builds_v1_Build | null);
  'mod_version_ids'?: (number)[];
  'sides'?: (_depot_builds_v1_AssignmentSide)[];
}

export interface BuildSource__Output {
  'modpack_id': (number);
  'modpack_private': (boolean);
  'build': (_depot_builds_v1_Build__Output | null);
  'mod_version_ids': (number)[];
  'sides': (_depot_builds_v1_AssignmentSide__Output)[];
}
