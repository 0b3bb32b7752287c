// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface VersionArchive {
  'id'?: (number);
  'mod'?: (string);
  'version'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'url'?: (string);
  '_filesize'?: "filesize";
}

export interface VersionArchive__Output {
  'id': (number);
  'mod': (string);
  'version': (string);
  'md5': (string);
  'filesize'?: (number);
  'url': (string);
  '_filesize'?: "filesize";
}
