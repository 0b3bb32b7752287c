// Original file: depot/builds/v1/builds.proto


export interface CountBuildsUsingVersionRequest {
  'mod_version_id'?: (number);
}

export interface CountBuildsUsingVersionRequest__Output {
  'mod_version_id': (number);
}
