// Original file: depot/catalog/v1/catalog.proto


export interface RenderBuildModsResponse {
  'mods_json'?: (Buffer | Uint8Array | string);
  'mod_ids'?: (number)[];
  'mod_names'?: (string)[];
}

export interface RenderBuildModsResponse__Output {
  'mods_json': (Buffer);
  'mod_ids': (number)[];
  'mod_names': (string)[];
}
