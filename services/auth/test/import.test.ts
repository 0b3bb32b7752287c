/* eslint-disable @typescript-eslint/no-explicit-any -- SQL rows are checked by value */
// The auth service's bulk import (used by the admin CLI's import-solder) against a real
// PostgreSQL: keys stored hashed and matched by value, clients by uuid whatever its case, links
// mirrored for the imported modpacks only.
import { createTestDatabase } from '@depot/common/testing';
import { openAuthImport, type AuthImport } from '../src/import';
import { clientIdDigest, digest } from '../src/secrets';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let auth: Awaited<ReturnType<typeof openAuthImport>>;

beforeAll(async () => {
  db = await createTestDatabase('auth_import');
  auth = await openAuthImport(db.url); // applies the migrations
});

afterAll(async () => {
  await auth?.close();
  await db?.drop();
});

const sql = async (text: string) => auth.orm.em.fork().execute<Record<string, any>[]>(text);
const UUID = '5f1c2f7e-1111-4a1a-9c1c-000000000001';

const input = (): AuthImport => ({
  keys: [
    { name: 'platform', apiKey: 'key-one', createdAt: '2024-01-01T00:00:00.000Z' },
    { name: 'backup', apiKey: 'key-two' },
  ],
  clients: [{ name: 'laptop', uuid: UUID, modpackIds: [1, 2] }],
  managedModpackIds: [1, 2, 3],
});

test('keys are stored as digests only; clients with their links', async () => {
  const result = await auth.run(input());
  expect(result).toEqual({
    keys: { inserted: 2, updated: 0, unchanged: 0 },
    clients: { inserted: 1, updated: 0, unchanged: 0 },
    links: { inserted: 2, removed: 0, unchanged: 0 },
  });
  const keys = await sql('select name, key_hash, created_at from keys order by id');
  expect(keys.map((k) => [k.name, k.key_hash])).toEqual([
    ['platform', digest('key-one')],
    ['backup', digest('key-two')],
  ]);
  expect(new Date(keys[0].created_at).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  expect(JSON.stringify(await sql('select * from keys'))).not.toMatch(/key-one|key-two/);
  const [client] = await sql('select id, name, uuid, uuid_hash from clients');
  expect(client).toMatchObject({ name: 'laptop', uuid: UUID, uuid_hash: clientIdDigest(UUID) });
  expect((await sql('select modpack_id from client_modpacks order by 1')).map((r) => r.modpack_id)).toEqual([1, 2]);
});

test('a second identical run changes nothing', async () => {
  expect(await auth.run(input())).toEqual({
    keys: { inserted: 0, updated: 0, unchanged: 2 },
    clients: { inserted: 0, updated: 0, unchanged: 1 },
    links: { inserted: 0, removed: 0, unchanged: 2 },
  });
});

test('names follow the source; links to imported modpacks mirror it, other links stay', async () => {
  await sql(`insert into client_modpacks (client_id, modpack_id) select id, 99 from clients`); // a Depot-only pack
  const changed = input();
  changed.keys[0].name = 'platform-2';
  changed.clients = [{ name: 'desk', uuid: UUID.toUpperCase(), modpackIds: [2, 3] }];
  expect(await auth.run(changed)).toEqual({
    keys: { inserted: 0, updated: 1, unchanged: 1 },
    clients: { inserted: 0, updated: 1, unchanged: 0 },
    links: { inserted: 1, removed: 1, unchanged: 1 },
  });
  expect((await sql('select name from clients')).map((r) => r.name)).toEqual(['desk']);
  expect((await sql('select modpack_id from client_modpacks order by 1')).map((r) => r.modpack_id)).toEqual([2, 3, 99]);
  expect((await sql('select name from keys order by id')).map((r) => r.name)).toEqual(['platform-2', 'backup']);
});

test('refuses a key value or a client uuid given twice, without echoing the uuid', async () => {
  const keys = input();
  keys.keys.push({ name: 'again', apiKey: 'key-one' });
  await expect(auth.run(keys)).rejects.toThrow(/key "again": the same key value appears twice/);
  const clients = input();
  clients.clients.push({ name: 'other', uuid: UUID.toUpperCase(), modpackIds: [] });
  const err = await auth.run(clients).catch((e: Error) => e);
  expect((err as Error).message).toMatch(/client "other": its uuid appears twice/);
  expect((err as Error).message).not.toContain(UUID.slice(0, 8));
});
