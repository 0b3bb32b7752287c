// The auth service never commits a write after its caller gave up, against a real PostgreSQL: a
// user create (a transaction) and a key delete (a single statement) that stall on a lock past the
// caller's deadline change nothing, so that a retry succeeds instead of meeting "The username has
// already been taken." or "Key not found.".
import * as grpc from '@grpc/grpc-js';
import { createClient, fromServiceError } from '@depot/common/grpc';
import { sleep } from '@depot/common/bus';
import { createTestDatabase, createTestNamespace, holdLock, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { actor } from './helpers';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
let app: AuthApp;
let client: ReturnType<typeof createClient<typeof AuthService.service>>;

const full = actor(['solder_full']);

beforeAll(async () => {
  db = await createTestDatabase('auth_deadline');
  ns = createTestNamespace('auth_deadline');
  const config = authConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    AUTH_GRPC_LISTEN: '127.0.0.1:0',
  });
  app = await startAuth(config, { logger: silentLogger() });
  client = createClient(AuthService, `127.0.0.1:${app.port}`);
});

afterAll(async () => {
  client?.close();
  await app?.stop();
  await ns?.drop();
  await db?.drop();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: grpc.ServiceError) => grpc.status[err.code],
  );

test('a user create that stalls past its deadline is not committed, and a retry succeeds', async () => {
  const lock = await holdLock(db.url, 'lock table users in share mode');
  const create = code(
    client.CreateUser({ actor: full, username: 'stalled', permissions: [], modpack_ids: [] }, { deadlineMs: 1000 }),
  );
  await lock.waitedOn();
  expect(await create).toBe('DEADLINE_EXCEEDED');
  // The other writer finishes well after the caller gave up (the service counts the deadline from
  // when the call reached it, a little later); whatever waited on it has ended when release() returns.
  await sleep(250);
  await lock.release();

  const missing = await client.GetUser({ username: 'stalled' }).catch((err: unknown) => fromServiceError(err)?.message);
  expect(missing).toBe('User not found.');
  const retried = await client.CreateUser({ actor: full, username: 'stalled', permissions: [], modpack_ids: [] });
  expect(await client.GetUser({ username: 'stalled' })).toMatchObject({ id: retried.id, username: 'stalled' });
});

test('a key delete (one statement) that stalls past its deadline is cancelled, and a retry deletes the key', async () => {
  const key = await client.CreateKey({ name: 'Technic' });
  const lock = await holdLock(db.url, `select 1 from keys where id = ${key.id} for update`);
  const remove = code(client.DeleteKey({ id: key.id }, { deadlineMs: 1000 }));
  await lock.waitedOn();
  expect(await remove).toBe('DEADLINE_EXCEEDED');
  // The other writer finishes well after the caller gave up (the service counts the deadline from
  // when the call reached it, a little later); whatever waited on it has ended when release() returns.
  await sleep(250);
  await lock.release();

  expect((await client.ListKeys({})).keys.map((k) => k.id)).toEqual([key.id]);
  await client.DeleteKey({ id: key.id });
  expect((await client.ListKeys({})).keys).toEqual([]);
});

test('reads are answered as before, also while a write waits on the same table', async () => {
  await client.CreateUser({ actor: full, username: 'readable', permissions: ['mods_manage'], modpack_ids: [] });
  const lock = await holdLock(db.url, 'lock table users in share mode');
  try {
    const read = await client.GetUser({ username: 'readable' }, { deadlineMs: 2000 });
    expect(read.permissions).toEqual(['mods_manage']);
  } finally {
    await lock.release();
  }
});
