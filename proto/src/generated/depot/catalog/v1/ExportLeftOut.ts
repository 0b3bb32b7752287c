// Original file: depot/catalog/v1/catalog.proto


export interface ExportLeftOut {
  'cause'?: (string);
  'mod'?: (string);
  'version'?: (string);
  'paths'?: (string)[];
}

export interface ExportLeftOut__Output {
  'cause': (string);
  'mod': (string);
  'version': (string);
  'paths': (string)[];
}
