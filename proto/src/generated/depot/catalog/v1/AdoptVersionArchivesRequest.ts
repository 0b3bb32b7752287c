// Original file: depot/catalog/v1/catalog.proto


export interface AdoptVersionArchivesRequest {
  'after_id'?: (number);
  'limit'?: (number);
  'concurrency'?: (number);
  'upstream_url'?: (string);
  'mods'?: (string)[];
  'include_own_urls'?: (boolean);
  'dry_run'?: (boolean);
}

export interface AdoptVersionArchivesRequest__Output {
  'after_id': (number);
  'limit': (number);
  'concurrency': (number);
  'upstream_url': (string);
  'mods': (string)[];
  'include_own_urls': (boolean);
  'dry_run': (boolean);
}
