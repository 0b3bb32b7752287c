// Original file: depot/builds/v1/builds.proto

import type { ModpackRef as _depot_builds_v1_ModpackRef, ModpackRef__Output as _depot_builds_v1_ModpackRef__Output } from '../../../depot/builds/v1/ModpackRef';

export interface ModpackRefs {
  'modpacks'?: (_depot_builds_v1_ModpackRef)[];
}

export interface ModpackRefs__Output {
  'modpacks': (_depot_builds_v1_ModpackRef__Output)[];
}
