// Original file: depot/builds/v1/builds.proto

import type { Build as _depot_builds_v1_Build, Build__Output as _depot_builds_v1_Build__Output } from '../../../depot/builds/v1/Build';
import type { ModChange as _depot_builds_v1_ModChange, ModChange__Output as _depot_builds_v1_ModChange__Output } from '../../../depot/builds/v1/ModChange';

export interface BuildChanges {
  'build'?: (_depot_builds_v1_Build | null);
  'from'?: (_depot_builds_v1_Build | null);
  'from_missing'?: (boolean);
  'notes'?: (string);
  'changes'?: (_depot_builds_v1_ModChange)[];
  'unchanged'?: (number);
  '_from'?: "from";
  '_notes'?: "notes";
}

export interface BuildChanges__Output {
  'build': (_depot_builds_v1_Build__Output | null);
  'from'?: (_depot_builds_v1_Build__Output | null);
  'from_missing': (boolean);
  'notes'?: (string);
  'changes': (_depot_builds_v1_ModChange__Output)[];
  'unchanged': (number);
  '_from'?: "from";
  '_notes'?: "notes";
}
