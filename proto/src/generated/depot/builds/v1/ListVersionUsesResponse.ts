// Original file: depot/builds/v1/builds.proto

import type { VersionUse as _depot_builds_v1_VersionUse, VersionUse__Output as _depot_builds_v1_VersionUse__Output } from '../../../depot/builds/v1/VersionUse';

export interface ListVersionUsesResponse {
  'uses'?: (_depot_builds_v1_VersionUse)[];
}

export interface ListVersionUsesResponse__Output {
  'uses': (_depot_builds_v1_VersionUse__Output)[];
}
