// Original file: depot/catalog/v1/catalog.proto


export interface ModSummary {
  'name'?: (string);
  'pretty_name'?: (string);
  'id'?: (number);
}

export interface ModSummary__Output {
  'name': (string);
  'pretty_name': (string);
  'id': (number);
}
