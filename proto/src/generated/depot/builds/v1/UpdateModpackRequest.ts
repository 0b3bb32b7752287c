// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface UpdateModpackRequest {
  'slug'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'name'?: (string);
  'new_slug'?: (string);
  'url'?: (string);
  'hidden'?: (boolean);
  'private'?: (boolean);
  'order'?: (number);
  'recommended'?: (string);
  'latest'?: (string);
  'update_mask'?: (string)[];
  '_name'?: "name";
  '_new_slug'?: "new_slug";
  '_url'?: "url";
  '_hidden'?: "hidden";
  '_private'?: "private";
  '_order'?: "order";
  '_recommended'?: "recommended";
  '_latest'?: "latest";
}

export interface UpdateModpackRequest__Output {
  'slug': (string);
  'access': (_depot_builds_v1_Access__Output | null);
  'name'?: (string);
  'new_slug'?: (string);
  'url'?: (string);
  'hidden'?: (boolean);
  'private'?: (boolean);
  'order'?: (number);
  'recommended'?: (string);
  'latest'?: (string);
  'update_mask': (string)[];
  '_name'?: "name";
  '_new_slug'?: "new_slug";
  '_url'?: "url";
  '_hidden'?: "hidden";
  '_private'?: "private";
  '_order'?: "order";
  '_recommended'?: "recommended";
  '_latest'?: "latest";
}
