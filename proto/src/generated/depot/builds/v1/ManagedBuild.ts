// Original file: depot/builds/v1/builds.proto

import type { Build as _depot_builds_v1_Build, Build__Output as _depot_builds_v1_Build__Output } from '../../../depot/builds/v1/Build';

export interface ManagedBuild {
  'build'?: (_depot_builds_v1_Build | null);
  'mod_count'?: (number);
  'mod_version_ids'?: (number)[];
}

export interface ManagedBuild__Output {
  'build': (_depot_builds_v1_Build__Output | null);
  'mod_count': (number);
  'mod_version_ids': (number)[];
}
