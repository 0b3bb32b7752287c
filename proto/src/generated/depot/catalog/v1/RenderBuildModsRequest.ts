// Original file: depot/catalog/v1/catalog.proto


export interface RenderBuildModsRequest {
  'ids'?: (number)[];
  'mirror_url'?: (string);
  'with_details'?: (boolean);
  'with_mods'?: (boolean);
}

export interface RenderBuildModsRequest__Output {
  'ids': (number)[];
  'mirror_url': (string);
  'with_details': (boolean);
  'with_mods': (boolean);
}
