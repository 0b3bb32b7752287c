// Original file: depot/catalog/v1/catalog.proto

import type { ResolvedVersion as _depot_catalog_v1_ResolvedVersion, ResolvedVersion__Output as _depot_catalog_v1_ResolvedVersion__Output } from '../../../depot/catalog/v1/ResolvedVersion';

export interface GetVersionsByIdsResponse {
  'versions'?: (_depot_catalog_v1_ResolvedVersion)[];
}

export interface GetVersionsByIdsResponse__Output {
  'versions': (_depot_catalog_v1_ResolvedVersion__Output)[];
}
