// Original file: depot/catalog/v1/catalog.proto

import type { VersionArchive as _depot_catalog_v1_VersionArchive, VersionArchive__Output as _depot_catalog_v1_VersionArchive__Output } from '../../../depot/catalog/v1/VersionArchive';

export interface ListVersionArchivesResponse {
  'versions'?: (_depot_catalog_v1_VersionArchive)[];
  'mirror_url'?: (string);
  'total'?: (number);
  '_total'?: "total";
}

export interface ListVersionArchivesResponse__Output {
  'versions': (_depot_catalog_v1_VersionArchive__Output)[];
  'mirror_url': (string);
  'total'?: (number);
  '_total'?: "total";
}
