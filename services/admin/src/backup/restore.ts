// `restore <dir> [--force]`: a backup made by `backup` into the three service databases, with the
// services stopped. Everything that can be checked is checked before anything is written: the
// manifest, every file's checksum, that this Depot knows every migration of the backup, and that
// the target databases are empty (or --force). Then, per service and in one transaction each:
// - the database is created when missing and emptied, migrated up to the backup's own schema
//   (an older backup loads into the schema it was made with), loaded table by table with COPY,
//   its sequences set, every table counted and read back against the backup's checksums, and
//   then migrated to this Depot's schema;
// - the outbox comes back as it was: events published before the backup stay published (never
//   replayed), events still waiting then are published once the service starts;
// and last, references between the services are made to agree (reconcile.ts), since the three
// snapshots cannot be one.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { Client, escapeIdentifier } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  createDatabaseIfMissing,
  initOrm,
  migrate,
  OUTBOX_TABLE,
  OutboxEventSchema,
  redactUrl,
} from '@depot/common/runtime';
import type { ArchiveStore } from '@depot/common/archive-store';
import { migrations as authMigrations } from '#auth-migrations';
import { migrations as buildsMigrations } from '#builds-migrations';
import { migrations as catalogMigrations } from '#catalog-migrations';
import type { ImportConfig } from '../config';
import { CliError } from '../errors';
import { restoreArchives, verifyArchives } from './archives';
import { serviceUrls } from './backup';
import { readManifest, SERVICES, type Manifest, type Service, type ServiceBackup } from './manifest';
import { reconcile } from './reconcile';
import { countRows, MIGRATIONS_TABLE, orderedSelect } from './schema';

export interface RestoreOptions {
  /** Replace what the target databases hold. */
  force?: boolean;
  /** Where the backup's archives go (or are checked for, from an S3 backup). */
  archives?: { store: ArchiveStore; maxBytes: number };
  progress?: (line: string) => void;
}

const MIGRATIONS: Record<Service, MigrationObject[]> = {
  catalog: catalogMigrations,
  builds: buildsMigrations,
  auth: authMigrations,
};

export async function restoreDatabases(config: ImportConfig, dir: string, opts: RestoreOptions = {}) {
  const progress = opts.progress ?? (() => undefined);
  const started = performance.now();
  const manifest = readManifest(dir);
  for (const service of SERVICES) checkMigrations(service, manifest.services[service]);
  await verifyFiles(dir, manifest);
  if (opts.archives) await verifyArchives(dir, manifest.archives);
  progress(`backup of ${manifest.created_at} (Depot ${manifest.depot_version}): files verified`);

  const urls = serviceUrls(config);
  const clients = {} as Record<Service, Client>;
  try {
    for (const service of SERVICES) {
      clients[service] = await connect(service, urls[service]);
      const held = await rowsHeld(clients[service]);
      if (held.length && !opts.force) {
        throw new CliError(
          `${service}'s database (${redactUrl(urls[service])}) is not empty (${held.join(', ')}): ` +
            'restore into empty databases, or add --force to replace what they hold',
        );
      }
    }
    const restored: Record<string, Record<string, number>> = {};
    for (const service of SERVICES) {
      const lap = performance.now();
      const backup = manifest.services[service];
      await dropTables(clients[service]);
      await migrateTo(urls[service], service, backup.migrations.at(-1));
      await load(clients[service], dir, backup);
      await migrateTo(urls[service], service);
      restored[service] = Object.fromEntries(backup.tables.map((t) => [t.name, t.rows]));
      progress(`${service}: restored in ${((performance.now() - lap) / 1000).toFixed(2)} s`);
    }
    const reconciled = await reconcile(clients);
    if (reconciled.detached_assignments || reconciled.lifted_tombstones || reconciled.removed_links) {
      progress(
        `reconciled: ${reconciled.detached_assignments} assignments of versions catalog does not hold detached, ` +
          `${reconciled.lifted_tombstones} tombstones of versions and mods it holds lifted, ` +
          `${reconciled.removed_links} access and client links to modpacks builds does not hold removed`,
      );
    }
    const archives =
      opts.archives &&
      (await restoreArchives(opts.archives.store, dir, manifest.archives, opts.archives.maxBytes, progress));
    return {
      dir: path.resolve(dir),
      backup_created_at: manifest.created_at,
      seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
      services: restored,
      reconciled,
      ...(archives ? { archives } : {}),
    };
  } finally {
    await Promise.all(Object.values(clients).map((c) => c.end().catch(() => undefined)));
  }
}

