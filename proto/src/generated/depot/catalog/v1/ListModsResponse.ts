// Original file: depot/catalog/v1/catalog.proto

import type { ModSummary as _depot_catalog_v1_ModSummary, ModSummary__Output as _depot_catalog_v1_ModSummary__Output } from '../../../depot/catalog/v1/ModSummary';

export interface ListModsResponse {
  'mods'?: (_depot_catalog_v1_ModSummary)[];
}

export interface ListModsResponse__Output {
  'mods': (_depot_catalog_v1_ModSummary__Output)[];
}
