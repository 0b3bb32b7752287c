// JSON bodies of the REST API built from proto messages, each typed by its response schema
// (response-schemas.ts): unset optional fields become null. Modpacks and builds: modpack-views.ts.
import type { authV1, catalogV1 } from '@depot/proto';
import { modDownloadUrls, versionArchiveUrl } from '@depot/common';
// Keys and tokens: the same JSON as the admin CLI's.
export { keyCreated, keyList, tokenIssued, tokenList } from '@depot/common';
import type * as res from './response-schemas';

export const nullable = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/**
 * `{notes}` when the caller may see private fields and there are notes, else nothing: without
 * notes every body is exactly what it was before notes existed (docs/api.md#private-notes).
 */
const notesFor = (notes: string | undefined, showPrivate: boolean) =>
  showPrivate && notes !== undefined ? { notes } : {};

/** The full Mod record (writes). */
export function modRecord(m: catalogV1.Mod__Output, showPrivate: boolean): res.ModRecord {
  return {
    id: m.id,
    name: m.name,
    pretty_name: m.pretty_name,
    author: nullable(m.author),
    description: nullable(m.description),
    link: nullable(m.link),
    ...notesFor(m.notes, showPrivate),
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

/** The public single-mod view (GET /api/mod/{slug}); notes where Solder puts them. */
export function modView(m: catalogV1.Mod__Output, showPrivate = false): res.ModView {
  return {
    id: m.id,
    name: m.name,
    pretty_name: m.pretty_name,
    author: nullable(m.author),
    description: nullable(m.description),
    link: nullable(m.link),
    ...notesFor(m.notes, showPrivate),
    versions: m.versions,
  };
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

/** GET /api/verify/{key}: the key is valid. */
export function keyVerified(k: authV1.VerifyKeyResponse__Output): res.KeyVerified {
  return { valid: 'Key validated.', name: k.name, created_at: k.created_at };
}

export function clientRecord(c: authV1.Client__Output): res.Client {
  return {
    id: c.id,
    name: c.name,
    uuid: c.uuid,
    modpacks: c.modpack_ids,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** A user with its modpack access as slugs (`slugs`: id → slug; ids gone meanwhile are left out). */
export function userView(u: authV1.User__Output, slugs: ReadonlyMap<number, string>): res.User {
  return {
    username: u.username,
    permissions: u.permissions,
    modpacks: u.modpack_ids.flatMap((id) => slugs.get(id) ?? []),
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

/** A user with its e-mail address, in the same order of fields (`?include=email`). */
export function userWithEmailView(u: authV1.User__Output, slugs: ReadonlyMap<number, string>): res.UserWithEmail {
  const { username, ...rest } = userView(u, slugs);
  return { username, email: nullable(u.email), ...rest };
}

/**
 * A user with the details `?include=` asked for, in the order of the record: `email` after
 * `username`, then `two_factor`.
 */
export function userWithDetailsView(
  u: authV1.User__Output,
  slugs: ReadonlyMap<number, string>,
  details: { email: boolean; twoFactor: boolean },
): res.User | res.UserWithEmail | res.UserWithEmailAndTwoFactor {
  const { username, ...rest } = userView(u, slugs);
  return {
    username,
    ...(details.email ? { email: nullable(u.email) } : {}),
    ...(details.twoFactor ? { two_factor: u.two_factor ?? false } : {}),
    ...rest,
  } as res.UserWithEmailAndTwoFactor;
}

/** The signed-in user's own account. */
export function accountView(u: authV1.User__Output, slugs: ReadonlyMap<number, string>): res.Account {
  const { created_at, updated_at, ...rest } = userWithEmailView(u, slugs);
  return { ...rest, has_password: u.has_password, created_at, updated_at };
}
