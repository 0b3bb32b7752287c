// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface CreateVersionRequest {
  'slug'?: (string);
  'version'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'url'?: (string);
  'notes'?: (string);
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
}

export interface CreateVersionRequest__Output {
  'slug': (string);
  'version': (string);
  'md5': (string);
  'filesize'?: (number);
  'url'?: (string);
  'notes'?: (string);
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
}
