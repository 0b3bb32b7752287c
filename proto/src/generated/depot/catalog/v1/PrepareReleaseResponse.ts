// Original file: depot/catalog/v1/catalog.proto

import type { ReleaseVersion as _depot_catalog_v1_ReleaseVersion, ReleaseVersion__Output as _depot_catalog_v1_ReleaseVersion__Output } from '../../../depot/catalog/v1/ReleaseVersion';
import type { ReleaseMod as _depot_catalog_v1_ReleaseMod, ReleaseMod__Output as _depot_catalog_v1_ReleaseMod__Output } from '../../../depot/catalog/v1/ReleaseMod';

export interface PrepareReleaseResponse {
  'mods'?: (_depot_catalog_v1_ReleaseVersion)[];
  'remove'?: (_depot_catalog_v1_ReleaseMod)[];
}

export interface PrepareReleaseResponse__Output {
  'mods': (_depot_catalog_v1_ReleaseVersion__Output)[];
  'remove': (_depot_catalog_v1_ReleaseMod__Output)[];
}
