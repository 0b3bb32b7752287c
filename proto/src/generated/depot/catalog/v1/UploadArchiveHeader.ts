// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface UploadArchiveHeader {
  'slug'?: (string);
  'version'?: (string);
  'create_version'?: (boolean);
  'replace'?: (boolean);
  'file_name'?: (string);
  'size'?: (number | string | Long);
  'notes'?: (string);
  '_size'?: "size";
  '_notes'?: "notes";
}

export interface UploadArchiveHeader__Output {
  'slug': (string);
  'version': (string);
  'create_version': (boolean);
  'replace': (boolean);
  'file_name': (string);
  'size'?: (number);
  'notes'?: (string);
  '_size'?: "size";
  '_notes'?: "notes";
}
