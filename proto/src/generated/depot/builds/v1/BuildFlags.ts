// Original file: depot/builds/v1/builds.proto


export interface BuildFlags {
  'version'?: (string);
  'is_published'?: (boolean);
  'private'?: (boolean);
}

export interface BuildFlags__Output {
  'version': (string);
  'is_published': (boolean);
  'private': (boolean);
}
