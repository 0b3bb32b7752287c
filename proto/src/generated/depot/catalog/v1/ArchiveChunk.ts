// Original file: depot/catalog/v1/catalog.proto

import type { ArchiveMetadata as _depot_catalog_v1_ArchiveMetadata, ArchiveMetadata__Output as _depot_catalog_v1_ArchiveMetadata__Output } from '../../../depot/catalog/v1/ArchiveMetadata';

export interface ArchiveChunk {
  'metadata'?: (_depot_catalog_v1_ArchiveMetadata | null);
  'data'?: (Buffer | Uint8Array | string);
  'part'?: "metadata"|"data";
}

export interface ArchiveChunk__Output {
  'metadata'?: (_depot_catalog_v1_ArchiveMetadata__Output | null);
  'data'?: (Buffer);
  'part'?: "metadata"|"data";
}
