// Original file: depot/builds/v1/builds.proto

import type { Modpack as _depot_builds_v1_Modpack, Modpack__Output as _depot_builds_v1_Modpack__Output } from '../../../depot/builds/v1/Modpack';

export interface ManagedModpack {
  'modpack'?: (_depot_builds_v1_Modpack | null);
  'build_count'?: (number);
  'published_build_count'?: (number);
}

export interface ManagedModpack__Output {
  'modpack': (_depot_builds_v1_Modpack__Output | null);
  'build_count': (number);
  'published_build_count': (number);
}
