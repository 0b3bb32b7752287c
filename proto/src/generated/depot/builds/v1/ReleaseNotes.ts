// Original file: depot/builds/v1/builds.proto


export interface ReleaseNotes {
  'notes'?: (string);
  '_notes'?: "notes";
}

export interface ReleaseNotes__Output {
  'notes'?: (string);
  '_notes'?: "notes";
}
