// The catalog never commits a write after its caller gave up, against a real PostgreSQL: a create
// that stalls on a lock past the caller's deadline leaves no mod and no event behind, so that a
// retry succeeds instead of meeting "The name has already been taken.".
import * as grpc from '@grpc/grpc-js';
import { createClient, fromServiceError } from '@depot/common/grpc';
import { sleep } from '@depot/common/bus';
import {
  createTestDatabase,
  createTestNamespace,
  holdLock,
  queryDatabase,
  silentLogger,
  TEST_NATS_URL,
} from '@depot/common/testing';
import { CatalogService } from '@depot/proto';
import { startCatalog, type CatalogApp } from '../src/app';
import { catalogConfigSchema } from '../src/config';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
let app: CatalogApp;
let client: ReturnType<typeof createClient<typeof CatalogService.service>>;

beforeAll(async () => {
  db = await createTestDatabase('catalog_deadline');
  ns = createTestNamespace('catalog_deadline');
  app = await startCatalog(
    catalogConfigSchema.parse({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      CATALOG_GRPC_LISTEN: '127.0.0.1:0',
    }),
    {
      logger: silentLogger(),
      usage: {
        buildsUsing: async () => [],
        reserveDeletion: async () => ({ count: 0, holds: () => true, release: async () => undefined }),
      },
    },
  );
  client = createClient(CatalogService, `127.0.0.1:${app.port}`);
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
const events = async () => (await queryDatabase<{ n: number }>(db.url, 'select count(*)::int as n from outbox'))[0].n;

test('a create that stalls past its deadline is not committed: no mod, no event, and a retry succeeds', async () => {
  const lock = await holdLock(db.url, 'lock table mods in share mode');
  const create = code(client.CreateMod({ name: 'stalled', pretty_name: 'Stalled' }, { deadlineMs: 1000 }));
  await lock.waitedOn();
  expect(await create).toBe('DEADLINE_EXCEEDED');
  // The other writer finishes well after the caller gave up (the service counts the deadline from
  // when the call reached it, a little later); whatever waited on it has ended when release() returns.
  await sleep(250);
  await lock.release();

  const missing = await client.GetMod({ slug: 'stalled' }).catch((err: unknown) => fromServiceError(err)?.message);
  expect(missing).toBe('Mod not found.');
  expect(await events()).toBe(0);

  const retried = await client.CreateMod({ name: 'stalled', pretty_name: 'Stalled' });
  expect(await client.GetMod({ slug: 'stalled' })).toMatchObject({ id: retried.id, pretty_name: 'Stalled' });
  expect(await events()).toBe(1);
});

test('reads are answered as before, also while a write waits on the same table', async () => {
  await client.CreateMod({ name: 'readable', pretty_name: 'Readable' });
  const lock = await holdLock(db.url, 'lock table mods in share mode');
  try {
    expect((await client.GetMod({ slug: 'readable' }, { deadlineMs: 2000 })).pretty_name).toBe('Readable');
    const listed = await client.ListMods({}, { deadlineMs: 2000 });
    expect(listed.mods.map((m) => m.name)).toEqual(['stalled', 'readable']);
  } finally {
    await lock.release();
  }
});
