// Original file: depot/builds/v1/builds.proto


export interface ModpacksByIdsRequest {
  'ids'?: (number)[];
}

export interface ModpacksByIdsRequest__Output {
  'ids': (number)[];
}
