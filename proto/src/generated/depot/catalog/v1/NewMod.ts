// Original file: depot/catalog/v1/catalog.proto


export interface NewMod {
  'pretty_name'?: (string);
}

export interface NewMod__Output {
  'pretty_name': (string);
}
