// Original file: depot/catalog/v1/catalog.proto


export interface CreateFetchedVersionRequest {
  'slug'?: (string);
  'version'?: (string);
  'url'?: (string);
  'notes'?: (string);
  '_url'?: "url";
  '_notes'?: "notes";
}

export interface CreateFetchedVersionRequest__Output {
  'slug': (string);
  'version': (string);
  'url'?: (string);
  'notes'?: (string);
  '_url'?: "url";
  '_notes'?: "notes";
}
