// Original file: depot/catalog/v1/catalog.proto


export interface GetVersionRequest {
  'slug'?: (string);
  'version'?: (string);
}

export interface GetVersionRequest__Output {
  'slug': (string);
  'version': (string);
}
