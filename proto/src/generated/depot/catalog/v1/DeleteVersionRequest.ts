// Original file: depot/catalog/v1/catalog.proto


export interface DeleteVersionRequest {
  'slug'?: (string);
  'version'?: (string);
}

export interface DeleteVersionRequest__Output {
  'slug': (string);
  'version': (string);
}
