// Original file: depot/catalog/v1/catalog.proto

import type { AdoptedArchive as _depot_catalog_v1_AdoptedArchive, AdoptedArchive__Output as _depot_catalog_v1_AdoptedArchive__Output } from '../../../depot/catalog/v1/AdoptedArchive';

export interface AdoptVersionArchivesResponse {
  'archives'?: (_depot_catalog_v1_AdoptedArchive)[];
  'next_after_id'?: (number);
  'upstream_url'?: (string);
  'total'?: (number);
  'already_hosted'?: (number);
  'unknown_mods'?: (string)[];
  '_total'?: "total";
  '_already_hosted'?: "already_hosted";
}

export interface AdoptVersionArchivesResponse__Output {
  'archives': (_depot_catalog_v1_AdoptedArchive__Output)[];
  'next_after_id': (number);
  'upstream_url': (string);
  'total'?: (number);
  'already_hosted'?: (number);
  'unknown_mods': (string)[];
  '_total'?: "total";
  '_already_hosted'?: "already_hosted";
}
