// Original file: depot/catalog/v1/catalog.proto

import type { ModVersion as _depot_catalog_v1_ModVersion, ModVersion__Output as _depot_catalog_v1_ModVersion__Output } from '../../../depot/catalog/v1/ModVersion';

export interface UploadArchiveResponse {
  'version'?: (_depot_catalog_v1_ModVersion | null);
  'created_version'?: (boolean);
  'changed'?: (boolean);
  'stored'?: (boolean);
  'packaged'?: (boolean);
  'warnings'?: (string)[];
}

export interface UploadArchiveResponse__Output {
  'version': (_depot_catalog_v1_ModVersion__Output | null);
  'created_version': (boolean);
  'changed': (boolean);
  'stored': (boolean);
  'packaged': (boolean);
  'warnings': (string)[];
}
