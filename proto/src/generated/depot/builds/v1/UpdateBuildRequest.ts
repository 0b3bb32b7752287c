// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface UpdateBuildRequest {
  'slug'?: (string);
  'version'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'new_version'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'is_published'?: (boolean);
  'private'?: (boolean);
  'min_java'?: (string);
  'min_memory'?: (number);
  'update_mask'?: (string)[];
  'loader'?: (string);
  'loader_version'?: (string);
  '_new_version'?: "new_version";
  '_minecraft'?: "minecraft";
  '_forge'?: "forge";
  '_is_published'?: "is_published";
  '_private'?: "private";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}

export interface UpdateBuildRequest__Output {
  'slug': (string);
  'version': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'new_version'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'is_published'?: (boolean);
  'private'?: (boolean);
  'min_java'?: (string);
  'min_memory'?: (number);
  'update_mask': (string)[];
  'loader'?: (string);
  'loader_version'?: (string);
  '_new_version'?: "new_version";
  '_minecraft'?: "minecraft";
  '_forge'?: "forge";
  '_is_published'?: "is_published";
  '_private'?: "private";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}
