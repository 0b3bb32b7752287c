// Original file: depot/builds/v1/builds.proto


export interface Modpack {
  'id'?: (number);
  'name'?: (string);
  'slug'?: (string);
  'url'?: (string);
  'hidden'?: (boolean);
  'private'?: (boolean);
  'order'?: (number);
  'recommended'?: (string);
  'latest'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'icon_url'?: (string);
  'icon_md5'?: (string);
  'logo_url'?: (string);
  'logo_md5'?: (string);
  'background_url'?: (string);
  'background_md5'?: (string);
  '_url'?: "url";
  '_order'?: "order";
  '_recommended'?: "recommended";
  '_latest'?: "latest";
  '_icon_url'?: "icon_url";
  '_icon_md5'?: "icon_md5";
  '_logo_url'?: "logo_url";
  '_logo_md5'?: "logo_md5";
  '_background_url'?: "background_url";
  '_background_md5'?: "background_md5";
}

export interface Modpack__Output {
  'id': (number);
  'name': (string);
  'slug': (string);
  'url'?: (string);
  'hidden': (boolean);
  'private': (boolean);
  'order'?: (number);
  'recommended'?: (string);
  'latest'?: (string);
  'created_at': (string);
  'updated_at': (string);
  'icon_url'?: (string);
  'icon_md5'?: (string);
  'logo_url'?: (string);
  'logo_md5'?: (string);
  'background_url'?: (string);
  'background_md5'?: (string);
  '_url'?: "url";
  '_order'?: "order";
  '_recommended'?: "recommended";
  '_latest'?: "latest";
  '_icon_url'?: "icon_url";
  '_icon_md5'?: "icon_md5";
  '_logo_url'?: "logo_url";
  '_logo_md5'?: "logo_md5";
  '_background_url'?: "background_url";
  '_background_md5'?: "background_md5";
}
