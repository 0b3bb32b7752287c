// Original file: depot/builds/v1/builds.proto


export interface CreateModpackRequest {
  'name'?: (string);
  'slug'?: (string);
  'url'?: (string);
  'hidden'?: (boolean);
  'private'?: (boolean);
  'order'?: (number);
  '_url'?: "url";
  '_hidden'?: "hidden";
  '_private'?: "private";
  '_order'?: "order";
}

export interface CreateModpackRequest__Output {
  'name': (string);
  'slug': (string);
  'url'?: (string);
  'hidden'?: (boolean);
  'private'?: (boolean);
  'order'?: (number);
  '_url'?: "url";
  '_hidden'?: "hidden";
  '_private'?: "private";
  '_order'?: "order";
}
