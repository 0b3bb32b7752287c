// Original file: depot/catalog/v1/catalog.proto


export interface GetVersionsByIdsRequest {
  'ids'?: (number)[];
}

export interface GetVersionsByIdsRequest__Output {
  'ids': (number)[];
}
