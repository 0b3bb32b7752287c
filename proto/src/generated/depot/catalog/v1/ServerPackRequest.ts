// Original file: depot/catalog/v1/catalog.proto


export interface ServerPackRequest {
  'modpack'?: (string);
  'build'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'min_java'?: (string);
  'version_ids'?: (number)[];
  '_forge'?: "forge";
  '_min_java'?: "min_java";
}

export interface ServerPackRequest__Output {
  'modpack': (string);
  'build': (string);
  'minecraft': (string);
  'forge'?: (string);
  'min_java'?: (string);
  'version_ids': (number)[];
  '_forge'?: "forge";
  '_min_java'?: "min_java";
}
