// Original file: depot/builds/v1/builds.proto


export interface ListReleasesRequest {
  'slug'?: (string);
  'with_private'?: (boolean);
  'limit'?: (number);
}

export interface ListReleasesRequest__Output {
  'slug': (string);
  'with_private': (boolean);
  'limit': (number);
}
