// backup and restore against real PostgreSQL databases migrated by the services' own migrations:
// a round trip, and everything restore refuses before it writes (a damaged file, a backup of a
// newer Depot, databases holding data without --force); references between services that the
// snapshots' skew leaves dangling are reconciled.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { dropDatabase } from '@depot/common/runtime';
import { createTestDatabase, testDatabaseUrl, uniqueName } from '@depot/common/testing';
import { openAuthImport } from '#auth-import';
import { openBuildsImport } from '#builds-import';
import { openCatalogImport } from '#catalog-import';
import { backupDatabases } from '../src/backup/backup';
import { restoreDatabases } from '../src/backup/restore';
import type { ImportConfig } from '../src/config';
import { CliError } from '../src/errors';

const SERVICES = ['catalog', 'builds', 'auth'] as const;
type Urls = Record<(typeof SERVICES)[number], string>;
const config = (urls: Urls): ImportConfig => ({
  CATALOG_DATABASE_URL: urls.catalog,
  BUILDS_DATABASE_URL: urls.builds,
  AUTH_DATABASE_URL: urls.auth,
});

let source: { urls: Urls; drop(): Promise<void> };
const cleanups: (() => Promise<void> | void)[] = [];

async function query<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Three fresh database URLs (not created: restore creates them). */
function targets(): Urls {
  const urls = Object.fromEntries(SERVICES.map((s) => [s, testDatabaseUrl(uniqueName(`adm_rst_${s}`))])) as Urls;
  cleanups.push(() => Promise.all(Object.values(urls).map((u) => dropDatabase(u).catch(() => undefined))).then());
  return urls;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-admin-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof CliError) return err.message;
    throw err;
  }
  throw new Error('expected a CliError');
}

