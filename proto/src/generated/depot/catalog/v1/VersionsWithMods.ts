// Original file: depot/catalog/v1/catalog.proto

import type { VersionWithMod as _depot_catalog_v1_VersionWithMod, VersionWithMod__Output as _depot_catalog_v1_VersionWithMod__Output } from '../../../depot/catalog/v1/VersionWithMod';

export interface VersionsWithMods {
  'versions'?: (_depot_catalog_v1_VersionWithMod)[];
}

export interface VersionsWithMods__Output {
  'versions': (_depot_catalog_v1_VersionWithMod__Output)[];
}
