// The builds service never commits a write after its caller gave up, against a real PostgreSQL:
// a modpack create that stalls on a lock past the caller's deadline leaves no modpack and no
// event behind, so that a retry succeeds instead of meeting "The modpack already exists.".
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
import { BuildsService } from '@depot/proto';
import { startBuilds, type BuildsApp } from '../src/app';
import { buildsConfigSchema } from '../src/config';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
let app: BuildsApp;
let client: ReturnType<typeof createClient<typeof BuildsService.service>>;

beforeAll(async () => {
  db = await createTestDatabase('builds_deadline');
  ns = createTestNamespace('builds_deadline');
  app = await startBuilds(
    buildsConfigSchema.parse({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      BUILDS_GRPC_LISTEN: '127.0.0.1:0',
      // Modpack writes do not ask the catalog.
      CATALOG_GRPC_ADDR: '127.0.0.1:1',
    }),
    { logger: silentLogger() },
  );
  client = createClient(BuildsService, `127.0.0.1:${app.port}`);
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

test('a modpack create that stalls past its deadline is not committed: no modpack, no event, a retry succeeds', async () => {
  const lock = await holdLock(db.url, 'lock table modpacks in share mode');
  const create = code(client.CreateModpack({ name: 'Stalled', slug: 'stalled' }, { deadlineMs: 1000 }));
  await lock.waitedOn();
  expect(await create).toBe('DEADLINE_EXCEEDED');
  // The other writer finishes well after the caller gave up (the service counts the deadline from
  // when the call reached it, a little later); whatever waited on it has ended when release() returns.
  await sleep(250);
  await lock.release();

  const missing = await client
    .GetBuildSource({ slug: 'stalled', version: '1' })
    .catch((err: unknown) => fromServiceError(err)?.message);
  expect(missing).toBe('Modpack not found.');
  expect(await events()).toBe(0);

  const retried = await client.CreateModpack({ name: 'Stalled', slug: 'stalled' });
  const { modpacks } = await client.ListModpackSources({});
  expect(modpacks.map((m) => m.modpack)).toContainEqual(expect.objectContaining({ id: retried.id, name: 'Stalled' }));
  expect(await events()).toBe(1);
});

test('reads are answered as before, also while a write waits on the same table', async () => {
  await client.CreateModpack({ name: 'Readable', slug: 'readable' });
  const lock = await holdLock(db.url, 'lock table modpacks in share mode');
  try {
    const { modpacks } = await client.ListModpackSources({}, { deadlineMs: 2000 });
    expect(modpacks.map((m) => m.modpack?.name)).toContain('Readable');
  } finally {
    await lock.release();
  }
});
