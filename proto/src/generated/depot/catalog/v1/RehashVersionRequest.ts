// Original file: depot/catalog/v1/catalog.proto


export interface RehashVersionRequest {
  'slug'?: (string);
  'version'?: (string);
  'store'?: (boolean);
}

export interface RehashVersionRequest__Output {
  'slug': (string);
  'version': (string);
  'store': (boolean);
}