/** What a service database holds, table by table, in key order. */
async function contents(url: string): Promise<Record<string, unknown[]>> {
  const tables = await query<{ t: string }>(
    url,
    `select tablename as t from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { t } of tables) out[t] = await query(url, `select * from "${t}" order by 1, 2`);
  return out;
}

beforeAll(async () => {
  const dbs = await Promise.all(SERVICES.map((s) => createTestDatabase(`adm_bak_${s}`)));
  source = {
    urls: { catalog: dbs[0].url, builds: dbs[1].url, auth: dbs[2].url },
    drop: async () => void (await Promise.all(dbs.map((d) => d.drop()))),
  };
  // Migrated as the services migrate them, then some rows in each (ids as the sequences give them).
  await (await openCatalogImport(source.urls.catalog)).close();
  await (await openBuildsImport(source.urls.builds)).close();
  await (await openAuthImport(source.urls.auth)).close();
  await query(
    source.urls.catalog,
    `insert into mods (name, pretty_name, author) values ('jei', 'JEI', 'mezz'), ('ae2', 'AE2', null)`,
  );
  await query(
    source.urls.catalog,
    `insert into mod_versions (mod_id, version, md5, filesize) values (1, '1.0', repeat('a', 32), 10), (2, '2.0', repeat('b', 32), null)`,
  );
  await query(
    source.urls.catalog,
    `insert into outbox (type, payload, published_at) values ('mod.updated', '{"mod_id":1}', now())`,
  );
  await query(source.urls.builds, `insert into modpacks (name, slug) values ('Pack', 'pack'), ('Other', 'other')`);
  await query(source.urls.builds, `insert into builds (modpack_id, version, minecraft) values (1, '1', '1.20.1')`);
  // (version 99 is not in catalog: deleted there after builds' snapshot, say)
  await query(
    source.urls.builds,
    `insert into build_mods (build_id, mod_id, mod_version_id) values (1, 1, 1), (1, 9, 99)`,
  );
  // (version 2 and mod 2 are tombstoned, but catalog holds them: its snapshot came before the delete)
  await query(source.urls.builds, `insert into deleted_mod_versions (mod_version_id) values (2)`);
  await query(source.urls.builds, `insert into deleted_mods (mod_id) values (2)`);
  await query(source.urls.auth, `insert into users (username, permissions) values ('alice', '{mods_create}')`);
  // (modpack 7 is not in builds)
  await query(source.urls.auth, `insert into user_modpacks (user_id, modpack_id) values (1, 1), (1, 7)`);
  await query(source.urls.auth, `insert into tokens (user_id, name, token_hash) values (1, 'cli', repeat('c', 64))`);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await source?.drop();
});

test('a round trip: every row back, sequences past every id, dangling references reconciled', async () => {
  const dir = tempDir();
  const made = await backupDatabases(config(source.urls), dir);
  expect(made.services.catalog.rows).toEqual({ mod_versions: 2, mods: 2, outbox: 1 });
  expect(made.services.builds.rows).toMatchObject({ modpacks: 2, builds: 1, build_mods: 2 });
  // The directory is taken now.
  expect(await failure(backupDatabases(config(source.urls), dir))).toMatch(
    /is not empty: back up into a new directory/,
  );

  const urls = targets();
  const restored = await restoreDatabases(config(urls), dir);
  expect(restored.reconciled).toEqual({ detached_assignments: 1, lifted_tombstones: 2, removed_links: 1 });
  expect(await contents(urls.catalog)).toEqual(await contents(source.urls.catalog));
  expect(await contents(urls.auth)).toEqual({
    ...(await contents(source.urls.auth)),
    user_modpacks: [{ user_id: 1, modpack_id: 1 }],
  });
  const builds = await contents(urls.builds);
  expect(builds.build_mods).toEqual([expect.objectContaining({ mod_id: 1, mod_version_id: 1 })]);
  expect(builds.deleted_mod_versions).toEqual([expect.objectContaining({ mod_version_id: 99 })]);
  expect(builds.deleted_mods).toEqual([expect.objectContaining({ mod_id: 9 })]);
  // New rows continue after the backed-up ones; new events far above any old event id.
  const [mod] = await query<{ id: number }>(
    urls.catalog,
    `insert into mods (name, pretty_name) values ('new', 'New') returning id`,
  );
  expect(mod.id).toBe(3);
  const [event] = await query<{ id: string }>(
    urls.catalog,
    `insert into outbox (type, payload) values ('x', '{}') returning id`,
  );
  expect(BigInt(event.id)).toBeGreaterThan(BigInt(Date.now()) * 1000n - 60_000_000n);
  // The migrations are the services' own, all applied.
  expect((await query(urls.builds, 'select name from mikro_orm_migrations')).length).toBe(
    (await query(source.urls.builds, 'select name from mikro_orm_migrations')).length,
  );

  // Databases that hold data: refused, unchanged; replaced with --force.
  const before = await contents(urls.catalog);
  expect(await failure(restoreDatabases(config(urls), dir))).toBe(
    `catalog's database (${urls.catalog}) is not empty (mod_versions: 2 rows, mods: 3 rows, outbox: 2 rows): ` +
      'restore into empty databases, or add --force to replace what they hold',
  );
  expect(await contents(urls.catalog)).toEqual(before);
  await restoreDatabases(config(urls), dir, { force: true });
  expect(await contents(urls.catalog)).toEqual(await contents(source.urls.catalog));
});

test('refused before anything is written: a damaged file, an unknown migration, no manifest', async () => {
  const dir = tempDir();
  await backupDatabases(config(source.urls), dir);
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const urls = targets();
  const untouched = async () => {
    for (const url of Object.values(urls)) {
      const name = new URL(url).pathname.slice(1);
      expect(await query(source.urls.catalog, 'select 1 from pg_database where datname = $1', [name])).toEqual([]);
    }
  };

  const damaged = path.join(dir, manifest.services.builds.tables[0].file);
  const original = fs.readFileSync(damaged);
  fs.writeFileSync(damaged, Buffer.concat([original, Buffer.from([0])]));
  expect(await failure(restoreDatabases(config(urls), dir))).toBe(
    `${damaged} is damaged (its checksum differs from the manifest's)`,
  );
  fs.writeFileSync(damaged, original);
  await untouched();

  const newer = { ...manifest, services: { ...manifest.services, auth: { ...manifest.services.auth } } };
  newer.services.auth.migrations = [...manifest.services.auth.migrations, 'Migration29991231000000_future'];
  fs.writeFileSync(manifestPath, JSON.stringify(newer));
  expect(await failure(restoreDatabases(config(urls), dir))).toBe(
    "the backup's auth schema has migration Migration29991231000000_future, which this Depot does not have at " +
      'that place: restore it with the Depot release that made it (or a newer one)',
  );
  fs.rmSync(manifestPath);
  expect(await failure(restoreDatabases(config(urls), dir))).toBe(
    `${manifestPath} not found: not a Depot backup, or an unfinished one`,
  );
  await untouched();
});
