// Original file: depot/builds/v1/builds.proto

import type { Modpack as _depot_builds_v1_Modpack, Modpack__Output as _depot_builds_v1_Modpack__Output } from '../../../depot/builds/v1/Modpack';
import type { BuildFlags as _depot_builds_v1_BuildFlags, BuildFlags__Output as _depot_builds_v1_BuildFlags__Output } from '../../../depot/builds/v1/BuildFlags';

export interface ModpackSource {
  'modpack'?: (_depot_builds_v1_Modpack | null);
  'builds'?: (_depot_builds_v1_BuildFlags)[];
}

export interface ModpackSource__Output {
  'modpack': (_depot_builds_v1_Modpack__Output | null);
  'builds': (_depot_builds_v1_BuildFlags__Output)[];
}
