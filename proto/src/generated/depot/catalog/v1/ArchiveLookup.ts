// Original file: depot/catalog/v1/catalog.proto

import type { VersionRef as _depot_catalog_v1_VersionRef, VersionRef__Output as _depot_catalog_v1_VersionRef__Output } from '../../../depot/catalog/v1/VersionRef';
import type { ArchiveFacts as _depot_catalog_v1_ArchiveFacts, ArchiveFacts__Output as _depot_catalog_v1_ArchiveFacts__Output } from '../../../depot/catalog/v1/ArchiveFacts';

export interface ArchiveLookup {
  'name'?: (string);
  'sha256'?: (string);
  'held'?: (boolean);
  'versions'?: (_depot_catalog_v1_VersionRef)[];
  'metadata'?: (_depot_catalog_v1_ArchiveFacts | null);
  'mod'?: (string);
  '_metadata'?: "metadata";
  '_mod'?: "mod";
}

export interface ArchiveLookup__Output {
  'name': (string);
  'sha256': (string);
  'held': (boolean);
  'versions': (_depot_catalog_v1_VersionRef__Output)[];
  'metadata'?: (_depot_catalog_v1_ArchiveFacts__Output | null);
  'mod'?: (string);
  '_metadata'?: "metadata";
  '_mod'?: "mod";
}
