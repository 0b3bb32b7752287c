// Original file: depot/catalog/v1/catalog.proto

import type { ArchiveCheck as _depot_catalog_v1_ArchiveCheck, ArchiveCheck__Output as _depot_catalog_v1_ArchiveCheck__Output } from '../../../depot/catalog/v1/ArchiveCheck';

export interface CheckVersionArchivesResponse {
  'checks'?: (_depot_catalog_v1_ArchiveCheck)[];
  'mirror_url'?: (string);
  'total'?: (number);
  '_total'?: "total";
}

export interface CheckVersionArchivesResponse__Output {
  'checks': (_depot_catalog_v1_ArchiveCheck__Output)[];
  'mirror_url': (string);
  'total'?: (number);
  '_total'?: "total";
}
