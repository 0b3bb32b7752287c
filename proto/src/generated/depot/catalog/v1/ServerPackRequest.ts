// Original file: depot/catalog/v1/catalog.proto


export interface ServerPackRequest {
  'modpack'?: (string);
  'build'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'min_java'?: (string);
  'version_ids'?: (number)[];
  'loader'?: (string);
  'loader_version'?: (string);
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}

export interface ServerPackRequest__Output {
  'modpack': (string);
  'build': (string);
  'minecraft': (string);
  'forge'?: (string);
  'min_java'?: (string);
  'version_ids': (number)[];
  'loader'?: (string);
  'loader_version'?: (string);
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}
