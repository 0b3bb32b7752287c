// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface AdoptedArchive {
  'id'?: (number);
  'mod'?: (string);
  'version'?: (string);
  'outcome'?: (string);
  'url'?: (string);
  'recorded_md5'?: (string);
  'md5'?: (string);
  'size'?: (number | string | Long);
  'detail'?: (string);
  'warnings'?: (string)[];
  '_md5'?: "md5";
  '_size'?: "size";
}

export interface AdoptedArchive__Output {
  'id': (number);
  'mod': (string);
  'version': (string);
  'outcome': (string);
  'url': (string);
  'recorded_md5': (string);
  'md5'?: (string);
  'size'?: (number);
  'detail': (string);
  'warnings': (string)[];
  '_md5'?: "md5";
  '_size'?: "size";
}
