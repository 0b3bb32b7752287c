// Original file: depot/builds/v1/builds.proto


export interface AssignmentSide {
  'mod_version_id'?: (number);
  'side'?: (string);
}

export interface AssignmentSide__Output {
  'mod_version_id': (number);
  'side': (string);
}
