// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ModVersion {
  'id'?: (number);
  'mod_id'?: (number);
  'version'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'created_at'?: (string);
  'updated_at'?: (string);
  'url'?: (string);
  'notes'?: (string);
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
}

export interface ModVersion__Output {
  'id': (number);
  'mod_id': (number);
  'version': (string);
  'md5': (string);
  'filesize'?: (number);
  'created_at': (string);
  'updated_at': (string);
  'url'?: (string);
  'notes'?: (string);
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
}
