// Original file: depot/catalog/v1/catalog.proto

import type { ModVersion as _depot_catalog_v1_ModVersion, ModVersion__Output as _depot_catalog_v1_ModVersion__Output } from '../../../depot/catalog/v1/ModVersion';

export interface VersionWithMod {
  'version'?: (_depot_catalog_v1_ModVersion | null);
  'mod_name'?: (string);
  'mod_pretty_name'?: (string);
}

export interface VersionWithMod__Output {
  'version': (_depot_catalog_v1_ModVersion__Output | null);
  'mod_name': (string);
  'mod_pretty_name': (string);
}
