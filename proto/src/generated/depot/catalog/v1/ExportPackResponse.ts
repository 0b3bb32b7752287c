// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ExportPackResponse {
  'sha256'?: (string);
  'md5'?: (string);
  'size'?: (number | string | Long);
  'made_at'?: (string);
  'problems'?: (string)[];
}

export interface ExportPackResponse__Output {
  'sha256': (string);
  'md5': (string);
  'size': (number);
  'made_at': (string);
  'problems': (string)[];
}
