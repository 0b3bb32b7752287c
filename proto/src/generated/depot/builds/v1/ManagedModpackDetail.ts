// Original file: depot/builds/v1/builds.proto

import type { Modpack as _depot_builds_v1_Modpack, Modpack__Output as _depot_builds_v1_Modpack__Output } from '../../../depot/builds/v1/Modpack';
import type { ManagedBuild as _depot_builds_v1_ManagedBuild, ManagedBuild__Output as _depot_builds_v1_ManagedBuild__Output } from '../../../depot/builds/v1/ManagedBuild';

export interface ManagedModpackDetail {
  'modpack'?: (_depot_builds_v1_Modpack | null);
  'builds'?: (_depot_builds_v1_ManagedBuild)[];
}

export interface ManagedModpackDetail__Output {
  'modpack': (_depot_builds_v1_Modpack__Output | null);
  'builds': (_depot_builds_v1_ManagedBuild__Output)[];
}
