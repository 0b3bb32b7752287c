// Original file: depot/catalog/v1/catalog.proto


export interface ExtractedArchive {
  'archive'?: (string);
  'made'?: (boolean);
  'jars'?: (number);
  'problem'?: (string);
}

export interface ExtractedArchive__Output {
  'archive': (string);
  'made': (boolean);
  'jars': (number);
  'problem': (string);
}
