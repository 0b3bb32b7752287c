// Original file: depot/builds/v1/builds.proto


export interface DeleteModpackResponse {
  'modpack_id'?: (number);
}

export interface DeleteModpackResponse__Output {
  'modpack_id': (number);
}
