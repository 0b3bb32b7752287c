// The mod and version routes' JSON bodies, built from proto messages (docs/api.md#mods).
import type { catalogV1 } from '@depot/proto';
import { modDownloadUrls, versionArchiveUrl } from '@depot/common';
import { notesFor, nullable } from '../views';
import type * as res from './schemas';

/** The fields every body showing a mod has (modFields in schemas.ts), in the same order. */
const modFields = (m: catalogV1.Mod__Output, showPrivate: boolean) => ({
  id: m.id,
  name: m.name,
  pretty_name: m.pretty_name,
  author: nullable(m.author),
  description: nullable(m.description),
  link: nullable(m.link),
  ...notesFor(m.notes, showPrivate),
});

/** The full Mod record (writes). */
export function modRecord(m: catalogV1.Mod__Output, showPrivate: boolean): res.ModRecord {
  return { ...modFields(m, showPrivate), created_at: m.created_at, updated_at: m.updated_at };
}

/** The public single-mod view (GET /api/mod/{slug}); notes where Solder puts them. */
export function modView(m: catalogV1.Mod__Output, showPrivate = false): res.ModView {
  return { ...modFields(m, showPrivate), versions: m.versions };
}

/** GET /api/mod: name → pretty name, id order. */
export function modListView(mods: catalogV1.ModSummary__Output[]): res.ModList {
  return { mods: Object.fromEntries(mods.map((m) => [m.name, m.pretty_name])) };
}

/** The full Mod version record (writes); its own url only when it has one. */
export function versionRecord(v: catalogV1.ModVersion__Output, showPrivate: boolean): res.VersionRecord {
  return {
    id: v.id,
    mod_id: v.mod_id,
    version: v.version,
    md5: v.md5,
    filesize: nullable(v.filesize),
    ...(v.url !== undefined ? { url: v.url } : {}),
    ...notesFor(v.notes, showPrivate),
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

/** The public single-version view (GET /api/mod/{slug}/{version}). */
export function versionView(
  v: catalogV1.ModVersion__Output,
  modName: string,
  mirror: string,
  showPrivate = false,
): res.VersionView {
  return {
    id: v.id,
    md5: v.md5,
    filesize: nullable(v.filesize),
    url: versionArchiveUrl(modDownloadUrls(mirror), modName, v),
    ...notesFor(v.notes, showPrivate),
  };
}

/** POST /api/mod/{slug}/{version}/rehash. */
export function versionRehash(r: catalogV1.RehashVersionResponse__Output): res.VersionRehash {
  return {
    url: r.url,
    md5: r.md5,
    filesize: r.filesize,
    recorded_md5: r.recorded_md5,
    recorded_filesize: nullable(r.recorded_filesize),
    md5_matches: r.md5_matches,
    filesize_matches: r.filesize_matches,
    stored: r.stored,
  };
}
