// The catalog's hot reads (a mod, a version, a build's versions) as single prepared statements,
// exported so that the benchmark's EXPLAIN check (test/bench/explain.ts) looks at the very
// statements the service runs. Served by mods_name_exact, mod_versions_mod_id_version_unique and
// the primary keys.
import { propertiesOf, selectProperties, statement, type MissingRow, type RawRow } from '@depot/common/runtime';
import { ModSchema, type Mod } from './entities/mod';
import { ModVersionSchema, type ModVersion } from './entities/mod-version';

/** A version joined with its mod's public fields (for build responses). */
export interface ResolvedVersionRow {
  id: number;
  mod_id: number;
  mod_name: string;
  /** The details: absent when not asked for. */
  pretty_name?: string;
  author?: string | null;
  description?: string | null;
  link?: string | null;
  version: string;
  md5: string;
  filesize: string | number | null;
  /** The version's own download URL, if it has one. */
  url: string | null;
  /** It runs on the server only: the launcher's build answer leaves it out. */
  server_only: boolean | null;
}

/** A mod by exact name with its version strings in creation order. Parameter: slug. */
export const GET_MOD_SQL = `select ${selectProperties(ModSchema, 'm')},
       array(select v.version from mod_versions v where v.mod_id = m.id order by v.id) as versions
  from mods m where m.name = ?`;

/**
 * The mod (one row, or none) and its version with exactly that string (null columns if none), its
 * metadata left out (management views only). Parameters: version, slug.
 */
export const GET_VERSION_SQL = `select ${selectProperties(ModVersionSchema, 'v', propertiesOf(ModVersionSchema, ['metadata', 'sourceSha256', 'sourceName', 'side']))}
  from mods m left join mod_versions v on v.mod_id = m.id and v.version = ?
 where m.name = ?`;

/**
 * Versions with their mods' public fields by ids. Parameter: ids (an array). Each
 * version and its mod are fetched through their primary keys, one probe per id (LATERAL subqueries
 * with LIMIT are not flattened into joins): with plain joins the planner prefers scanning
 * mod_versions with a 150-element `= ANY` filter and hash-joining a full scan of mods, 1 ms at
 * 2,000 mods and 9 ms at 20,000, where the probes take a fraction of a millisecond at any size.
 * The lean form's probes are index-only scans (covering indexes, migration 20261203); a version's
 * own url is probed in a partial index of the versions that have one (migration 20261215), and
 * whether it runs on the server only in one of those versions (migration 20261230), so the versions
 * without either (nearly all) still cost no table read.
 */
export const GET_VERSIONS_BY_IDS_SQL = versionsByIdsSql(true);
/** The same without the mods' details (a build read without include=mods). */
export const GET_VERSIONS_BY_IDS_LEAN_SQL = versionsByIdsSql(false);

export const GET_MOD = statement('catalog_get_mod', GET_MOD_SQL);
export const GET_VERSION = statement('catalog_get_version', GET_VERSION_SQL);
export const GET_VERSIONS_BY_IDS = statement('catalog_versions_by_ids', GET_VERSIONS_BY_IDS_SQL);
export const GET_VERSIONS_BY_IDS_LEAN = statement('catalog_versions_by_ids_lean', GET_VERSIONS_BY_IDS_LEAN_SQL);

function versionsByIdsSql(details: boolean): string {
  const modColumns = details ? 'name, pretty_name, author, description, link' : 'name';
  const selected = details
    ? 'm.name as mod_name, m.pretty_name, m.author, m.description, m.link'
    : 'm.name as mod_name';
  return `select v.id, v.mod_id, ${selected}, v.version, v.md5, v.filesize, u.url, s.server_only
  from (select distinct unnest(?::int[]) as id) ids
  cross join lateral (select id, mod_id, version, md5, filesize from mod_versions where mod_versions.id = ids.id limit 1) v
  cross join lateral (select ${modColumns} from mods where mods.id = v.mod_id limit 1) m
  left join lateral (select url from mod_versions where mod_versions.id = v.id and url is not null limit 1) u on true
  left join lateral (select true as server_only from mod_versions
                      where mod_versions.id = v.id and side = 'server' limit 1) s on true`;
}

export type ModRow = RawRow<Mod> & { versions: string[] };

/** The version's columns are null when the mod has no such version; a bigint comes as text. */
export type VersionRow = (Omit<RawRow<ModVersion>, 'filesize'> & { filesize: string | null }) | MissingRow<ModVersion>;
