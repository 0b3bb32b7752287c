// Original file: depot/builds/v1/builds.proto


export interface ListVersionUsesRequest {
  'mod_version_ids'?: (number)[];
}

export interface ListVersionUsesRequest__Output {
  'mod_version_ids': (number)[];
}
