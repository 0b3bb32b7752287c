// Original file: depot/builds/v1/builds.proto

import type { Modpack as _depot_builds_v1_Modpack, Modpack__Output as _depot_builds_v1_Modpack__Output } from '../../../depot/builds/v1/Modpack';

export interface ModpackView {
  'modpack'?: (_depot_builds_v1_Modpack | null);
  'builds'?: (string)[];
}

export interface ModpackView__Output {
  'modpack': (_depot_builds_v1_Modpack__Output | null);
  'builds': (string)[];
}
