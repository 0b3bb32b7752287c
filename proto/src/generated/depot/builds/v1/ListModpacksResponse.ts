// Original file: depot/builds/v1/builds.proto

import type { ModpackView as _depot_builds_v1_ModpackView, ModpackView__Output as _depot_builds_v1_ModpackView__Output } from '../../../depot/builds/v1/ModpackView';

export interface ListModpacksResponse {
  'modpacks'?: (_depot_builds_v1_ModpackView)[];
}

export interface ListModpacksResponse__Output {
  'modpacks': (_depot_builds_v1_ModpackView__Output)[];
}
