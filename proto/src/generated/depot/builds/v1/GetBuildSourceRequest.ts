// Original file: depot/builds/v1/builds.proto


export interface GetBuildSourceRequest {
  'slug'?: (string);
  'version'?: (string);
}

export interface GetBuildSourceRequest__Output {
  'slug': (string);
  'version': (string);
}
