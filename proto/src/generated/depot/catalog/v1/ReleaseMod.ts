// Original file: depot/catalog/v1/catalog.proto


export interface ReleaseMod {
  'mod_id'?: (number);
  'mod'?: (string);
}

export interface ReleaseMod__Output {
  'mod_id': (number);
  'mod': (string);
}
