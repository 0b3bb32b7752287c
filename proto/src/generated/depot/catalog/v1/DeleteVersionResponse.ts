// Original file: depot/catalog/v1/catalog.proto


export interface DeleteVersionResponse {
  'mod_id'?: (number);
  'version_id'?: (number);
}

export interface DeleteVersionResponse__Output {
  'mod_id': (number);
  'version_id': (number);
}
