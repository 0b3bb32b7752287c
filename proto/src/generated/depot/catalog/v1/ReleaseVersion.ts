// Original file: depot/catalog/v1/catalog.proto


export interface ReleaseVersion {
  'mod_id'?: (number);
  'mod'?: (string);
  'version_id'?: (number);
  'version'?: (string);
  'created'?: (boolean);
}

export interface ReleaseVersion__Output {
  'mod_id': (number);
  'mod': (string);
  'version_id': (number);
  'version': (string);
  'created': (boolean);
}
