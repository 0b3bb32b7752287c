// Original file: depot/catalog/v1/catalog.proto

import type { VersionSide as _depot_catalog_v1_VersionSide, VersionSide__Output as _depot_catalog_v1_VersionSide__Output } from '../../../depot/catalog/v1/VersionSide';

export interface ServerPackRequest {
  'modpack'?: (string);
  'build'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'min_java'?: (string);
  'version_ids'?: (number)[];
  'loader'?: (string);
  'loader_version'?: (string);
  'sides'?: (_depot_catalog_v1_VersionSide)[];
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}

export interface ServerPackRequest__Output {
  'modpack': (string);
  'build': (string);
  'minecraft': (string);
  'forge'?: (string);
  'min_java'?: (string);
  'version_ids': (number)[];
  'loader'?: (string);
  'loader_version'?: (string);
  'sides': (_depot_catalog_v1_VersionSide__Output)[];
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}
