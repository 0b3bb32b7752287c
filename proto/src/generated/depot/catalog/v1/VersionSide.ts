// Original file: depot/catalog/v1/catalog.proto


export interface VersionSide {
  'id'?: (number);
  'side'?: (string);
}

export interface VersionSide__Output {
  'id': (number);
  'side': (string);
}
