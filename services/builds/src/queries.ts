// The launcher reads as single SQL statements (one query per request whatever the number of builds
// or mods), each served by an index: modpacks_slug_exact, builds_modpack_id_version_unique and
// build_mods_build_id_mod_id_unique (the list reads the whole table by design). Exported so that the benchmark's EXPLAIN check
// (test/bench/explain.ts) looks at the very statements the service runs.
import type { ModSide } from '@depot/common';
import { selectProperties, statement, withDates, type MissingRow, type RawRow } from '@depot/common/runtime';
import { BuildSchema, type Build } from './entities/build';
import { ModpackSchema, type Modpack } from './entities/modpack';

const MODPACK_COLUMNS = selectProperties(ModpackSchema, 'm');

/** Every build of the modpack as [version, is_published, private], creation order. */
const BUILD_FLAGS = `coalesce((select json_agg(json_build_array(b.version, b.is_published, b.private) order by b.id)
                   from builds b where b.modpack_id = m.id), '[]') as builds`;

/** Every modpack with its builds' flags, id order. */
export const LIST_MODPACKS_SQL = `select ${MODPACK_COLUMNS}, ${BUILD_FLAGS}
  from modpacks m order by m.id`;

/** One modpack, by exact slug, with its builds' flags. Parameter: slug. */
export const GET_MODPACK_SQL = `select ${MODPACK_COLUMNS}, ${BUILD_FLAGS}
  from modpacks m where m.slug = ?`;

/**
 * A modpack's id and private flag, the build with exactly that version (columns null when there is
 * none), its mod version ids in assignment order, and the sides set on its assignments (a partial
 * index of those alone: build_mods_sides). Parameters: version, slug.
 */
export const GET_BUILD_SQL = `select m.id as modpack_id, m.private as modpack_private, ${selectProperties(BuildSchema, 'b')},
       array(select bm.mod_version_id from build_mods bm where bm.build_id = b.id order by bm.id) as mod_version_ids,
       array(select json_build_array(bm.mod_version_id, bm.side) from build_mods bm
              where bm.build_id = b.id and bm.side is not null) as sides
  from modpacks m left join builds b on b.modpack_id = m.id and b.version = ?
 where m.slug = ?`;

/** The same as prepared statements (parsed and planned once per connection). */
export const LIST_MODPACKS = statement('builds_list_modpacks', LIST_MODPACKS_SQL);
export const GET_MODPACK = statement('builds_get_modpack', GET_MODPACK_SQL);
export const GET_BUILD = statement('builds_get_build', GET_BUILD_SQL);

export type BuildFlagsRow = [version: string, isPublished: boolean, isPrivate: boolean];

export type ModpackRow = RawRow<Modpack> & { builds: BuildFlagsRow[] };

/** The build's columns are null when the modpack has no build of that version. */
export type BuildRow = (RawRow<Build> | MissingRow<Build>) & {
  modpack_id: number;
  modpack_private: boolean;
  mod_version_ids: number[];
  /** [version id, side] of the assignments whose side is set for this build. */
  sides: [number, ModSide][];
};

export function modpackFromRow({ builds: _builds, ...row }: ModpackRow): Modpack {
  return withDates<Modpack>(row);
}

/** The build of a GET_BUILD_SQL row, or null when the modpack has no such version. */
export function buildFromRow(r: BuildRow): Build | null {
  const { modpack_id: _id, modpack_private: _private, mod_version_ids: _ids, sides: _sides, ...build } = r;
  return build.id === null ? null : withDates<Build>(build);
}
