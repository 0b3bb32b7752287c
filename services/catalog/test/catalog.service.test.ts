// The catalog over gRPC against a real PostgreSQL and NATS.
import * as grpc from '@grpc/grpc-js';
import { jetstream } from '@nats-io/jetstream';
import { connectBus, createClient, eventSubject, fromServiceError, streamName, type Bus } from '@depot/common';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
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
let bus: Bus;
let inUse = 0;
/** Whether the reservation still holds, and the reservations released, as the catalog used them. */
let holds = true;
let released = 0;

beforeAll(async () => {
  db = await createTestDatabase('catalog_svc');
  ns = createTestNamespace('catalog');
  const config = catalogConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    CATALOG_GRPC_LISTEN: '127.0.0.1:0',
  });
  app = await startCatalog(config, {
    logger: silentLogger(),
    usage: {
      reserveDeletion: async () => ({ count: inUse, holds: () => holds, release: async () => void released++ }),
    },
  });
  client = createClient(CatalogService, `127.0.0.1:${app.port}`);
  bus = await connectBus(TEST_NATS_URL, ns.namespace, silentLogger());
});

afterAll(async () => {
  client?.close();
  await bus?.close();
  await app?.stop();
  await ns?.drop();
  await db?.drop();
});

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return { code: (err as grpc.ServiceError).code, error: fromServiceError(err) };
  }
  throw new Error('expected the call to fail');
}

test('creates, reads, updates a mod and refuses a duplicate name case-insensitively', async () => {
  const created = await client.CreateMod({ name: 'jei', pretty_name: 'Just Enough Items', link: 'https://x.test/jei' });
  expect(created).toMatchObject({ name: 'jei', pretty_name: 'Just Enough Items', link: 'https://x.test/jei' });
  expect(created.author).toBeUndefined();
  expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

  const dup = await failure(client.CreateMod({ name: 'JEI', pretty_name: 'x' }));
  expect(dup.code).toBe(grpc.status.ALREADY_EXISTS);
  expect(dup.error?.details.fields).toEqual({ name: ['The name has already been taken.'] });

  const updated = await client.UpdateMod({
    slug: 'jei',
    author: 'mezz',
    link: undefined,
    update_mask: ['author', 'link'],
  });
  expect(updated).toMatchObject({ name: 'jei', author: 'mezz' });
  expect(updated.link).toBeUndefined();

  const same = await client.UpdateMod({ slug: 'jei', name: 'jei', update_mask: ['name'] });
  expect(same.name).toBe('jei');

  const list = await client.ListMods({});
  expect(list.mods).toEqual([{ id: created.id, name: 'jei', pretty_name: 'Just Enough Items' }]);
});

test('versions: unique within a mod, md5 stored lowercase, 404 reasons', async () => {
  await client.CreateMod({ name: 'ae2', pretty_name: 'Applied Energistics 2' });
  const v = await client.CreateVersion({
    slug: 'ae2',
    version: '1.0',
    md5: 'ABCDEF0123456789ABCDEF0123456789',
    filesize: 5_000_000_000,
  });
  expect(v).toMatchObject({ version: '1.0', md5: 'abcdef0123456789abcdef0123456789', filesize: 5_000_000_000 });
  expect(
    (await failure(client.CreateVersion({ slug: 'ae2', version: '1.0', md5: 'a'.repeat(32) }))).error?.reason,
  ).toBe('VERSION_EXISTS');
  expect((await failure(client.GetVersion({ slug: 'nope', version: '1.0' }))).error?.reason).toBe('MOD_NOT_FOUND');
  expect((await failure(client.GetVersion({ slug: 'ae2', version: '2.0' }))).error?.reason).toBe('VERSION_NOT_FOUND');
  const mod = await client.GetMod({ slug: 'ae2' });
  expect(mod.versions).toEqual(['1.0']);

  // A build's mods, rendered: ids that no longer exist are left out, URLs on the given mirror.
  const ae2 = { id: v.id, name: 'ae2', version: '1.0', md5: v.md5, filesize: 5_000_000_000 };
  const url = 'https://mirror.test/repo/mods/ae2/ae2-1.0.zip';
  const detailed = await client.RenderBuildMods({
    ids: [v.id, 999999],
    mirror_url: 'https://mirror.test/repo/',
    with_details: true,
    with_mods: true,
  });
  expect(JSON.parse(detailed.mods_json.toString())).toEqual([
    { ...ae2, url, pretty_name: 'Applied Energistics 2', author: null, description: null, link: null },
  ]);
  expect(detailed.mod_ids).toEqual([v.mod_id]);
  expect(detailed.mod_names).toEqual(['ae2']);
  // Without details (a plain build read) only what a build response shows, and no mod list.
  const lean = await client.RenderBuildMods({ ids: [999999, v.id], mirror_url: 'https://mirror.test/repo' });
  expect(JSON.parse(lean.mods_json.toString())).toEqual([{ ...ae2, url }]);
  expect(lean.mod_ids).toEqual([]);
  expect(lean.mod_names).toEqual([]);
});

test('deleting a version in use is refused with the count; deleting a mod publishes mod.deleted', async () => {
  await client.CreateMod({ name: 'create', pretty_name: 'Create' });
  const v1 = await client.CreateVersion({ slug: 'create', version: '0.5', md5: 'b'.repeat(32) });
  const v2 = await client.CreateVersion({ slug: 'create', version: '0.6', md5: 'c'.repeat(32) });

  inUse = 3;
  const refused = await failure(client.DeleteVersion({ slug: 'create', version: '0.5' }));
  expect(refused.code).toBe(grpc.status.FAILED_PRECONDITION);
  expect(refused.error?.details.count).toBe(3);
  expect(refused.error?.message).toBe('Mod version is in use by 3 build(s) and cannot be deleted.');
  inUse = 0;

  const js = jetstream(bus.nc);
  const deleted = await client.DeleteMod({ slug: 'create' });
  expect(deleted.version_ids.sort()).toEqual([v1.id, v2.id].sort());
  expect((await failure(client.GetMod({ slug: 'create' }))).error?.reason).toBe('MOD_NOT_FOUND');

  const event = await eventually(async () => {
    const msg = await js.streams
      .get(streamName(ns.namespace))
      .then((s) => s.getMessage({ last_by_subj: eventSubject(ns.namespace, 'mod.deleted') }));
    return msg?.json<{ mod_id: number; version_ids: number[] }>();
  });
  expect(event).toEqual({ mod_id: deleted.mod_id, version_ids: deleted.version_ids });
});

test('a version delete releases its reservation when it does not happen, and only then', async () => {
  await client.CreateMod({ name: 'reserved', pretty_name: 'Reserved' });
  await client.CreateVersion({ slug: 'reserved', version: '1', md5: 'd'.repeat(32) });
  await client.CreateVersion({ slug: 'reserved', version: '2', md5: 'e'.repeat(32) });
  released = 0;

  // Past the reservation's budget: refused as unavailable, nothing deleted, reservation released.
  holds = false;
  try {
    expect((await failure(client.DeleteVersion({ slug: 'reserved', version: '1' }))).code).toBe(
      grpc.status.UNAVAILABLE,
    );
  } finally {
    holds = true;
  }
  expect(released).toBe(1);
  expect((await client.GetMod({ slug: 'reserved' })).versions).toEqual(['1', '2']);

  // Deleted: the reservation stays (builds' detach replaces it with the tombstone).
  await client.DeleteVersion({ slug: 'reserved', version: '1' });
  expect(released).toBe(1);
  expect((await client.GetMod({ slug: 'reserved' })).versions).toEqual(['2']);
});
