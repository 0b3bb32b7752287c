// Original file: depot/catalog/v1/catalog.proto


export interface ArchiveBuild {
  'modpack_slug'?: (string);
  'modpack_name'?: (string);
  'build_version'?: (string);
  'published'?: (boolean);
}

export interface ArchiveBuild__Output {
  'modpack_slug': (string);
  'modpack_name': (string);
  'build_version': (string);
  'published': (boolean);
}
