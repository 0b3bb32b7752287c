// Original file: depot/catalog/v1/catalog.proto

import type { HeldFile as _depot_catalog_v1_HeldFile, HeldFile__Output as _depot_catalog_v1_HeldFile__Output } from '../../../depot/catalog/v1/HeldFile';

export interface ReleaseEntry {
  'file'?: (_depot_catalog_v1_HeldFile | null);
  'mod'?: (string);
  'version'?: (string);
  '_file'?: "file";
  '_mod'?: "mod";
  '_version'?: "version";
}

export interface ReleaseEntry__Output {
  'file'?: (_depot_catalog_v1_HeldFile__Output | null);
  'mod'?: (string);
  'version'?: (string);
  '_file'?: "file";
  '_mod'?: "mod";
  '_version'?: "version";
}
