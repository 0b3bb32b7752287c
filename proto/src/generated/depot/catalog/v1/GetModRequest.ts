// Original file: depot/catalog/v1/catalog.proto


export interface GetModRequest {
  'slug'?: (string);
}

export interface GetModRequest__Output {
  'slug': (string);
}
