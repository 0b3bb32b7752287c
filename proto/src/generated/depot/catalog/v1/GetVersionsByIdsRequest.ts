// Original file: depot/catalog/v1/catalog.proto


export interface GetVersionsByIdsRequest {
  'ids'?: (number)[];
  'with_details'?: (boolean);
  '_with_details'?: "with_details";
}

export interface GetVersionsByIdsRequest__Output {
  'ids': (number)[];
  'with_details'?: (boolean);
  '_with_details'?: "with_details";
}
