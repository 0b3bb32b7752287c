// Original file: depot/catalog/v1/catalog.proto


export interface UpdateModRequest {
  'slug'?: (string);
  'name'?: (string);
  'pretty_name'?: (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'update_mask'?: (string)[];
  'notes'?: (string);
  '_name'?: "name";
  '_pretty_name'?: "pretty_name";
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_notes'?: "notes";
}

export interface UpdateModRequest__Output {
  'slug': (string);
  'name'?: (string);
  'pretty_name'?: (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'update_mask': (string)[];
  'notes'?: (string);
  '_name'?: "name";
  '_pretty_name'?: "pretty_name";
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_notes'?: "notes";
}
