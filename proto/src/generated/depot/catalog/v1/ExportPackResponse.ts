// Original file: depot/catalog/v1/catalog.proto

import type { ExportFile as _depot_catalog_v1_ExportFile, ExportFile__Output as _depot_catalog_v1_ExportFile__Output } from '../../../depot/catalog/v1/ExportFile';
import type { Long } from '@grpc/proto-loader';

export interface ExportPackResponse {
  'sha256'?: (string);
  'md5'?: (string);
  'size'?: (number | string | Long);
  'made_at'?: (string);
  'problems'?: (string)[];
  'file'?: (_depot_catalog_v1_ExportFile | null);
}

export interface ExportPackResponse__Output {
  'sha256': (string);
  'md5': (string);
  'size': (number);
  'made_at': (string);
  'problems': (string)[];
  'file': (_depot_catalog_v1_ExportFile__Output | null);
}
