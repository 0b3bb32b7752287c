// Original file: depot/catalog/v1/catalog.proto


export interface Mod {
  'id'?: (number);
  'name'?: (string);
  'pretty_name'?: (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'versions'?: (string)[];
  'notes'?: (string);
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_notes'?: "notes";
}

export interface Mod__Output {
  'id': (number);
  'name': (string);
  'pretty_name': (string);
  'author'?: (string);
  'description'?: (string);
  'link'?: (string);
  'created_at': (string);
  'updated_at': (string);
  'versions': (string)[];
  'notes'?: (string);
  '_author'?: "author";
  '_description'?: "description";
  '_link'?: "link";
  '_notes'?: "notes";
}
