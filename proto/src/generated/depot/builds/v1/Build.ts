// Original file: depot/builds/v1/builds.proto


export interface Build {
  'id'?: (number);
  'modpack_id'?: (number);
  'version'?: (string);
  'minecraft'?: (string);
  'forge'?: (string);
  'is_published'?: (boolean);
  'private'?: (boolean);
  'min_java'?: (string);
  'min_memory'?: (number);
  'created_at'?: (string);
  'updated_at'?: (string);
  'loader'?: (string);
  'loader_version'?: (string);
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}

export interface Build__Output {
  'id': (number);
  'modpack_id': (number);
  'version': (string);
  'minecraft': (string);
  'forge'?: (string);
  'is_published': (boolean);
  'private': (boolean);
  'min_java'?: (string);
  'min_memory'?: (number);
  'created_at': (string);
  'updated_at': (string);
  'loader'?: (string);
  'loader_version'?: (string);
  '_forge'?: "forge";
  '_min_java'?: "min_java";
  '_min_memory'?: "min_memory";
  '_loader'?: "loader";
  '_loader_version'?: "loader_version";
}
