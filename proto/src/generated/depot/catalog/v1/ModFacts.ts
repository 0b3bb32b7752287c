// Original file: depot/catalog/v1/catalog.proto

import type { ModLoaderRange as _depot_catalog_v1_ModLoaderRange, ModLoaderRange__Output as _depot_catalog_v1_ModLoaderRange__Output } from '../../../depot/catalog/v1/ModLoaderRange';

export interface ModFacts {
  'format'?: (string);
  'file'?: (string);
  'id'?: (string);
  'name'?: (string);
  'version'?: (string);
  'authors'?: (string)[];
  'description'?: (string);
  'url'?: (string);
  'minecraft'?: (string);
  'loader'?: (_depot_catalog_v1_ModLoaderRange | null);
  'side'?: (string);
  '_file'?: "file";
  '_name'?: "name";
  '_version'?: "version";
  '_description'?: "description";
  '_url'?: "url";
  '_minecraft'?: "minecraft";
  '_loader'?: "loader";
  '_side'?: "side";
}

export interface ModFacts__Output {
  'format': (string);
  'file'?: (string);
  'id': (string);
  'name'?: (string);
  'version'?: (string);
  'authors': (string)[];
  'description'?: (string);
  'url'?: (string);
  'minecraft'?: (string);
  'loader'?: (_depot_catalog_v1_ModLoaderRange__Output | null);
  'side'?: (string);
  '_file'?: "file";
  '_name'?: "name";
  '_version'?: "version";
  '_description'?: "description";
  '_url'?: "url";
  '_minecraft'?: "minecraft";
  '_loader'?: "loader";
  '_side'?: "side";
}
