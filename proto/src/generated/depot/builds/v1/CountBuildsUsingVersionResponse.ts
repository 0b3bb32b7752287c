// Original file: depot/builds/v1/builds.proto


export interface CountBuildsUsingVersionResponse {
  'count'?: (number);
}

export interface CountBuildsUsingVersionResponse__Output {
  'count': (number);
}
