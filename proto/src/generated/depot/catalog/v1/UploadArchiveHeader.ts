// Original file: depot/catalog/v1/catalog.proto

import type { NewMod as _depot_catalog_v1_NewMod, NewMod__Output as _depot_catalog_v1_NewMod__Output } from '../../../depot/catalog/v1/NewMod';
import type { Long } from '@grpc/proto-loader';

export interface UploadArchiveHeader {
  'slug'?: (string);
  'version'?: (string);
  'create_version'?: (boolean);
  'replace'?: (boolean);
  'file_name'?: (string);
  'size'?: (number | string | Long);
  'notes'?: (string);
  'replace_in_builds'?: (boolean);
  'new_mod'?: (_depot_catalog_v1_NewMod | null);
  'version_from_archive'?: (boolean);
  'inspect'?: (boolean);
  'hold'?: (boolean);
  '_size'?: "size";
  '_notes'?: "notes";
  '_new_mod'?: "new_mod";
}

export interface UploadArchiveHeader__Output {
  'slug': (string);
  'version': (string);
  'create_version': (boolean);
  'replace': (boolean);
  'file_name': (string);
  'size'?: (number);
  'notes'?: (string);
  'replace_in_builds': (boolean);
  'new_mod'?: (_depot_catalog_v1_NewMod__Output | null);
  'version_from_archive': (boolean);
  'inspect': (boolean);
  'hold': (boolean);
  '_size'?: "size";
  '_notes'?: "notes";
  '_new_mod'?: "new_mod";
}
