// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface UpdateVersionRequest {
  'slug'?: (string);
  'version'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'update_mask'?: (string)[];
  'url'?: (string);
  'notes'?: (string);
  'side'?: (string);
  '_md5'?: "md5";
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
  '_side'?: "side";
}

export interface UpdateVersionRequest__Output {
  'slug': (string);
  'version': (string);
  'md5'?: (string);
  'filesize'?: (number);
  'update_mask': (string)[];
  'url'?: (string);
  'notes'?: (string);
  'side'?: (string);
  '_md5'?: "md5";
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
  '_side'?: "side";
}
