// Original file: depot/catalog/v1/catalog.proto


export interface ModLoaderRange {
  'name'?: (string);
  'range'?: (string);
  '_range'?: "range";
}

export interface ModLoaderRange__Output {
  'name': (string);
  'range'?: (string);
  '_range'?: "range";
}
