// Original file: depot/catalog/v1/catalog.proto

import type { ModVersion as _depot_catalog_v1_ModVersion, ModVersion__Output as _depot_catalog_v1_ModVersion__Output } from '../../../depot/catalog/v1/ModVersion';
import type { ArchiveBuild as _depot_catalog_v1_ArchiveBuild, ArchiveBuild__Output as _depot_catalog_v1_ArchiveBuild__Output } from '../../../depot/catalog/v1/ArchiveBuild';
import type { ArchiveFacts as _depot_catalog_v1_ArchiveFacts, ArchiveFacts__Output as _depot_catalog_v1_ArchiveFacts__Output } from '../../../depot/catalog/v1/ArchiveFacts';
import type { ArchiveLookup as _depot_catalog_v1_ArchiveLookup, ArchiveLookup__Output as _depot_catalog_v1_ArchiveLookup__Output } from '../../../depot/catalog/v1/ArchiveLookup';
import type { Long } from '@grpc/proto-loader';

export interface UploadArchiveResponse {
  'version'?: (_depot_catalog_v1_ModVersion | null);
  'created_version'?: (boolean);
  'changed'?: (boolean);
  'stored'?: (boolean);
  'packaged'?: (boolean);
  'warnings'?: (string)[];
  'created_mod'?: (boolean);
  'builds'?: (_depot_catalog_v1_ArchiveBuild)[];
  'metadata'?: (_depot_catalog_v1_ArchiveFacts | null);
  'md5'?: (string);
  'size'?: (number | string | Long);
  'lookup'?: (_depot_catalog_v1_ArchiveLookup | null);
}

export interface UploadArchiveResponse__Output {
  'version': (_depot_catalog_v1_ModVersion__Output | null);
  'created_version': (boolean);
  'changed': (boolean);
  'stored': (boolean);
  'packaged': (boolean);
  'warnings': (string)[];
  'created_mod': (boolean);
  'builds': (_depot_catalog_v1_ArchiveBuild__Output)[];
  'metadata': (_depot_catalog_v1_ArchiveFacts__Output | null);
  'md5': (string);
  'size': (number);
  'lookup': (_depot_catalog_v1_ArchiveLookup__Output | null);
}
