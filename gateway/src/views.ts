// JSON shapes of the REST API built from proto messages: unset optional fields become null.
import type { catalogV1 } from '@depot/proto';
import { modDownloadUrl } from '@depot/common';

export const nullable = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The full Mod record (writes). */
export function modRecord(m: catalogV1.Mod__Output) {
  return {
    id: m.id,
    name: m.name,
    pretty_name: m.pretty_name,
    author: nullable(m.author),
    description: nullable(m.description),
    link: nullable(m.link),
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

/** The public single-mod view (GET /api/mod/{slug}). */
export function modView(m: catalogV1.Mod__Output) {
  return {
    id: m.id,
    name: m.name,
    pretty_name: m.pretty_name,
    author: nullable(m.author),
    description: nullable(m.description),
    link: nullable(m.link),
    versions: m.versions,
  };
}

/** The full Mod version record (writes). */
export function versionRecord(v: catalogV1.ModVersion__Output) {
  return {
    id: v.id,
    mod_id: v.mod_id,
    version: v.version,
    md5: v.md5,
    filesize: nullable(v.filesize),
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

/** The public single-version view (GET /api/mod/{slug}/{version}). */
export function versionView(v: catalogV1.ModVersion__Output, modName: string, mirror: string) {
  return { id: v.id, md5: v.md5, filesize: nullable(v.filesize), url: modDownloadUrl(mirror, modName, v.version) };
}
