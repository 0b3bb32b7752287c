// Original file: depot/catalog/v1/catalog.proto


export interface CheckVersionArchivesRequest {
  'after_id'?: (number);
  'limit'?: (number);
  'concurrency'?: (number);
  'ids'?: (number)[];
}

export interface CheckVersionArchivesRequest__Output {
  'after_id': (number);
  'limit': (number);
  'concurrency': (number);
  'ids': (number)[];
}
