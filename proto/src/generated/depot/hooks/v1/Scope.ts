// Original file: depot/hooks/v1/hooks.proto


export interface Scope {
  'modpack_id'?: (number);
  'all_modpacks'?: (boolean);
}

export interface Scope__Output {
  'modpack_id': (number);
  'all_modpacks': (boolean);
}