/** The backup's migrations must be this Depot's first ones, in order: a newer Depot's backup is refused. */
function checkMigrations(service: Service, backup: ServiceBackup) {
  const known = MIGRATIONS[service].map((m) => m.name);
  const unknown = backup.migrations.find((name, i) => known[i] !== name);
  if (unknown !== undefined) {
    throw new CliError(
      `the backup's ${service} schema has migration ${unknown}, which this Depot does not have at that place: ` +
        'restore it with the Depot release that made it (or a newer one)',
    );
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function verifyFiles(dir: string, manifest: Manifest) {
  for (const service of SERVICES) {
    for (const table of manifest.services[service].tables) {
      const file = path.join(dir, table.file);
      const actual = await sha256Of(file).catch(() => undefined);
      if (actual === undefined) throw new CliError(`${file} is missing`);
      if (actual !== table.sha256) throw new CliError(`${file} is damaged (its checksum differs from the manifest's)`);
    }
  }
}

async function connect(service: Service, url: string): Promise<Client> {
  try {
    await createDatabaseIfMissing(url);
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    return client;
  } catch (err) {
    throw new CliError(
      `cannot connect to ${service.toUpperCase()}_DATABASE_URL (${redactUrl(url)}): ${(err as Error).message}`,
    );
  }
}

async function tablesIn(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name);
}

/** Tables with rows (`mods: 12 rows`), the migrations table aside. */
async function rowsHeld(client: Client): Promise<string[]> {
  const held: string[] = [];
  for (const table of await tablesIn(client)) {
    if (table === MIGRATIONS_TABLE) continue;
    const n = await countRows(client, table);
    if (n) held.push(`${table}: ${n} rows`);
  }
  return held;
}

/** What the migrations made: the tables, and the functions of their triggers. */
async function dropTables(client: Client) {
  const tables = await tablesIn(client);
  if (tables.length) await client.query(`drop table ${tables.map(escapeIdentifier).join(', ')} cascade`);
  const { rows } = await client.query<{ name: string }>(
    `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { name } of rows) await client.query(`drop function if exists ${escapeIdentifier(name)} cascade`);
}

/** The service's migrations up to and including `to` (all when absent), as the service runs them. */
async function migrateTo(url: string, service: Service, to?: string) {
  // Migrations are plain SQL: the ORM only needs some entity to start.
  const orm = await initOrm({
    url,
    entities: [OutboxEventSchema as EntitySchema],
    migrations: MIGRATIONS[service],
    poolMax: 2, // the advisory lock holds one connection, the migrator uses another
  });
  try {
    await migrate(orm, undefined, to);
  } finally {
    await orm.close(true);
  }
}

async function load(client: Client, dir: string, backup: ServiceBackup) {
  await client.query('begin');
  try {
    for (const table of backup.tables) {
      const columns = table.columns.map(escapeIdentifier).join(', ');
      await pipeline(
        createReadStream(path.join(dir, table.file)),
        createGunzip(),
        client.query(copyFrom(`copy ${escapeIdentifier(table.name)} (${columns}) from stdin`)),
      );
    }
    for (const sequence of backup.sequences) {
      if (sequence.last_value === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        escapeIdentifier(sequence.name),
        sequence.last_value,
      ]);
    }
    if (backup.tables.some((t) => t.name === OUTBOX_TABLE)) {
      // A relay publishes each event with its outbox id as the message id, and the stream drops a
      // message id it saw in the last minutes as a duplicate. Ids handed out after the backup were
      // used by the lost database, maybe moments ago: new events continue far above any of them,
      // at the restore's time in microseconds (a sequence counting one per event stays below).
      await client.query(
        `select setval(pg_get_serial_sequence($1, 'id'),
                greatest((select coalesce(max(id), 0) from ${escapeIdentifier(OUTBOX_TABLE)}),
                         (extract(epoch from clock_timestamp()) * 1000000)::bigint))`,
        [escapeIdentifier(OUTBOX_TABLE)],
      );
    }
    for (const table of backup.tables) {
      const rows = await countRows(client, table.name);
      const content = await contentSha256(client, table);
      if (rows !== table.rows || content !== table.content_sha256) {
        throw new CliError(
          `${table.name} does not read back as backed up (${rows} rows of ${table.rows}` +
            `${content === table.content_sha256 ? '' : ', different content'}); nothing of this service was written`,
        );
      }
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

async function contentSha256(client: Client, table: ServiceBackup['tables'][number]): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    client.query(copyTo(`copy (${orderedSelect(table)}) to stdout`)),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done();
      },
    }),
  );
  return hash.digest('hex');
}
