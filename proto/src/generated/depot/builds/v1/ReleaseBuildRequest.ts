// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';
import type { ReleaseAssignment as _depot_builds_v1_ReleaseAssignment, ReleaseAssignment__Output as _depot_builds_v1_ReleaseAssignment__Output } from '../../../depot/builds/v1/ReleaseAssignment';

export interface ReleaseBuildRequest {
  'slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'version'?: (string);
  'from'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'min_java'?: (string);
  'min_memory'?: (number);
  'update_mask'?: (string)[];
  'mods'?: (_depot_builds_v1_ReleaseAssignment)[];
  'remove'?: (number)[];
  'notes'?: (string);
  'publish'?: (boolean);
  'set_latest'?: (boolean);
  'set_recommended'?: (boolean);
  'dry_run'?: (boolean);
  '_minecraft'?: "minecraft";
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_notes'?: "notes";
}

export interface ReleaseBuildRequest__Output {
  'slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'version': (string);
  'from': (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'min_java'?: (string);
  'min_memory'?: (number);
  'update_mask': (string)[];
  'mods': (_depot_builds_v1_ReleaseAssignment__Output)[];
  'remove': (number)[];
  'notes'?: (string);
  'publish': (boolean);
  'set_latest': (boolean);
  'set_recommended': (boolean);
  'dry_run': (boolean);
  '_minecraft'?: "minecraft";
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_notes'?: "notes";
}
