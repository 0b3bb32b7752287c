// Original file: depot/catalog/v1/catalog.proto


export interface ModSummary {
  'name'?: (string);
  'pretty_name'?: (string);
}

export interface ModSummary__Output {
  'name': (string);
  'pretty_name': (string);
}
