// Original file: depot/auth/v1/auth.proto


export interface ReadAccess {
  'all'?: (boolean);
  'modpack_ids'?: (number)[];
}

export interface ReadAccess__Output {
  'all': (boolean);
  'modpack_ids': (number)[];
}
