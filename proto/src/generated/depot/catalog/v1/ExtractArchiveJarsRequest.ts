// Original file: depot/catalog/v1/catalog.proto


export interface ExtractArchiveJarsRequest {
  'after'?: (string);
  'limit'?: (number);
}

export interface ExtractArchiveJarsRequest__Output {
  'after': (string);
  'limit': (number);
}
