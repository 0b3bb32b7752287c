// Original file: depot/catalog/v1/catalog.proto


export interface HeldFile {
  'name'?: (string);
  'sha256'?: (string);
}

export interface HeldFile__Output {
  'name': (string);
  'sha256': (string);
}
