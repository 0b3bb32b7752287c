// Original file: depot/catalog/v1/catalog.proto


export interface GetVersionsByIdsRequest {
  'ids'?: (number)[];
  'with_metadata_side'?: (boolean);
}

export interface GetVersionsByIdsRequest__Output {
  'ids': (number)[];
  'with_metadata_side': (boolean);
}
