// Original file: depot/catalog/v1/catalog.proto

import type { HeldFile as _depot_catalog_v1_HeldFile, HeldFile__Output as _depot_catalog_v1_HeldFile__Output } from '../../../depot/catalog/v1/HeldFile';

export interface LookupArchivesRequest {
  'files'?: (_depot_catalog_v1_HeldFile)[];
}

export interface LookupArchivesRequest__Output {
  'files': (_depot_catalog_v1_HeldFile__Output)[];
}
