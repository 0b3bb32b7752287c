// The catalog over gRPC against a real PostgreSQL and NATS.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { jetstream } from '@nats-io/jetstream';
import { eventSubject, streamName } from '@depot/common';
import { createClient, fromServiceError } from '@depot/common/grpc';
import { connectBus, type Bus } from '@depot/common/bus';
import {
  createTestDatabase,
  createTestNamespace,
  eventually,
  silentLogger,
  TEST_NATS_URL,
} from '@depot/common/testing';
import { CatalogService, type catalogV1 } from '@depot/proto';
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

/** A mirror of the test's own: path → archive. */
const archives = new Map<string, Buffer>();
let mirror: http.Server;
let mirrorUrl: string;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
let inFlight = 0;
let maxInFlight = 0;
let slowClosed = false;

beforeAll(async () => {
  mirror = http.createServer((req, res) => {
    if (req.url === '/repo/mods/slow/slow-1.0.zip') {
      // Headers, then nothing: the fetch waits until it is stopped.
      res.writeHead(200, { 'content-length': 100 });
      res.write('x');
      req.socket.once('close', () => (slowClosed = true));
      return;
    }
    const body = archives.get(req.url ?? '');
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Slow enough that fetches overlap.
    setTimeout(() => {
      inFlight--;
      if (body) res.writeHead(200, { 'content-length': body.length }).end(body);
      else res.writeHead(404).end();
    }, 10);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/repo/`;
  db = await createTestDatabase('catalog_svc');
  ns = createTestNamespace('catalog');
  const config = catalogConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    CATALOG_GRPC_LISTEN: '127.0.0.1:0',
    SERVICE_MIRROR_URL: mirrorUrl,
    // The test's mirror is on loopback.
    ARCHIVE_ALLOW_PRIVATE: 'true',
  });
  app = await startCatalog(config, {
    logger: silentLogger(),
    usage: {
      buildsUsing: async () => [],
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
  mirror?.close();
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

test('notes and a version url: stored, read, cleared; the url replaces the mirror form in build mods', async () => {
  const mod = await client.CreateMod({ name: 'optifine', pretty_name: 'OptiFine', notes: 'no rehosting' });
  expect(mod.notes).toBe('no rehosting');
  expect((await client.GetMod({ slug: 'optifine' })).notes).toBe('no rehosting');
  const own = 'https://optifine.example/adloadx?f=OptiFine_1.20.1_HD_U_I6.jar';
  const v = await client.CreateVersion({
    slug: 'optifine',
    version: 'HD_U_I6',
    md5: 'd'.repeat(32),
    url: own,
    notes: 'n',
  });
  expect(v).toMatchObject({ url: own, notes: 'n' });
  expect(await client.GetVersion({ slug: 'optifine', version: 'HD_U_I6' })).toMatchObject({ url: own, notes: 'n' });
  const plain = await client.CreateVersion({ slug: 'optifine', version: 'HD_U_I5', md5: 'e'.repeat(32) });
  expect(plain.url).toBeUndefined();
  expect(plain.notes).toBeUndefined();

  const rendered = await client.RenderBuildMods({ ids: [v.id, plain.id], mirror_url: 'https://m.test/' });
  expect(JSON.parse(rendered.mods_json.toString()).map((m: { url: string }) => m.url)).toEqual([
    own,
    'https://m.test/mods/optifine/optifine-HD_U_I5.zip',
  ]);

  // A mask without url keeps it; url in the mask without a value clears it.
  const kept = await client.UpdateVersion({
    slug: 'optifine',
    version: 'HD_U_I6',
    md5: 'f'.repeat(32),
    update_mask: ['md5'],
  });
  expect(kept).toMatchObject({ url: own, notes: 'n', md5: 'f'.repeat(32) });
  const cleared = await client.UpdateVersion({ slug: 'optifine', version: 'HD_U_I6', update_mask: ['url', 'notes'] });
  expect(cleared.url).toBeUndefined();
  expect(cleared.notes).toBeUndefined();
  const noNotes = await client.UpdateMod({ slug: 'optifine', update_mask: ['notes'] });
  expect(noNotes.notes).toBeUndefined();
});

describe('archives', () => {
  const archive = Buffer.from('PK\u0003\u0004 the real archive of thermal 1.0');

  beforeAll(async () => {
    await client.CreateMod({ name: 'thermal', pretty_name: 'Thermal' });
    archives.set('/repo/mods/thermal/thermal-1.0.zip', archive);
    archives.set('/repo/elsewhere/thermal-own.zip', Buffer.from('its own'));
  });

  test('RehashVersion: what the archive is and whether it matches; store writes a difference', async () => {
    const v = await client.CreateVersion({ slug: 'thermal', version: '1.0', md5: '0'.repeat(32) });
    const url = `${mirrorUrl}mods/thermal/thermal-1.0.zip`;
    const found = await client.RehashVersion({ slug: 'thermal', version: '1.0' });
    expect(found).toEqual({
      url,
      md5: md5(archive),
      filesize: archive.length,
      recorded_md5: '0'.repeat(32),
      md5_matches: false,
      filesize_matches: false,
      stored: false,
    });
    expect(await client.GetVersion({ slug: 'thermal', version: '1.0' })).toMatchObject({ md5: '0'.repeat(32) });

    const js = jetstream(bus.nc);
    const stored = await client.RehashVersion({ slug: 'thermal', version: '1.0', store: true });
    expect(stored).toMatchObject({ md5: md5(archive), md5_matches: false, stored: true });
    expect(await client.GetVersion({ slug: 'thermal', version: '1.0' })).toMatchObject({
      md5: md5(archive),
      filesize: archive.length,
    });
    const event = await eventually(async () => {
      const msg = await js.streams
        .get(streamName(ns.namespace))
        .then((s) => s.getMessage({ last_by_subj: eventSubject(ns.namespace, 'mod.version.updated') }));
      const data = msg?.json<{ mod_id: number; version_id: number }>();
      return data?.version_id === v.id ? data : undefined;
    });
    expect(event).toEqual({ mod_id: v.mod_id, version_id: v.id });

    // Now it matches: nothing to store.
    expect(await client.RehashVersion({ slug: 'thermal', version: '1.0', store: true })).toMatchObject({
      url,
      md5: md5(archive),
      filesize: archive.length,
      recorded_md5: md5(archive),
      recorded_filesize: archive.length,
      md5_matches: true,
      filesize_matches: true,
      stored: false,
    });
  });

  test("RehashVersion fetches a version's own url; refuses hosts not allowed; says when the archive is missing", async () => {
    const ownUrl = `${mirrorUrl}elsewhere/thermal-own.zip`;
    await client.CreateVersion({ slug: 'thermal', version: 'own', md5: md5(Buffer.from('its own')), url: ownUrl });
    expect(await client.RehashVersion({ slug: 'thermal', version: 'own' })).toMatchObject({
      url: ownUrl,
      md5_matches: true,
      filesize_matches: false,
    });

    await client.CreateVersion({
      slug: 'thermal',
      version: 'far',
      md5: 'a'.repeat(32),
      url: 'https://cdn.example.com/x.zip',
    });
    const refused = await failure(client.RehashVersion({ slug: 'thermal', version: 'far', store: true }));
    expect(refused.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(refused.error?.reason).toBe('ARCHIVE_REFUSED');
    expect(refused.error?.message).toBe(
      'The archive URL may not be fetched: the host cdn.example.com is not one archives may be fetched from (ARCHIVE_HOSTS).',
    );

    await client.CreateVersion({ slug: 'thermal', version: '2.0', md5: 'b'.repeat(32) });
    const missing = await failure(client.RehashVersion({ slug: 'thermal', version: '2.0', store: true }));
    expect(missing.error?.reason).toBe('ARCHIVE_MISSING');
    expect(missing.error?.message).toBe(
      `The archive is missing: ${mirrorUrl}mods/thermal/thermal-2.0.zip answered 404.`,
    );
    expect(await client.GetVersion({ slug: 'thermal', version: '2.0' })).toMatchObject({ md5: 'b'.repeat(32) });

    expect((await failure(client.RehashVersion({ slug: 'thermal', version: '9' }))).error?.reason).toBe(
      'VERSION_NOT_FOUND',
    );
    expect((await failure(client.RehashVersion({ slug: 'nope', version: '9' }))).error?.reason).toBe('MOD_NOT_FOUND');
  });

  test('CheckVersionArchives: every version checked, a page at a time, the total first; nothing written', async () => {
    const all: catalogV1.ArchiveCheck__Output[] = [];
    let after = 0;
    let total: number | undefined;
    for (;;) {
      const page = await client.CheckVersionArchives({ after_id: after, limit: 2, concurrency: 2 });
      expect(page.mirror_url).toBe(mirrorUrl);
      if (after === 0) total = page.total;
      else expect(page.total).toBeUndefined();
      all.push(...page.checks);
      if (page.checks.length < 2) break;
      after = page.checks[page.checks.length - 1].id;
    }
    expect(all.length).toBe(total);
    expect(all.map((v) => v.id)).toEqual([...all.map((v) => v.id)].sort((a, b) => a - b));
    const thermal = all
      .filter((c) => c.mod === 'thermal')
      .map((c) => ({
        version: c.version,
        url: c.url,
        md5: c.md5,
        filesize: c.filesize,
        problem: c.problem,
        message: c.message,
      }));
    expect(thermal).toEqual([
      {
        version: '1.0',
        url: `${mirrorUrl}mods/thermal/thermal-1.0.zip`,
        md5: md5(archive),
        filesize: archive.length,
        problem: undefined,
        message: undefined,
      },
      {
        version: 'own',
        url: `${mirrorUrl}elsewhere/thermal-own.zip`,
        md5: md5(Buffer.from('its own')),
        filesize: 7,
        problem: undefined,
        message: undefined,
      },
      {
        version: 'far',
        url: 'https://cdn.example.com/x.zip',
        md5: undefined,
        filesize: undefined,
        problem: 'refused',
        message: 'the host cdn.example.com is not one archives may be fetched from (ARCHIVE_HOSTS)',
      },
      {
        version: '2.0',
        url: `${mirrorUrl}mods/thermal/thermal-2.0.zip`,
        md5: undefined,
        filesize: undefined,
        problem: 'missing',
        message: `${mirrorUrl}mods/thermal/thermal-2.0.zip answered 404`,
      },
    ]);
    expect(all.find((c) => c.mod === 'thermal' && c.version === '2.0')).toMatchObject({ recorded_md5: 'b'.repeat(32) });
    expect(await client.GetVersion({ slug: 'thermal', version: '2.0' })).toMatchObject({ md5: 'b'.repeat(32) });
  });

  test('a fetch stops when the caller gives up (its deadline passed)', async () => {
    await client.CreateMod({ name: 'slow', pretty_name: 'Slow' });
    await client.CreateVersion({ slug: 'slow', version: '1.0', md5: 'c'.repeat(32) });
    const gaveUp = await failure(client.RehashVersion({ slug: 'slow', version: '1.0' }, { deadlineMs: 300 }));
    expect(gaveUp.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    await eventually(async () => slowClosed || undefined);
  });

  test('CheckVersionArchives fetches at most `concurrency` archives at a time', async () => {
    await client.CreateMod({ name: 'pool', pretty_name: 'Pool' });
    let first = 0;
    for (let i = 0; i < 9; i++) {
      archives.set(`/repo/mods/pool/pool-${i}.zip`, Buffer.from(`pool ${i}`));
      const v = await client.CreateVersion({ slug: 'pool', version: String(i), md5: md5(Buffer.from(`pool ${i}`)) });
      first ||= v.id;
    }
    maxInFlight = 0;
    const page = await client.CheckVersionArchives({ after_id: first - 1, limit: 9, concurrency: 3 });
    expect(page.checks.map((c) => [c.version, c.md5 === c.recorded_md5])).toEqual(
      Array.from({ length: 9 }, (_, i) => [String(i), true]),
    );
    expect(maxInFlight).toBe(3);
  });
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
