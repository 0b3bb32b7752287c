// Original file: depot/builds/v1/builds.proto


export interface ReserveVersionDeletionRequest {
  'mod_version_id'?: (number);
  'lease_ms'?: (number);
}

export interface ReserveVersionDeletionRequest__Output {
  'mod_version_id': (number);
  'lease_ms': (number);
}
