// Original file: depot/builds/v1/builds.proto

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from '../../../depot/builds/v1/Access';

export interface GetBuildChangesRequest {
  'slug'?: (string);
  'version'?: (string);
  'from'?: (string);
  'access'?: (_depot_builds_v1_Access | null);
  'with_private'?: (boolean);
  '_from'?: "from";
  '_access'?: "access";
}

export interface GetBuildChangesRequest__Output {
  'slug': (string);
  'version': (string);
  'from'?: (string);
  'access'?: (_depot_builds_v1_Access__Output | null);
  'with_private': (boolean);
  '_from'?: "from";
  '_access'?: "access";
}
