// Original file: depot/builds/v1/builds.proto


export interface ModpackRef {
  'id'?: (number);
  'slug'?: (string);
}

export interface ModpackRef__Output {
  'id': (number);
  'slug': (string);
}
