// Original file: depot/builds/v1/builds.proto


export interface CheckTargetResponse {
  'modpack_id'?: (number);
  'build_id'?: (number);
}

export interface CheckTargetResponse__Output {
  'modpack_id': (number);
  'build_id': (number);
}
