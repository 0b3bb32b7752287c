// Original file: depot/builds/v1/builds.proto


export interface GetModpackSourceRequest {
  'slug'?: (string);
}

export interface GetModpackSourceRequest__Output {
  'slug': (string);
}
