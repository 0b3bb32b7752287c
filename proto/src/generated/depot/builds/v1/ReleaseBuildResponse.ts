// Original file: depot/builds/v1/builds.proto

import type { Build as _depot_builds_v1_Build, Build__Output as _depot_builds_v1_Build__Output } from '../../../depot/builds/v1/Build';
import type { ReleaseChange as _depot_builds_v1_ReleaseChange, ReleaseChange__Output as _depot_builds_v1_ReleaseChange__Output } from '../../../depot/builds/v1/ReleaseChange';

export interface ReleaseBuildResponse {
  'build'?: (_depot_builds_v1_Build | null);
  'changed'?: (boolean);
  'from'?: (string);
  'changes'?: (_depot_builds_v1_ReleaseChange)[];
  'unchanged'?: (number);
  'latest'?: (boolean);
  'recommended'?: (boolean);
  'created'?: (boolean);
  '_build'?: "build";
}

export interface ReleaseBuildResponse__Output {
  'build'?: (_depot_builds_v1_Build__Output | null);
  'changed': (boolean);
  'from': (string);
  'changes': (_depot_builds_v1_ReleaseChange__Output)[];
  'unchanged': (number);
  'latest': (boolean);
  'recommended': (boolean);
  'created': (boolean);
  '_build'?: "build";
}
