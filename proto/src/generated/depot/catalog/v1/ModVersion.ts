// Original file: depot/catalog/v1/catalog.proto

import type { ArchiveFacts as _depot_catalog_v1_ArchiveFacts, ArchiveFacts__Output as _depot_catalog_v1_ArchiveFacts__Output } from '../../../depot/catalog/v1/ArchiveFacts';
import type { Long } from '@grpc/proto-loader';

export interface ModVersion {
  'id'?: (number);
  'mod_id'?: (number);
  'version'?: (string);
  'md5'?: (string);
  'filesize'?: (number | string | Long);
  'created_at'?: (string);
  'updated_at'?: (string);
  'url'?: (string);
  'notes'?: (string);
  'sha1'?: (string);
  'sha256'?: (string);
  'sha512'?: (string);
  'hosted'?: (string);
  'hosted_at'?: (string);
  'metadata'?: (_depot_catalog_v1_ArchiveFacts | null);
  'side'?: (string);
  'metadata_side'?: (string);
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
  '_sha1'?: "sha1";
  '_sha256'?: "sha256";
  '_sha512'?: "sha512";
  '_hosted'?: "hosted";
  '_hosted_at'?: "hosted_at";
  '_metadata'?: "metadata";
  '_side'?: "side";
  '_metadata_side'?: "metadata_side";
}

export interface ModVersion__Output {
  'id': (number);
  'mod_id': (number);
  'version': (string);
  'md5': (string);
  'filesize'?: (number);
  'created_at': (string);
  'updated_at': (string);
  'url'?: (string);
  'notes'?: (string);
  'sha1'?: (string);
  'sha256'?: (string);
  'sha512'?: (string);
  'hosted'?: (string);
  'hosted_at'?: (string);
  'metadata'?: (_depot_catalog_v1_ArchiveFacts__Output | null);
  'side'?: (string);
  'metadata_side'?: (string);
  '_filesize'?: "filesize";
  '_url'?: "url";
  '_notes'?: "notes";
  '_sha1'?: "sha1";
  '_sha256'?: "sha256";
  '_sha512'?: "sha512";
  '_hosted'?: "hosted";
  '_hosted_at'?: "hosted_at";
  '_metadata'?: "metadata";
  '_side'?: "side";
  '_metadata_side'?: "metadata_side";
}
