// Original file: depot/catalog/v1/catalog.proto


export interface DeleteModResponse {
  'mod_id'?: (number);
  'version_ids'?: (number)[];
}

export interface DeleteModResponse__Output {
  'mod_id': (number);
  'version_ids': (number)[];
}
