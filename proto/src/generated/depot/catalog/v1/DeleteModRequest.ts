// Original file: depot/catalog/v1/catalog.proto


export interface DeleteModRequest {
  'slug'?: (string);
}

export interface DeleteModRequest__Output {
  'slug': (string);
}
