// Original file: depot/catalog/v1/catalog.proto

import type { ExtractedArchive as _depot_catalog_v1_ExtractedArchive, ExtractedArchive__Output as _depot_catalog_v1_ExtractedArchive__Output } from '../../../depot/catalog/v1/ExtractedArchive';

export interface ExtractArchiveJarsResponse {
  'archives'?: (_depot_catalog_v1_ExtractedArchive)[];
  'next'?: (string);
  'total'?: (number);
  'done'?: (number);
}

export interface ExtractArchiveJarsResponse__Output {
  'archives': (_depot_catalog_v1_ExtractedArchive__Output)[];
  'next': (string);
  'total': (number);
  'done': (number);
}
