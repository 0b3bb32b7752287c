// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ArchiveCheck {
  'id'?: (number);
  'mod'?: (string);
  'version'?: (string);
  'url'?: (string);
  'recorded_md5'?: (string);
  'recorded_filesize'?: (number | string | Long);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'problem'?: (string);
  'message'?: (string);
  '_recorded_filesize'?: "recorded_filesize";
  '_md5'?: "md5";
  '_filesize'?: "filesize";
  '_problem'?: "problem";
  '_message'?: "message";
}

export interface ArchiveCheck__Output {
  'id': (number);
  'mod': (string);
  'version': (string);
  'url': (string);
  'recorded_md5': (string);
  'recorded_filesize'?: (number);
  'md5'?: (string);
  'filesize'?: (number);
  'problem'?: (string);
  'message'?: (string);
  '_recorded_filesize'?: "recorded_filesize";
  '_md5'?: "md5";
  '_filesize'?: "filesize";
  '_problem'?: "problem";
  '_message'?: "message";
}
