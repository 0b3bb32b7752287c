// Original file: depot/catalog/v1/catalog.proto

import type { VersionSide as _depot_catalog_v1_VersionSide, VersionSide__Output as _depot_catalog_v1_VersionSide__Output } from '../../../depot/catalog/v1/VersionSide';

export interface RenderBuildModsRequest {
  'ids'?: (number)[];
  'mirror_url'?: (string);
  'with_details'?: (boolean);
  'with_mods'?: (boolean);
  'sides'?: (_depot_catalog_v1_VersionSide)[];
}

export interface RenderBuildModsRequest__Output {
  'ids': (number)[];
  'mirror_url': (string);
  'with_details': (boolean);
  'with_mods': (boolean);
  'sides': (_depot_catalog_v1_VersionSide__Output)[];
}
