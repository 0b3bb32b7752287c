// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface Jar {
  'sha256'?: (string);
  'sha1'?: (string);
  'sha512'?: (string);
  'md5'?: (string);
  'size'?: (number | string | Long);
  'made_at'?: (string);
  'path'?: (string);
}

export interface Jar__Output {
  'sha256': (string);
  'sha1': (string);
  'sha512': (string);
  'md5': (string);
  'size': (number);
  'made_at': (string);
  'path': (string);
}
