// Original file: depot/builds/v1/builds.proto


export interface ModpacksBySlugsRequest {
  'slugs'?: (string)[];
}

export interface ModpacksBySlugsRequest__Output {
  'slugs': (string)[];
}
