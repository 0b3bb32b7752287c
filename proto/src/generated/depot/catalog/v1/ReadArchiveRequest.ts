// Original file: depot/catalog/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface ReadArchiveRequest {
  'slug'?: (string);
  'version'?: (string);
  'head_only'?: (boolean);
  'offset'?: (number | string | Long);
  'length'?: (number | string | Long);
  'suffix_length'?: (number | string | Long);
}

export interface ReadArchiveRequest__Output {
  'slug': (string);
  'version': (string);
  'head_only': (boolean);
  'offset': (number);
  'length': (number);
  'suffix_length': (number);
}
