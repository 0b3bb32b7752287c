// Bulk import of modpacks, builds and build-mod assignments (the admin CLI's `import-solder`),
// set-based: a few statements in one transaction, whatever the size. Matching is by natural keys:
// modpack slug (case-insensitively), (modpack, build version) exactly, (build, mod) for an
// assignment. Changed fields are updated and nothing is duplicated, so a second identical run
// changes nothing. A new modpack or build takes the id it had at the source when that id is free
// (launchers see both). An imported build's assignments become exactly the given ones (a mod removed
// from the build at the source goes away here too); modpacks, builds and assignments that are not
// part of the import are never touched. Mod and version ids are catalog's: the caller maps them
// through catalog's own import first. Events: one `build.changed` per modpack that changed, through
// the outbox like any other write; never `modpack.deleted`.
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import {
  enqueueEvents,
  importCounts,
  importQuery,
  importTransaction,
  isUniqueViolation,
  openImport,
  OutboxEventSchema,
  propertiesOf,
  toColumns,
  upsertRows,
} from '@depot/common/runtime';
import type { Logger } from '@depot/common/process';
import type { Imported, ImportCounts, Orm } from '@depot/common/runtime';
import { BuildSchema, type Build } from './entities/build';
import { BuildModSchema } from './entities/build-mod';
import { ModpackSchema, type Modpack } from './entities/modpack';
import { migrations } from './migrations';
import { enterAssignmentWrite } from './tombstones';

/** A modpack, matched by slug case-insensitively; its display name is unique case-insensitively. */
export type ImportedModpack = Imported<Modpack>;

/** A build, matched by (modpack, version) exactly. */
export type ImportedBuild = Imported<Build, 'modpackId'> & {
  /** Slug of one of the imported modpacks, as given there. */
  modpack: string;
  /** The whole assignment set of the build (catalog ids), at most one version per mod. */
  mods: { modId: number; modVersionId: number }[];
};

/** New rows are created in the order of the arrays (ids, and so the launcher's build order, follow it). */
export interface BuildsImport {
  modpacks: ImportedModpack[];
  builds: ImportedBuild[];
  /** Everything is done and counted, then rolled back. */
  dryRun?: boolean;
}

export interface BuildsImportResult {
  modpacks: ImportCounts;
  builds: ImportCounts;
  assignments: ImportCounts & { removed: number };
  /** Depot id of every imported modpack, by slug as given. */
  modpackIds: Map<string, number>;
}

// The fields an import writes and compares: all but the identity, the natural key of a build
// (matched, never changed) and the timestamps (set apart: a new row's default to now).
const MODPACK_FIELDS = propertiesOf(ModpackSchema, ['id', 'createdAt', 'updatedAt']);
// (and a build's loader: Depot's own, set in its management views, which Solder has not)
const BUILD_FIELDS = propertiesOf(BuildSchema, [
  'id',
  'modpackId',
  'version',
  'createdAt',
  'updatedAt',
  'loader',
  'loaderVersion',
]);

function checkInput({ modpacks, builds }: BuildsImport): void {
  const slugs = new Set<string>();
  const names = new Set<string>();
  for (const m of modpacks) {
    for (const [field, value] of [
      ['slug', m.slug],
      ['name', m.name],
    ] as const) {
      if (!value || value.length > 255) throw new Error(`modpack ${field} "${value}" must be 1-255 characters`);
    }
    if (slugs.has(m.slug.toLowerCase()))
      throw new Error(`modpack slug "${m.slug}" appears twice (unique case-insensitively)`);
    if (names.has(m.name.toLowerCase()))
      throw new Error(`modpack name "${m.name}" appears twice (unique case-insensitively)`);
    slugs.add(m.slug.toLowerCase());
    names.add(m.name.toLowerCase());
    for (const field of ['iconMd5', 'logoMd5', 'backgroundMd5'] as const) {
      if ((m[field]?.length ?? 0) > 32) throw new Error(`modpack ${m.slug}: ${field} is longer than 32 characters`);
    }
  }
  const versions = new Set<string>();
  for (const b of builds) {
    if (!slugs.has(b.modpack.toLowerCase())) throw new Error(`build ${b.version} of an unknown modpack "${b.modpack}"`);
    if (!b.version || b.version.length > 255)
      throw new Error(`modpack ${b.modpack}: build version "${b.version}" must be 1-255 characters`);
    const key = `${b.modpack.toLowerCase()}\u0000${b.version}`;
    if (versions.has(key)) throw new Error(`modpack ${b.modpack}: build "${b.version}" appears twice`);
    versions.add(key);
    const mods = new Set<number>();
    for (const a of b.mods) {
      if (mods.has(a.modId))
        throw new Error(`modpack ${b.modpack} build ${b.version}: two versions of mod id ${a.modId}`);
      mods.add(a.modId);
    }
  }
}

