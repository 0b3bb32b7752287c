// Original file: depot/builds/v1/builds.proto


export interface ReleaseAssignment {
  'mod_id'?: (number);
  'mod_version_id'?: (number);
}

export interface ReleaseAssignment__Output {
  'mod_id': (number);
  'mod_version_id': (number);
}
