// Original file: depot/catalog/v1/catalog.proto

import type { VersionSide as _depot_catalog_v1_VersionSide, VersionSide__Output as _depot_catalog_v1_VersionSide__Output } from '../../../depot/catalog/v1/VersionSide';

export interface ExportPackRequest {
  'modpack'?: (string);
  'build'?: (string);
  'minecraft'?: (string);
  'version_ids'?: (number)[];
  'sides'?: (_depot_catalog_v1_VersionSide)[];
  'loader'?: (string);
  'loader_version'?: (string);
  'name'?: (string);
  'base_url'?: (string);
  'format'?: (string);
  'path'?: (string);
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
  '_path'?: "path";
}

export interface ExportPackRequest__Output {
  'modpack': (string);
  'build': (string);
  'minecraft': (string);
  'version_ids': (number)[];
  'sides': (_depot_catalog_v1_VersionSide__Output)[];
  'loader'?: (string);
  'loader_version'?: (string);
  'name': (string);
  'base_url': (string);
  'format': (string);
  'path'?: (string);
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
  '_path'?: "path";
}
