// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ResolvedVersion {
  'id'?: (number);
  'mod_id'?: (number);
  'mod_name'?: (string);
  'pretty_name'?: (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'version'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_filesize'?: "filesize";
}

export interface ResolvedVersion__Output {
  'id': (number);
  'mod_id': (number);
  'mod_name': (string);
  'pretty_name': (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'version': (string);
  'md5': (string);
  'filesize'?: (number);
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_filesize'?: "filesize";
}
