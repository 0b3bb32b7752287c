// Original file: depot/catalog/v1/catalog.proto

import type { ReleaseEntry as _depot_catalog_v1_ReleaseEntry, ReleaseEntry__Output as _depot_catalog_v1_ReleaseEntry__Output } from '../../../depot/catalog/v1/ReleaseEntry';

export interface PrepareReleaseRequest {
  'mods'?: (_depot_catalog_v1_ReleaseEntry)[];
  'remove'?: (string)[];
  'dry_run'?: (boolean);
}

export interface PrepareReleaseRequest__Output {
  'mods': (_depot_catalog_v1_ReleaseEntry__Output)[];
  'remove': (string)[];
  'dry_run': (boolean);
}
