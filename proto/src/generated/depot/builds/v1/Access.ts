// Original file: depot/builds/v1/builds.proto


export interface Access {
  'all'?: (boolean);
  'modpack_ids'?: (number)[];
}

export interface Access__Output {
  'all': (boolean);
  'modpack_ids': (number)[];
}
