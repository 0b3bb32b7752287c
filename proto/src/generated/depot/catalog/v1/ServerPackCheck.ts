// Original file: depot/catalog/v1/catalog.proto


export interface ServerPackCheck {
  'build'?: (string);
  'made'?: (boolean);
  'problem'?: (string);
  'hosted'?: (boolean);
  '_problem'?: "problem";
}

export interface ServerPackCheck__Output {
  'build': (string);
  'made': (boolean);
  'problem'?: (string);
  'hosted': (boolean);
  '_problem'?: "problem";
}
