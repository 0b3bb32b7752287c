// Original file: depot/builds/v1/builds.proto


export interface VersionUse {
  'mod_version_id'?: (number);
  'modpack_id'?: (number);
  'modpack_slug'?: (string);
  'modpack_name'?: (string);
  'build_id'?: (number);
  'build_version'?: (string);
  'build_published'?: (boolean);
}

export interface VersionUse__Output {
  'mod_version_id': (number);
  'modpack_id': (number);
  'modpack_slug': (string);
  'modpack_name': (string);
  'build_id': (number);
  'build_version': (string);
  'build_published': (boolean);
}
