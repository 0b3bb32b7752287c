// Bulk import of mods and versions (the admin CLI's `import-solder`), set-based: a whole
// catalogue in a handful of statements and one transaction, whatever its size. Rows are matched by
// their natural keys (mod name case-insensitively, (mod, version) exactly); changed fields are
// updated, nothing is ever duplicated, nothing is deleted. So running it twice changes nothing the
// second time. Events: `mod.updated` for every mod created or changed (or given a new version) and
// `mod.version.updated` for every changed version, through the outbox like any other write (the
// running service's relay publishes them). Never a delete event: imports never detach anything.
import type { EntitySchema } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { initOrm, migrate, OutboxEventSchema, type Logger, type Orm } from '@depot/common';
import { ModSchema } from './entities/mod';
import { ModVersionSchema } from './entities/mod-version';
import { migrations } from './migrations';

/** A mod, matched by name case-insensitively (a case-only difference renames the Depot mod). */
export interface ImportedMod {
  name: string;
  prettyName: string;
  author: string | null;
  description: string | null;
  link: string | null;
  /** Private notes (Solder's `notes`); absent counts as null. */
  notes?: string | null;
  /** ISO timestamps; null means "now" for a new row. */
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** A version of one of the imported mods, matched by (mod, version) exactly. */
export interface ImportedVersion {
  /** The mod's name as given in `mods`. */
  mod: string;
  version: string;
  /** Stored lowercase; at most 32 characters. */
  md5: string;
  filesize: number | null;
  /** Its own download URL (Solder's `url`); absent counts as null. */
  url?: string | null;
  /** Private notes (Solder's `notes`); absent counts as null. */
  notes?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** New rows are created in the order of the arrays (ids, and so list orders, follow it). */
export interface CatalogImport {
  mods: ImportedMod[];
  versions: ImportedVersion[];
}

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
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
  const modRows = mods.map((m, seq) => ({
    seq,
    name: m.name,
    pretty_name: m.prettyName,
    author: m.author,
    description: m.description,
    link: m.link,
    notes: m.notes ?? null,
    created_at: m.createdAt ?? null,
    updated_at: m.updatedAt ?? null,
  }));
  const versionRows = versions.map((v, seq) => ({
    seq,
    mod: v.mod,
    version: v.version,
    md5: v.md5.toLowerCase(),
    filesize: v.filesize,
    url: v.url ?? null,
    notes: v.notes ?? null,
    created_at: v.createdAt ?? null,
    updated_at: v.updatedAt ?? null,
  }));

