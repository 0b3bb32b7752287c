// Original file: depot/catalog/v1/catalog.proto

import type { Mod as _depot_catalog_v1_Mod, Mod__Output as _depot_catalog_v1_Mod__Output } from '../../../depot/catalog/v1/Mod';
import type { ModVersion as _depot_catalog_v1_ModVersion, ModVersion__Output as _depot_catalog_v1_ModVersion__Output } from '../../../depot/catalog/v1/ModVersion';

export interface ModWithVersions {
  'mod'?: (_depot_catalog_v1_Mod | null);
  'versions'?: (_depot_catalog_v1_ModVersion)[];
}

export interface ModWithVersions__Output {
  'mod': (_depot_catalog_v1_Mod__Output | null);
  'versions': (_depot_catalog_v1_ModVersion__Output)[];
}
