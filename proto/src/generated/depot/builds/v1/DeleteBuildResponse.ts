// Original file: depot/builds/v1/builds.proto


export interface DeleteBuildResponse {
  'build_id'?: (number);
}

export interface DeleteBuildResponse__Output {
  'build_id': (number);
}
