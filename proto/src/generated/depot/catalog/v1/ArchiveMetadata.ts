// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ArchiveMetadata {
  'size'?: (number | string | Long);
  'md5'?: (string);
  'sha256'?: (string);
  'last_modified'?: (string);
  'start'?: (number | string | Long);
  'end'?: (number | string | Long);
  'satisfiable'?: (boolean);
}

export interface ArchiveMetadata__Output {
  'size': (number);
  'md5': (string);
  'sha256': (string);
  'last_modified': (string);
  'start': (number);
  'end': (number);
  'satisfiable': (boolean);
}
