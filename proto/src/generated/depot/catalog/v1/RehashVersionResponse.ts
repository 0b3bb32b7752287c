// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface RehashVersionResponse {
  'url'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'recorded_md5'?: (string);
  'recorded_filesize'?: (number | string | Long);
  'md5_matches'?: (boolean);
  'filesize_matches'?: (boolean);
  'stored'?: (boolean);
  '_recorded_filesize'?: "recorded_filesize";
}

export interface RehashVersionResponse__Output {
  'url': (string);
  'md5': (string);
  'filesize': (number);
  'recorded_md5': (string);
  'recorded_filesize'?: (number);
  'md5_matches': (boolean);
  'filesize_matches': (boolean);
  'stored': (boolean);
  '_recorded_filesize'?: "recorded_filesize";
}
