// Original file: depot/catalog/v1/catalog.proto

import type { ModFacts as _depot_catalog_v1_ModFacts, ModFacts__Output as _depot_catalog_v1_ModFacts__Output } from '../../../depot/catalog/v1/ModFacts';

export interface ArchiveFacts {
  'mods'?: (_depot_catalog_v1_ModFacts)[];
}

export interface ArchiveFacts__Output {
  'mods': (_depot_catalog_v1_ModFacts__Output)[];
}
