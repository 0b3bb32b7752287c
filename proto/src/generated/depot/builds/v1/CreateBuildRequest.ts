// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface CreateBuildRequest {
  'slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'version'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'is_published'?: (boolean);
  'private'?: (boolean);
  'min_java'?: (string);
  'min_memory'?: (number);
  'clone_from'?: (string);
  'clone_from_modpack'?: (string);
  '_forge'?: "forge";
  '_is_published'?: "is_published";
  '_private'?: "private";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_clone_from'?: "clone_from";
  '_clone_from_modpack'?: "clone_from_modpack";
}

export interface CreateBuildRequest__Output {
  'slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'version': (string);
  'minecraft': (string);
  'forge'?: (string);
  'is_published'?: (boolean);
  'private'?: (boolean);
  'min_java'?: (string);
  'min_memory'?: (number);
  'clone_from'?: (string);
  'clone_from_modpack'?: (string);
  '_forge'?: "forge";
  '_is_published'?: "is_published";
  '_private'?: "private";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_clone_from'?: "clone_from";
  '_clone_from_modpack'?: "clone_from_modpack";
}
