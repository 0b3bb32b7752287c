// The launcher reads as single SQL statements (one query per request whatever the number of builds
// or mods), each served by an index: modpacks_slug_exact, builds_modpack_id_version_unique and
// build_mods_build_id_mod_id_unique. Exported so that the benchmark's EXPLAIN check
// (test/bench/explain.ts) looks at the very statements the service runs.
import { statement } from '@depot/common';
import type { Build } from './entities/build';
import type { Modpack } from './entities/modpack';

const MODPACK_COLUMNS = `m.id, m.name, m.slug, m.url, m.hidden, m.private, m."order", m.recommended, m.latest,
       m.icon_url, m.icon_md5, m.logo_url, m.logo_md5, m.background_url, m.background_md5,
       m.created_at, m.updated_at`;

/** Every build of the modpack as [version, is_published, private], creation order. */
const BUILD_FLAGS = `coalesce((select json_agg(json_build_array(b.version, b.is_published, b.private) order by b.id)
                   from builds b where b.modpack_id = m.id), '[]') as builds`;

/** Every modpack with its builds' flags, id order. */
export const LIST_MODPACKS_SQL = `select ${MODPACK_COLUMNS}, ${BUILD_FLAGS}
  from modpacks m order by m.id`;

/** Every modpack, id order, without builds. */
export const LIST_MODPACKS_BARE_SQL = `select ${MODPACK_COLUMNS}, '[]'::json as builds
  from modpacks m order by m.id`;

/** One modpack by exact slug with its builds' flags. Parameter: slug. */
export const GET_MODPACK_SQL = `select ${MODPACK_COLUMNS}, ${BUILD_FLAGS}
  from modpacks m where m.slug = ?`;

/**
 * A modpack's id and private flag, the build with exactly that version (columns null when there is
 * none) and its mod version ids in assignment order. Parameters: version, slug.
 */
export const GET_BUILD_SQL = `select m.id as modpack_id, m.private as modpack_private,
       b.id, b.version, b.minecraft, b.forge, b.is_published, b.private, b.min_java, b.min_memory,
       b.created_at, b.updated_at,
       array(select bm.mod_version_id from build_mods bm where bm.build_id = b.id order by bm.id) as mod_version_ids
  from modpacks m left join builds b on b.modpack_id = m.id and b.version = ?
 where m.slug = ?`;

/** The same as prepared statements (parsed and planned once per connection). */
export const LIST_MODPACKS = statement('builds_list_modpacks', LIST_MODPACKS_SQL);
export const LIST_MODPACKS_BARE = statement('builds_list_modpacks_bare', LIST_MODPACKS_BARE_SQL);
export const GET_MODPACK = statement('builds_get_modpack', GET_MODPACK_SQL);
export const GET_BUILD = statement('builds_get_build', GET_BUILD_SQL);

export type BuildFlagsRow = [version: string, isPublished: boolean, isPrivate: boolean];

export interface ModpackRow {
  id: number;
  name: string;
  slug: string;
  url: string | null;
  hidden: boolean;
  private: boolean;
  order: number | null;
  recommended: string | null;
  latest: string | null;
  icon_url: string | null;
  icon_md5: string | null;
  logo_url: string | null;
  logo_md5: string | null;
  background_url: string | null;
  background_md5: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  builds: BuildFlagsRow[];
}

export interface BuildRow {
  modpack_id: number;
  modpack_private: boolean;
  id: number | null;
  version: string;
  minecraft: string;
  forge: string | null;
  is_published: boolean;
  private: boolean;
  min_java: string | null;
  min_memory: number | null;
  created_at: string | Date;
  updated_at: string | Date;
  mod_version_ids: number[];
}

// The ORM leaves timestamps as PostgreSQL text in raw results; entities carry Dates.
const toDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));

export function modpackFromRow(r: ModpackRow): Modpack {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    url: r.url,
    hidden: r.hidden,
    private: r.private,
    order: r.order,
    recommended: r.recommended,
    latest: r.latest,
    iconUrl: r.icon_url,
    iconMd5: r.icon_md5,
    logoUrl: r.logo_url,
    logoMd5: r.logo_md5,
    backgroundUrl: r.background_url,
    backgroundMd5: r.background_md5,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** The build of a GET_BUILD_SQL row, or null when the modpack has no such version. */
export function buildFromRow(r: BuildRow): Build | null {
  if (r.id === null) return null;
  return {
    id: r.id,
    modpackId: r.modpack_id,
    version: r.version,
    minecraft: r.minecraft,
    forge: r.forge,
    isPublished: r.is_published,
    private: r.private,
    minJava: r.min_java,
    minMemory: r.min_memory,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}
