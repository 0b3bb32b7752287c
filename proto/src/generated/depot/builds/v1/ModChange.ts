// Original file: depot/builds/v1/builds.proto


export interface ModChange {
  'mod_id'?: (number);
  'from_version_id'?: (number);
  'to_version_id'?: (number);
  'from_side'?: (string);
  'to_side'?: (string);
  '_from_side'?: "from_side";
  '_to_side'?: "to_side";
}

export interface ModChange__Output {
  'mod_id': (number);
  'from_version_id': (number);
  'to_version_id': (number);
  'from_side'?: (string);
  'to_side'?: (string);
  '_from_side'?: "from_side";
  '_to_side'?: "to_side";
}
