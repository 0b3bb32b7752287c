// Original file: depot/builds/v1/builds.proto


export interface ReserveVersionDeletionResponse {
  'count'?: (number);
  'reservation_id'?: (number);
}

export interface ReserveVersionDeletionResponse__Output {
  'count': (number);
  'reservation_id': (number);
}
