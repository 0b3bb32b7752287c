// Original file: depot/catalog/v1/catalog.proto


export interface ListVersionArchivesRequest {
  'after_id'?: (number);
  'limit'?: (number);
}

export interface ListVersionArchivesRequest__Output {
  'after_id': (number);
  'limit': (number);
}
