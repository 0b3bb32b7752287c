// Bulk import of mods and versions (the admin CLI's `import-solder`), set-based: a whole
// catalogue in a handful of statements and one transaction, whatever its size. Rows are matched by
// their natural keys (mod name case-insensitively, (mod, version) exactly); changed fields are
// updated, nothing is ever duplicated, nothing is deleted. So running it twice changes nothing the
// second time. A new row takes the id it had at the source when that id is free (launchers see
// version ids). Events: `mod.updated` for every mod created or changed (or given a new version) and
// `mod.version.updated` for every changed version, through the outbox like any other write (the
// running service's relay publishes them). Never a delete event: imports never detach anything.
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import {
  enqueueEvents,
  importCounts,
  importQuery,
  importTransaction,
  openImport,
  OutboxEventSchema,
  propertiesOf,
  toColumns,
  upsertRows,
} from '@depot/common/runtime';
import type { Logger } from '@depot/common/process';
import type { Imported, ImportCounts, Orm } from '@depot/common/runtime';
import { ModSchema, type Mod } from './entities/mod';
import { ModVersionSchema, type ModVersion } from './entities/mod-version';
import { migrations } from './migrations';

/** A mod, matched by name case-insensitively (a case-only difference renames the Depot mod). */
export type ImportedMod = Imported<Mod>;

/** Depot's record of a hosted archive (docs/archives.md): an import never writes or clears it. */
const HOSTED_FIELDS = [
  'sha1',
  'sha256',
  'sha512',
  'hosted',
  'hostedAt',
  'metadata',
  'sourceSha256',
  'sourceName',
  // (and where the mod runs: set from its archive or by the author, never by Solder)
  'side',
] as const;

/** A version of one of the imported mods, matched by (mod, version) exactly; md5 stored lowercase. */
export type ImportedVersion = Imported<ModVersion, 'modId' | (typeof HOSTED_FIELDS)[number]> & {
  /** The mod's name as given in `mods`. */
  mod: string;
};

/** New rows are created in the order of the arrays (ids, and so list orders, follow it). */
export interface CatalogImport {
  mods: ImportedMod[];
  versions: ImportedVersion[];
  /** Everything is done and counted, then rolled back. */
  dryRun?: boolean;
}

export interface CatalogImportResult {
  mods: ImportCounts;
  versions: ImportCounts;
  /** Depot ids by natural key: every imported mod name (as given) → its id. */
  modIds: Map<string, number>;
  /** `${name}\u0000${version}` → { modId, versionId } for every imported version. */
  versionIds: Map<string, { modId: number; versionId: number }>;
}

export const versionKey = (mod: string, version: string) => `${mod}\u0000${version}`;

// The fields an import writes and compares: all but the identity, a version's natural key
// (matched, never changed) and the timestamps (set apart: a new row's default to now).
const MOD_FIELDS = propertiesOf(ModSchema, ['id', 'createdAt', 'updatedAt']);
const VERSION_FIELDS = propertiesOf(ModVersionSchema, [
  'id',
  'modId',
  'version',
  'createdAt',
  'updatedAt',
  ...HOSTED_FIELDS,
]);

/** Refuses input the tables cannot hold or that would match one row twice. */
function checkInput({ mods, versions }: CatalogImport): void {
  const names = new Set<string>();
  for (const mod of mods) {
    if (!mod.name || mod.name.length > 255) throw new Error(`mod name "${mod.name}" must be 1-255 characters`);
    const lower = mod.name.toLowerCase();
    if (names.has(lower)) throw new Error(`mod "${mod.name}" appears twice (mod names are unique case-insensitively)`);
    names.add(lower);
  }
  const seen = new Set<string>();
  for (const v of versions) {
    if (!names.has(v.mod.toLowerCase())) throw new Error(`version "${v.version}" of an unknown mod "${v.mod}"`);
    if (!v.version || v.version.length > 255)
      throw new Error(`mod ${v.mod}: version "${v.version}" must be 1-255 characters`);
    const key = versionKey(v.mod.toLowerCase(), v.version);
    if (seen.has(key)) throw new Error(`mod ${v.mod}: version "${v.version}" appears twice`);
    seen.add(key);
    if (v.md5.length > 32) throw new Error(`mod ${v.mod} ${v.version}: md5 "${v.md5}" is longer than 32 characters`);
  }
}

