// Original file: depot/builds/v1/builds.proto

import type { ModpackSource as _depot_builds_v1_ModpackSource, ModpackSource__Output as _depot_builds_v1_ModpackSource__Output } from '../../../depot/builds/v1/ModpackSource';

export interface ListModpackSourcesResponse {
  'modpacks'?: (_depot_builds_v1_ModpackSource)[];
}

export interface ListModpackSourcesResponse__Output {
  'modpacks': (_depot_builds_v1_ModpackSource__Output)[];
}
