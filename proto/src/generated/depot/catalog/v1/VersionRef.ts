// Original file: depot/catalog/v1/catalog.proto


export interface VersionRef {
  'mod'?: (string);
  'version'?: (string);
}

export interface VersionRef__Output {
  'mod': (string);
  'version': (string);
}
