// `backup <dir>`: the three service databases, as a logical export through node-postgres, so that
// it works against any PostgreSQL Depot runs on (the embedded one included, which ships no
// pg_dump, and servers newer than the system's pg_dump) and while Depot runs:
// - each database is read in one REPEATABLE READ READ ONLY transaction (one consistent state per
//   service, taking no lock a write waits for); the three snapshots are taken together;
// - every table goes out with COPY in primary key order, gzip-compressed, with checksums of the
//   file and of its content, and its row count;
// - sequences are read after every table of every service, so that a restore never hands out an
//   id any service's backup already refers to (builds keeps catalog ids in tombstones);
// - the manifest is written last, atomically.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { redactUrl } from '@depot/common/runtime';
import type { ArchiveStore, ArchiveStoreSettings } from '@depot/common/archive-store';
import type { ImportConfig } from '../config';
import { CliError } from '../errors';
import {
  BACKUP_FORMAT,
  depotVersion,
  MANIFEST_FILE,
  SERVICES,
  type Manifest,
  type Service,
  type ServiceBackup,
  type TableBackup,
} from './manifest';
import { backupArchives, namedObjects } from './archives';
import { appliedMigrations, countRows, orderedSelect, sequencesOf, tablesOf, type TableShape } from './schema';

export interface BackupOptions {
  /** Progress lines (stderr in the CLI). */
  progress?: (line: string) => void;
  /** The archive store whose objects the catalog names (archives.ts); none: archives left out. */
  archives?: { store: ArchiveStore; settings: ArchiveStoreSettings };
}

/** The service databases named by CATALOG/BUILDS/AUTH_DATABASE_URL. */
export function serviceUrls(config: ImportConfig): Record<Service, string> {
  return { catalog: config.CATALOG_DATABASE_URL, builds: config.BUILDS_DATABASE_URL, auth: config.AUTH_DATABASE_URL };
}

/** A stream step that hashes (and counts) what passes through. */
function digest() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, hex: () => hash.digest('hex'), bytes: () => bytes };
}

export async function backupDatabases(config: ImportConfig, dir: string, opts: BackupOptions = {}) {
  const progress = opts.progress ?? (() => undefined);
  const started = performance.now();
  if (existsSync(dir) && readdirSync(dir).length)
    throw new CliError(`${dir} is not empty: back up into a new directory`);
  const urls = serviceUrls(config);

  const clients = {} as Record<Service, Client>;
  try {
    for (const service of SERVICES) {
      const client = new Client({ connectionString: urls[service], connectionTimeoutMillis: 10_000 });
      clients[service] = client;
      try {
        await client.connect();
      } catch (err) {
        throw new CliError(
          `cannot connect to ${service.toUpperCase()}_DATABASE_URL (${redactUrl(urls[service])}): ${(err as Error).message}`,
        );
      }
    }
    // The three snapshots, as close together as the connections allow.
    const snapshots = await Promise.all(
      SERVICES.map(async (service) => {
        await clients[service].query('begin isolation level repeatable read read only');
        const { rows } = await clients[service].query<{ at: Date; server_version: string }>(
          `select now() as at, current_setting('server_version') as server_version`,
        );
        return rows[0];
      }),
    );

    mkdirSync(dir, { recursive: true });
    const services = {} as Record<Service, ServiceBackup>;
    for (const [i, service] of SERVICES.entries()) {
      const client = clients[service];
      const migrations = await appliedMigrations(client);
      if (!migrations.length) {
        throw new CliError(`${service}'s database (${redactUrl(urls[service])}) holds no Depot schema`);
      }
      mkdirSync(path.join(dir, service), { recursive: true });
      const tables: TableBackup[] = [];
      for (const table of await tablesOf(client)) {
        tables.push(await dumpTable(client, dir, service, table));
      }
      services[service] = {
        database: redactUrl(urls[service]),
        server_version: snapshots[i].server_version,
        snapshot_at: snapshots[i].at.toISOString(),
        migrations,
        tables,
        sequences: [],
      };
      const rows = tables.reduce((n, t) => n + t.rows, 0);
      const bytes = tables.reduce((n, t) => n + t.bytes, 0);
      progress(`${service}: ${tables.length} tables, ${rows} rows, ${bytes} bytes`);
    }
    // The objects named in the catalog's snapshot (copied after: immutable, named by content).
    const objects = opts.archives ? await namedObjects(clients.catalog) : [];
    for (const service of SERVICES) {
      services[service].sequences = await sequencesOf(clients[service]);
      await clients[service].query('commit');
    }
    const archives =
      opts.archives && (await backupArchives(opts.archives.store, opts.archives.settings, objects, dir, progress));

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      depot_version: depotVersion(),
      created_at: new Date().toISOString(),
      seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
      services,
      ...(archives ? { archives } : {}),
    };
    const manifestPath = path.join(dir, MANIFEST_FILE);
    writeFileSync(`${manifestPath}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(`${manifestPath}.tmp`, manifestPath);
    return summary(dir, manifest);
  } finally {
    await Promise.all(Object.values(clients).map((c) => c.end().catch(() => undefined)));
  }
}

async function dumpTable(client: Client, dir: string, service: Service, table: TableShape): Promise<TableBackup> {
  const file = path.posix.join(service, `${table.name}.copy.gz`);
  const content = digest();
  const stored = digest();
  await pipeline(
    client.query(copyTo(`copy (${orderedSelect(table)}) to stdout`)),
    content.stream,
    createGzip(),
    stored.stream,
    createWriteStream(path.join(dir, file)),
  );
  return {
    name: table.name,
    columns: table.columns,
    key: table.key,
    rows: await countRows(client, table.name),
    file,
    bytes: stored.bytes(),
    sha256: stored.hex(),
    content_sha256: content.hex(),
  };
}

/** What the CLI prints: per service, the rows of each table. */
export function summary(dir: string, manifest: Manifest) {
  return {
    dir: path.resolve(dir),
    depot_version: manifest.depot_version,
    created_at: manifest.created_at,
    seconds: manifest.seconds,
    bytes: SERVICES.reduce((n, s) => n + manifest.services[s].tables.reduce((m, t) => m + t.bytes, 0), 0),
    ...(manifest.archives
      ? {
          archives: {
            store: manifest.archives.store,
            included: manifest.archives.included,
            objects: manifest.archives.objects.length,
            bytes: manifest.archives.bytes,
          },
        }
      : {}),
    services: Object.fromEntries(
      SERVICES.map((s) => [
        s,
        {
          migrations: manifest.services[s].migrations.length,
          rows: Object.fromEntries(manifest.services[s].tables.map((t) => [t.name, t.rows])),
        },
      ]),
    ),
  };
}