/**
 * Upserts the mods and their versions in one transaction. The tables are locked against other
 * writers (reads go on) for its few seconds, so a concurrent API write cannot interleave.
 */
export async function importCatalog(orm: Orm, input: CatalogImport): Promise<CatalogImportResult> {
  checkInput(input);
  const { mods, versions } = input;
  // Rows keyed by column, read back as the table's own row type (jsonb_populate_recordset).
  const modsJson = JSON.stringify(mods.map((m) => toColumns(ModSchema, m)));

  const em = orm.em.fork() as SqlEntityManager;
  return importTransaction(em, input.dryRun, async (tx) => {
    // An operator's batch: no statement limit of the API's, but never wait long behind a stuck writer.
    await tx.execute("set local lock_timeout = '30s'");
    await tx.execute('set local statement_timeout = 0');
    await tx.execute('lock table mods, mod_versions in share row exclusive mode');

    // Mods: update the changed ones (a case-only rename included), then insert the new ones.
    const { updated: updatedMods, inserted: insertedMods } = await upsertRows<Mod, { id: number }>(tx, ModSchema, {
      rowsJson: modsJson,
      match: 'lower(t.name) = lower(i.name)',
      update: MOD_FIELDS,
      returning: 't.id',
      keepIds: true,
    });
    const modIdRows = await importQuery<{ id: number; name: string }[]>(
      tx,
      `select m.id, i.name from mods m
         join jsonb_populate_recordset(null::mods, ?::jsonb) as i on lower(m.name) = lower(i.name)`,
      [modsJson],
    );
    const modIds = new Map(modIdRows.map((r) => [r.name, r.id]));

    // Versions, by (mod, version) exactly; a version names its mod whatever the case (checkInput).
    const idOfName = new Map(modIdRows.map((r) => [r.name.toLowerCase(), r.id]));
    const versionsJson = JSON.stringify(
      versions.map(({ mod, ...v }) =>
        toColumns(ModVersionSchema, { ...v, md5: v.md5.toLowerCase(), modId: idOfName.get(mod.toLowerCase()) }),
      ),
    );
    const { updated: updatedVersions, inserted: insertedVersions } = await upsertRows<
      ModVersion,
      { id: number; mod_id: number }
    >(tx, ModVersionSchema, {
      rowsJson: versionsJson,
      match: 't.mod_id = i.mod_id and t.version = i.version',
      update: VERSION_FIELDS,
      insertOnly: ['modId', 'version'],
      returning: 't.id, t.mod_id',
      keepIds: true,
    });
    const versionIdRows = await importQuery<{ id: number; mod_id: number; version: string }[]>(
      tx,
      `select v.id, v.mod_id, v.version
         from jsonb_populate_recordset(null::mod_versions, ?::jsonb) as i
         join mod_versions v on v.mod_id = i.mod_id and v.version = i.version`,
      [versionsJson],
    );
    const versionIdOf = new Map(versionIdRows.map((r) => [versionKey(String(r.mod_id), r.version), r.id]));
    const versionIds = new Map<string, { modId: number; versionId: number }>();
    for (const v of versions) {
      const modId = idOfName.get(v.mod.toLowerCase())!;
      versionIds.set(versionKey(v.mod, v.version), {
        modId,
        versionId: versionIdOf.get(versionKey(String(modId), v.version))!,
      });
    }

    // Events, set-wise: whoever caches mods or builds hears about every change.
    const touchedMods = new Set([...updatedMods, ...insertedMods].map((r) => r.id));
    for (const r of insertedVersions) touchedMods.add(r.mod_id);
    await enqueueEvents(
      tx,
      'mod.updated',
      [...touchedMods].sort((a, b) => a - b).map((id) => ({ mod_id: id })),
    );
    await enqueueEvents(
      tx,
      'mod.version.updated',
      [...updatedVersions].sort((a, b) => a.id - b.id).map((r) => ({ mod_id: r.mod_id, version_id: r.id })),
    );

    return {
      mods: importCounts(mods.length, insertedMods.length, updatedMods.length),
      versions: importCounts(versions.length, insertedVersions.length, updatedVersions.length),
      modIds,
      versionIds,
    };
  });
}

/** The catalog database for an import, with the service's own entities and migrations. */
export const openCatalogImport = (url: string, logger?: Logger, dryRun?: boolean) =>
  openImport(
    { url, entities: [ModSchema, ModVersionSchema, OutboxEventSchema as EntitySchema], migrations, logger, dryRun },
    importCatalog,
  );
