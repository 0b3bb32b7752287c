// Original file: depot/catalog/v1/catalog.proto

import type { UploadArchiveHeader as _depot_catalog_v1_UploadArchiveHeader, UploadArchiveHeader__Output as _depot_catalog_v1_UploadArchiveHeader__Output } from '../../../depot/catalog/v1/UploadArchiveHeader';

export interface UploadArchiveChunk {
  'header'?: (_depot_catalog_v1_UploadArchiveHeader | null);
  'data'?: (Buffer | Uint8Array | string);
  'part'?: "header"|"data";
}

export interface UploadArchiveChunk__Output {
  'header'?: (_depot_catalog_v1_UploadArchiveHeader__Output | null);
  'data'?: (Buffer);
  'part'?: "header"|"data";
}
