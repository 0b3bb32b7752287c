// Original file: depot/catalog/v1/catalog.proto


export interface CreateModRequest {
  'name'?: (string);
  'pretty_name'?: (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'notes'?: (string);
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_notes'?: "notes";
}

export interface CreateModRequest__Output {
  'name': (string);
  'pretty_name': (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'notes'?: (string);
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_notes'?: "notes";
}
