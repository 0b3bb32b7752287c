// Original file: depot/builds/v1/builds.proto


export interface ReleaseChange {
  'mod_id'?: (number);
  'from_version_id'?: (number);
  'to_version_id'?: (number);
  'removed'?: (boolean);
}

export interface ReleaseChange__Output {
  'mod_id': (number);
  'from_version_id': (number);
  'to_version_id': (number);
  'removed': (boolean);
}
