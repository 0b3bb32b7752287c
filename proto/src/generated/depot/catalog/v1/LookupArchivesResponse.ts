// Original file: depot/catalog/v1/catalog.proto

import type { ArchiveLookup as _depot_catalog_v1_ArchiveLookup, ArchiveLookup__Output as _depot_catalog_v1_ArchiveLookup__Output } from '../../../depot/catalog/v1/ArchiveLookup';

export interface LookupArchivesResponse {
  'files'?: (_depot_catalog_v1_ArchiveLookup)[];
}

export interface LookupArchivesResponse__Output {
  'files': (_depot_catalog_v1_ArchiveLookup__Output)[];
}