  const em = orm.em.fork() as SqlEntityManager;
  return em.transactional(async (tx) => {
    // An operator's batch: no statement limit of the API's, but never wait long behind a stuck writer.
    await tx.execute("set local lock_timeout = '30s'");
    await tx.execute('set local statement_timeout = 0');
    await tx.execute('lock table mods, mod_versions in share row exclusive mode');
    const modsJson = JSON.stringify(modRows);
    const versionsJson = JSON.stringify(versionRows);

    // Mods: update the changed ones (a case-only rename included), then insert the new ones.
    const updatedMods = await tx.execute<{ id: number }[]>(
      `update mods m
          set name = i.name, pretty_name = i.pretty_name, author = i.author, description = i.description,
              link = i.link, notes = i.notes, updated_at = coalesce(i.updated_at, now())
         from jsonb_to_recordset(?::jsonb) as i(name text, pretty_name text, author text, description text,
                                              link text, notes text, updated_at timestamptz)
        where lower(m.name) = lower(i.name)
          and (m.name, m.pretty_name, m.author, m.description, m.link, m.notes)
              is distinct from (i.name, i.pretty_name, i.author, i.description, i.link, i.notes)
       returning m.id`,
      [modsJson],
    );
    const insertedMods = await tx.execute<{ id: number }[]>(
      `insert into mods (name, pretty_name, author, description, link, notes, created_at, updated_at)
       select i.name, i.pretty_name, i.author, i.description, i.link, i.notes,
              coalesce(i.created_at, now()), coalesce(i.updated_at, i.created_at, now())
         from jsonb_to_recordset(?::jsonb)
              as i(name text, pretty_name text, author text, description text, link text, notes text,
                   created_at timestamptz, updated_at timestamptz, seq int)
        where not exists (select 1 from mods m where lower(m.name) = lower(i.name))
        order by i.seq
       returning id`,
      [modsJson],
    );
    const modIdRows = await tx.execute<{ id: number; name: string }[]>(
      `select m.id, i.name from mods m
         join jsonb_to_recordset(?::jsonb) as i(name text) on lower(m.name) = lower(i.name)`,
      [modsJson],
    );
    const modIds = new Map(modIdRows.map((r) => [r.name, r.id]));

    // Versions, by (mod, version) exactly.
    const updatedVersions = await tx.execute<{ id: number; mod_id: number }[]>(
      `update mod_versions v
          set md5 = i.md5, filesize = i.filesize, url = i.url, notes = i.notes,
              updated_at = coalesce(i.updated_at, now())
         from jsonb_to_recordset(?::jsonb)
              as i(mod text, version text, md5 text, filesize bigint, url text, notes text, updated_at timestamptz)
         join mods m on lower(m.name) = lower(i.mod)
        where v.mod_id = m.id and v.version = i.version
          and (v.md5, v.filesize, v.url, v.notes) is distinct from (i.md5, i.filesize, i.url, i.notes)
       returning v.id, v.mod_id`,
      [versionsJson],
    );
    const insertedVersions = await tx.execute<{ id: number; mod_id: number }[]>(
      `insert into mod_versions (mod_id, version, md5, filesize, url, notes, created_at, updated_at)
       select m.id, i.version, i.md5, i.filesize, i.url, i.notes,
              coalesce(i.created_at, now()), coalesce(i.updated_at, i.created_at, now())
         from jsonb_to_recordset(?::jsonb)
              as i(mod text, version text, md5 text, filesize bigint, url text, notes text,
                   created_at timestamptz, updated_at timestamptz, seq int)
         join mods m on lower(m.name) = lower(i.mod)
        where not exists (select 1 from mod_versions v where v.mod_id = m.id and v.version = i.version)
        order by i.seq
       returning id, mod_id`,
      [versionsJson],
    );
    const versionIdRows = await tx.execute<{ id: number; mod_id: number; mod: string; version: string }[]>(
      `select v.id, v.mod_id, i.mod, i.version
         from jsonb_to_recordset(?::jsonb) as i(mod text, version text)
         join mods m on lower(m.name) = lower(i.mod)
         join mod_versions v on v.mod_id = m.id and v.version = i.version`,
      [versionsJson],
    );
    const versionIds = new Map(
      versionIdRows.map((r) => [versionKey(r.mod, r.version), { modId: r.mod_id, versionId: r.id }]),
    );

    // Events, set-wise: whoever caches mods or builds hears about every change.
    const touchedMods = [
      ...new Set([...updatedMods, ...insertedMods].map((r) => r.id).concat(insertedVersions.map((r) => r.mod_id))),
    ];
    if (touchedMods.length) {
      await tx.execute(
        `insert into outbox (type, payload)
         select 'mod.updated', jsonb_build_object('mod_id', id) from unnest(?::int[]) as id order by id`,
        [`{${touchedMods.join(',')}}`],
      );
    }
    if (updatedVersions.length) {
      await tx.execute(
        `insert into outbox (type, payload)
         select 'mod.version.updated', jsonb_build_object('mod_id', u.mod_id, 'version_id', u.id)
           from jsonb_to_recordset(?::jsonb) as u(id int, mod_id int) order by u.id`,
        [JSON.stringify(updatedVersions.map((r) => ({ id: r.id, mod_id: r.mod_id })))],
      );
    }

    return {
      mods: counts(mods.length, insertedMods.length, updatedMods.length),
      versions: counts(versionRows.length, insertedVersions.length, updatedVersions.length),
      modIds,
      versionIds,
    };
  });
}

function counts(total: number, inserted: number, updated: number): ImportCounts {
  return { inserted, updated, unchanged: total - inserted - updated };
}

/**
 * The catalog database for an import: opened with the service's own entities and migrations
 * (applied first, under the same advisory lock as a starting service, so an import may run before
 * the service ever started).
 */
export async function openCatalogImport(url: string, logger?: Logger) {
  const orm = await initOrm({
    url,
    entities: [ModSchema, ModVersionSchema, OutboxEventSchema as EntitySchema],
    migrations,
    poolMax: 2,
    logger,
  });
  try {
    await migrate(orm, logger);
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return {
    orm,
    run: (input: CatalogImport) => importCatalog(orm, input),
    close: () => orm.close(true),
  };
}
