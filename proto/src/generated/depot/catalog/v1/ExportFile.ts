// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ExportFile {
  'offset'?: (number | string | Long);
  'size'?: (number | string | Long);
  'sha256'?: (string);
  'md5'?: (string);
}

export interface ExportFile__Output {
  'offset': (number);
  'size': (number);
  'sha256': (string);
  'md5': (string);
}
