// Original file: depot/builds/v1/builds.proto


export interface ReleaseVersionDeletionRequest {
  'reservation_id'?: (number);
}

export interface ReleaseVersionDeletionRequest__Output {
  'reservation_id': (number);
}