export async function importBuilds(orm: Orm, input: BuildsImport): Promise<BuildsImportResult> {
  checkInput(input);
  // Rows keyed by column, read back as the table's own row type (jsonb_populate_recordset).
  const modpacksJson = JSON.stringify(input.modpacks.map((m) => toColumns(ModpackSchema, m)));
  const assignmentCount = input.builds.reduce((n, b) => n + b.mods.length, 0);

  const em = orm.em.fork() as SqlEntityManager;
  try {
    return await importTransaction(em, input.dryRun, async (tx) => {
      // An operator's batch: no statement limit of the API's, but never wait long behind a stuck writer.
      await tx.execute("set local lock_timeout = '30s'");
      await tx.execute('set local statement_timeout = 0');
      // The assignment gate first, as every assignment write (tombstones.ts), then the tables.
      await enterAssignmentWrite(tx);
      await tx.execute('lock table modpacks, builds, build_mods in share row exclusive mode');

      // A display name held by another Depot modpack would break the unique index: say which.
      const clashes = await importQuery<{ slug: string; name: string; depot_slug: string }[]>(
        tx,
        `select i.slug, i.name, m.slug as depot_slug
           from jsonb_populate_recordset(null::modpacks, ?::jsonb) as i
           join modpacks m on lower(m.name) = lower(i.name) and lower(m.slug) <> lower(i.slug)`,
        [modpacksJson],
      );
      if (clashes.length) {
        const list = clashes.map((c) => `"${c.name}" (${c.slug}) is already the name of Depot modpack ${c.depot_slug}`);
        throw new Error(`modpack names taken: ${list.join('; ')}. Rename one of them and import again.`);
      }

      const changedModpacks = new Set<number>();
      const { updated: updatedModpacks, inserted: insertedModpacks } = await upsertRows<Modpack, { id: number }>(
        tx,
        ModpackSchema,
        {
          rowsJson: modpacksJson,
          match: 'lower(t.slug) = lower(i.slug)',
          update: MODPACK_FIELDS,
          returning: 't.id',
          keepIds: true,
        },
      );
      for (const r of [...updatedModpacks, ...insertedModpacks]) changedModpacks.add(r.id);
      const modpackIdRows = await importQuery<{ id: number; slug: string }[]>(
        tx,
        `select m.id, i.slug from jsonb_populate_recordset(null::modpacks, ?::jsonb) as i
           join modpacks m on lower(m.slug) = lower(i.slug)`,
        [modpacksJson],
      );
      const modpackIds = new Map(modpackIdRows.map((r) => [r.slug, r.id]));
      // A build names its modpack by slug, whatever its case (checkInput).
      const idOfSlug = new Map(modpackIdRows.map((r) => [r.slug.toLowerCase(), r.id]));
      const buildRows = input.builds.map(({ modpack, mods: _mods, ...build }) =>
        toColumns(BuildSchema, { ...build, modpackId: idOfSlug.get(modpack.toLowerCase()) }),
      );
      const buildsJson = JSON.stringify(buildRows);
      let seq = 0;
      const assignmentsJson = JSON.stringify(
        input.builds.flatMap((b) =>
          b.mods.map((a) => ({
            seq: seq++,
            modpack_id: idOfSlug.get(b.modpack.toLowerCase()),
            version: b.version,
            mod_id: a.modId,
            mod_version_id: a.modVersionId,
          })),
        ),
      );

      // Builds, by (modpack, version) exactly.
      const { updated: updatedBuilds, inserted: insertedBuilds } = await upsertRows<Build, { modpack_id: number }>(
        tx,
        BuildSchema,
        {
          rowsJson: buildsJson,
          match: 't.modpack_id = i.modpack_id and t.version = i.version',
          update: BUILD_FIELDS,
          insertOnly: ['modpackId', 'version'],
          returning: 't.modpack_id',
          keepIds: true,
        },
      );
      for (const r of [...updatedBuilds, ...insertedBuilds]) changedModpacks.add(r.modpack_id);

      // Assignments: the imported builds' sets become exactly the given ones (less any mod or
      // version catalog deleted since it gave the ids: builds detached those already).
      await importQuery(
        tx,
        `create temporary table import_build_mods on commit drop as
         select b.id as build_id, b.modpack_id, i.mod_id, i.mod_version_id, i.seq
           from jsonb_to_recordset(?::jsonb) as i(modpack_id int, version text, mod_id int, mod_version_id int, seq int)
           join builds b on b.modpack_id = i.modpack_id and b.version = i.version
          where not exists (select 1 from deleted_mods d where d.mod_id = i.mod_id)
            and not exists (select 1 from deleted_mod_versions d where d.mod_version_id = i.mod_version_id)`,
        [assignmentsJson],
      );
      const removed = await importQuery<{ modpack_id: number }[]>(
        tx,
        `delete from build_mods bm
          using builds b, jsonb_populate_recordset(null::builds, ?::jsonb) as i
          where bm.build_id = b.id and b.modpack_id = i.modpack_id and b.version = i.version
            and not exists (select 1 from import_build_mods t where t.build_id = bm.build_id and t.mod_id = bm.mod_id)
         returning b.modpack_id`,
        [buildsJson],
      );
      const updatedAssignments = await importQuery<{ modpack_id: number }[]>(
        tx,
        `update build_mods bm set mod_version_id = t.mod_version_id
           from import_build_mods t
          where bm.build_id = t.build_id and bm.mod_id = t.mod_id and bm.mod_version_id <> t.mod_version_id
         returning t.modpack_id`,
      );
      const insertedAssignments = await importQuery<{ modpack_id: number }[]>(
        tx,
        `insert into build_mods (build_id, mod_id, mod_version_id)
         select t.build_id, t.mod_id, t.mod_version_id from import_build_mods t
          where not exists (select 1 from build_mods bm where bm.build_id = t.build_id and bm.mod_id = t.mod_id)
          order by t.seq
         returning (select b.modpack_id from builds b where b.id = build_mods.build_id) as modpack_id`,
      );
      for (const r of [...removed, ...updatedAssignments, ...insertedAssignments]) changedModpacks.add(r.modpack_id);

      const changed = [...changedModpacks].sort((a, b) => a - b);
      await enqueueEvents(
        tx,
        'build.changed',
        changed.map((id) => ({ modpack_id: id })),
      );

      return {
        modpacks: importCounts(input.modpacks.length, insertedModpacks.length, updatedModpacks.length),
        builds: importCounts(input.builds.length, insertedBuilds.length, updatedBuilds.length),
        assignments: {
          ...importCounts(assignmentCount, insertedAssignments.length, updatedAssignments.length),
          removed: removed.length,
        },
        modpackIds,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new Error(`the import collides with an existing modpack or build: ${(err as Error).message}`);
    }
    throw err;
  }
}

/** The builds database for an import, with the service's own entities and migrations. */
export const openBuildsImport = (url: string, logger?: Logger, dryRun?: boolean) =>
  openImport(
    {
      url,
      entities: [ModpackSchema, BuildSchema, BuildModSchema, OutboxEventSchema as EntitySchema],
      migrations,
      logger,
      dryRun,
    },
    importBuilds,
  );
