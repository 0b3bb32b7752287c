// Hosted archives through the catalog's gRPC, on a real catalog (PostgreSQL, NATS) with a real
// store: run against each backend (archives-fs.test.ts, archives-s3.test.ts). What a caller sees:
// the answer, the version read back, and the store's objects listed afterwards.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import yauzl from 'yauzl';
import { createClient, fromServiceError } from '@depot/common/grpc';
import { sleep } from '@depot/common/bus';
import {
  createTestDatabase,
  createTestNamespace,
  queryDatabase,
  silentLogger,
  TEST_NATS_URL,
} from '@depot/common/testing';
import { CatalogService, type CatalogServiceClient } from '@depot/proto';
import { startCatalog, type CatalogApp } from '../../src/app';
import { catalogConfigSchema } from '../../src/config';
import { startS3Server, type S3Server } from './store/s3rver';
import { chunked, entries } from './store/store-contract';
import { makeJar, makeZip, rawCatalogClient, upload } from './client';

export const MAX_BYTES = 4 * 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface Harness {
  app: CatalogApp;
  client: ReturnType<typeof createClient<typeof CatalogService.service>>;
  raw: CatalogServiceClient;
  db: { url: string };
  s3?: S3Server;
  /** Starts another catalog on the same database and store, with these settings on top. */
  another(env: Record<string, string>): Promise<CatalogApp>;
}

/** A catalog on a fresh database, NATS namespace and store of `backend`; stopped after the file. */
export function catalogWithStore(backend: 'fs' | 's3'): Harness {
  const h = {} as Harness;
  let dir: string | undefined;
  let ns: ReturnType<typeof createTestNamespace>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const others: CatalogApp[] = [];
  let base: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase('catalog_store');
    ns = createTestNamespace('catalog_store');
    let store: Record<string, string>;
    if (backend === 's3') {
      h.s3 = await startS3Server();
      store = h.s3.env;
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-archives-'));
      store = { ARCHIVE_STORE: 'fs', ARCHIVE_STORE_DIR: dir };
    }
    base = {
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      CATALOG_GRPC_LISTEN: '127.0.0.1:0',
      ARCHIVE_MAX_BYTES: String(MAX_BYTES),
      // The tests sweep when they mean to.
      ARCHIVE_SWEEP_INTERVAL_MS: '0',
      ...store,
    };
    const start = (env: Record<string, string>) =>
      startCatalog(catalogConfigSchema.parse({ ...base, ...env }), {
        logger: silentLogger(),
        usage: {
          buildsUsing: async () => [],
          reserveDeletion: async () => ({ count: 0, holds: () => true, release: async () => undefined }),
        },
      });
    h.app = await start({});
    h.another = async (env) => {
      const app = await start(env);
      others.push(app);
      return app;
    };
    h.db = db;
    h.client = createClient(CatalogService, `127.0.0.1:${h.app.port}`, { deadlineMs: 20_000 });
    h.raw = rawCatalogClient(`127.0.0.1:${h.app.port}`);
  });
  afterAll(async () => {
    h.client?.close();
    h.raw?.close();
    for (const app of others) await app.stop();
    await h.app?.stop();
    await h.s3?.remove();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ns?.drop();
    await db?.drop();
  });
  return h;
}

export async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return { code: (err as grpc.ServiceError).code, error: fromServiceError(err) };
  }
  throw new Error('expected the call to fail');
}

/** The objects in the store (sha256s), and whether anything staged is left. */
export async function objects(app: CatalogApp): Promise<{ objects: string[]; staged: number }> {
  const all = await entries(app.store);
  return {
    objects: all
      .filter((e) => e.kind === 'object')
      .map((e) => e.name)
      .sort(),
    staged: all.filter((e) => e.kind === 'staged').length,
  };
}

async function zipEntries(zip: Buffer): Promise<Record<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const out: Record<string, Buffer> = {};
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await file.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out[entry.fileName] = Buffer.concat(chunks);
  }
  return out;
}

const header = (
  over: Partial<{
    slug: string;
    version: string;
    create_version: boolean;
    replace: boolean;
    file_name: string;
    size: number;
  }>,
) => ({
  slug: 'jei',
  version: '1.0',
  create_version: true,
  replace: false,
  file_name: 'jei-1.0.jar',
  ...over,
});

export function archiveServiceSuite(backend: 'fs' | 's3') {
  const h = catalogWithStore(backend);

  /** A version's hosted archive, whole, as the store holds it. */
  const hostedBytes = async (slug: string, version: string) => {
    const v = await h.client.GetVersion({ slug, version });
    const chunks: Buffer[] = [];
    for await (const c of await h.app.store.read(v.hosted!, 0, Number(v.filesize) - 1)) chunks.push(c as Buffer);
    return { data: Buffer.concat(chunks) };
  };

  beforeAll(async () => {
    await h.client.CreateMod({ name: 'jei', pretty_name: 'Just Enough Items' });
  });

  afterEach(async () => {
    // Whatever a test did, no staged object is left, and every object is named by a version, or
    // is a jar taken out of an archive a version names (jars.ts), and nothing else.
    const state = await objects(h.app);
    expect(state.staged).toBe(0);
    const named = await queryDatabase<{ hosted: string }>(
      h.db.url,
      `select hosted from mod_versions where hosted is not null
       union select j.sha256 from archive_jars j where exists (select 1 from mod_versions v where v.hosted = j.archive)`,
    );
    const orphans = await queryDatabase<{ archive: string }>(
      h.db.url,
      'select archive from archive_jars j where not exists (select 1 from mod_versions v where v.hosted = j.archive)',
    );
    expect(orphans).toEqual([]);
    expect(state.objects).toEqual(named.map((r) => r.hosted).sort());
  });

  test('a jar creates its version, packaged as mods/<file>.jar, with every digest of the stored bytes', async () => {
    const jar = await makeJar();
    const res = await upload(h.raw, header({ version: '1.0', file_name: 'C:\\Users\\me\\jei-1.0.jar' }), jar);
    expect(res).toMatchObject({ created_version: true, changed: true, stored: true, packaged: true, warnings: [] });

    const read = await hostedBytes('jei', '1.0');
    const stored = read.data;
    expect(Object.keys(await zipEntries(stored))).toEqual(['mods/jei-1.0.jar']);
    expect((await zipEntries(stored))['mods/jei-1.0.jar'].equals(jar)).toBe(true);
    const digests = {
      md5: md5(stored),
      filesize: stored.length,
      sha1: createHash('sha1').update(stored).digest('hex'),
      sha256: sha256(stored),
      sha512: createHash('sha512').update(stored).digest('hex'),
      hosted: sha256(stored),
    };
    expect(res.version).toMatchObject({ version: '1.0', ...digests });
    // Read back as every caller reads a version: the record holds what the store holds.
    const recorded = await h.client.GetVersion({ slug: 'jei', version: '1.0' });
    expect(recorded).toMatchObject(digests);
    expect(recorded.hosted_at).toBe(res.version!.hosted_at);
    // The launcher's view keeps its fields: md5, filesize and the mirror's url.
    const build = JSON.parse(
      (
        await h.client.RenderBuildMods({
          ids: [res.version!.id],
          mirror_url: 'https://m.test/',
          with_details: false,
          with_mods: false,
        })
      ).mods_json.toString(),
    );
    expect(build).toEqual([
      {
        id: res.version!.id,
        name: 'jei',
        version: '1.0',
        md5: digests.md5,
        filesize: stored.length,
        url: 'https://m.test/mods/jei/jei-1.0.zip',
      },
    ]);
  });

  test('packaging is reproducible: the same jar gives the same md5, and uploading it again changes nothing', async () => {
    const jar = await makeJar();
    const a = await upload(h.raw, header({ version: '2.0', file_name: 'jei.jar' }), jar);
    const b = await upload(h.raw, header({ version: '2.1', file_name: 'jei.jar' }), jar, { chunkSize: 1000 });
    expect(b.version!.md5).toBe(a.version!.md5);
    expect(b.stored).toBe(false);
    const again = await upload(h.raw, header({ version: '2.0', create_version: false, file_name: 'jei.jar' }), jar);
    expect(again).toMatchObject({ changed: false, stored: false, created_version: false });
    expect(again.version).toMatchObject({ md5: a.version!.md5, hosted_at: a.version!.hosted_at });
    // create_version on a version that exists: the upload goes to it (re-dropping the same jar).
    const dropped = await upload(h.raw, header({ version: '2.0', file_name: 'jei.jar' }), jar);
    expect(dropped).toMatchObject({ changed: false, stored: false, created_version: false });
    const other = await failure(upload(h.raw, header({ version: '2.0', file_name: 'jei.jar' }), await makeJar()));
    expect(other.error?.reason).toBe('ARCHIVE_EXISTS');
  });

  test('a zip is stored as it is; one without mods/, config/ or bin/ at its top is accepted with a warning', async () => {
    // (Its jar a jar: one that is not would be read for metadata, and warned of.)
    const good = await makeZip({ 'mods/a.jar': await makeZip({ 'x/A.class': 'a' }), 'config/a.cfg': 'x=1' });
    const ok = await upload(h.raw, header({ version: '3.0', file_name: 'jei-3.0.zip' }), good);
    expect(ok).toMatchObject({ packaged: false, warnings: [] });
    expect((await hostedBytes('jei', '3.0')).data.equals(good)).toBe(true);

    const flat = await makeZip({ 'a.jar': 'jar' });
    const warned = await upload(h.raw, header({ version: '3.1', file_name: 'jei-3.1.zip' }), flat);
    expect(warned.warnings).toEqual([
      "The zip has none of mods/, config/, bin/ at its top level: the launcher extracts it into the modpack's folder as it is.",
    ]);
  });

  test('refused with nothing stored or recorded: not a zip or jar, over the maximum, cut short, wrong version', async () => {
    const before = await objects(h.app);
    const refusal = async (p: Promise<unknown>) => (await failure(p)).error?.reason;
    const jar = await makeJar();
    expect(await refusal(upload(h.raw, header({ version: '4.0', file_name: 'jei.txt' }), jar))).toBe('ARCHIVE_NOT_ZIP');
    expect(
      await refusal(upload(h.raw, header({ version: '4.0', file_name: 'jei.zip' }), Buffer.from('not a zip at all'))),
    ).toBe('ARCHIVE_NOT_ZIP');
    // Starts as a zip does, but is none.
    const fake = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5000, 7)]);
    const notJar = await failure(upload(h.raw, header({ version: '4.0', file_name: 'jei.jar' }), fake));
    expect(notJar.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(notJar.error?.message).toMatch(
      /^The file is not a zip or jar archive: the jar has no readable central directory/,
    );
    expect(
      await refusal(upload(h.raw, header({ version: '4.0', file_name: 'jei.jar' }), Buffer.from('garbage!'))),
    ).toBe('ARCHIVE_NOT_ZIP');
    const big = await makeJar(MAX_BYTES + 1000);
    const over = await failure(upload(h.raw, header({ version: '4.0' }), big));
    expect(over.error?.reason).toBe('ARCHIVE_OVER_MAX');
    expect(over.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await refusal(upload(h.raw, header({ version: '4.0', size: big.length }), big))).toBe('ARCHIVE_OVER_MAX');
    expect(await refusal(upload(h.raw, header({ version: '4.0', size: jar.length + 1 }), jar))).toBe(
      'ARCHIVE_INCOMPLETE',
    );
    expect(await refusal(upload(h.raw, header({ version: '4.0', create_version: false }), jar))).toBe(
      'VERSION_NOT_FOUND',
    );
    expect(await refusal(upload(h.raw, header({ slug: 'nope' }), jar))).toBe('MOD_NOT_FOUND');
    // Cancelled by the sender half-way.
    const cancelled = await failure(
      upload(h.raw, header({ version: '4.0' }), await makeJar(1_000_000), { cancelAfter: 300_000 }),
    );
    expect(cancelled.code).toBe(grpc.status.CANCELLED);
    await sleep(300);
    expect(await refusal(h.client.GetVersion({ slug: 'jei', version: '4.0' }))).toBe('VERSION_NOT_FOUND');
    expect(await objects(h.app)).toEqual(before);
  });

  test('a different archive on a version is refused unless replace is asked; replacing removes the old object', async () => {
    const first = await upload(h.raw, header({ version: '5.0' }), await makeJar());
    const second = await makeJar();
    const refused = await failure(upload(h.raw, header({ version: '5.0', create_version: false }), second));
    expect(refused.error?.reason).toBe('ARCHIVE_EXISTS');
    expect(refused.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect((await h.client.GetVersion({ slug: 'jei', version: '5.0' })).md5).toBe(first.version!.md5);

    const replaced = await upload(h.raw, header({ version: '5.0', create_version: false, replace: true }), second);
    expect(replaced).toMatchObject({ changed: true, stored: true });
    expect(replaced.version!.md5).not.toBe(first.version!.md5);
    expect((await objects(h.app)).objects).not.toContain(first.version!.hosted);
  });

  test('a version whose archive is elsewhere: the same bytes move in; others, or its own url, need replace', async () => {
    const zip = await makeZip({ 'mods/b.jar': 'b' });
    await h.client.CreateVersion({ slug: 'jei', version: '6.0', md5: md5(zip), filesize: zip.length });
    const moved = await upload(h.raw, header({ version: '6.0', create_version: false, file_name: 'x.zip' }), zip);
    expect(moved.version).toMatchObject({ md5: md5(zip), hosted: sha256(zip) });

    await h.client.CreateVersion({ slug: 'jei', version: '6.1', md5: md5(zip), url: 'https://cdn.test/b.zip' });
    const own = await failure(
      upload(h.raw, header({ version: '6.1', create_version: false, file_name: 'x.zip' }), zip),
    );
    expect(own.error?.reason).toBe('ARCHIVE_EXISTS');
    const replaced = await upload(
      h.raw,
      header({ version: '6.1', create_version: false, replace: true, file_name: 'x.zip' }),
      zip,
    );
    expect(replaced.version!.url).toBeUndefined();
    expect(replaced.stored).toBe(false);

    await h.client.CreateVersion({ slug: 'jei', version: '6.2', md5: 'f'.repeat(32) });
    const other = await failure(
      upload(h.raw, header({ version: '6.2', create_version: false, file_name: 'x.zip' }), zip),
    );
    expect(other.error?.reason).toBe('ARCHIVE_EXISTS');
  });

  test('two concurrent uploads to one version: the first to finish wins, the other is refused with a conflict', async () => {
    let releaseB!: () => void;
    const bHeld = new Promise<void>((resolve) => (releaseB = resolve));
    const [jarA, jarB] = [await makeJar(), await makeJar()];
    const b = failure(upload(h.raw, header({ version: '7.0' }), jarB, { beforeEnd: () => bHeld }));
    await sleep(200);
    const a = await upload(h.raw, header({ version: '7.0' }), jarA);
    releaseB();
    const lost = await b;
    expect(lost.error?.reason).toBe('ARCHIVE_UPLOAD_CONFLICT');
    expect(lost.code).toBe(grpc.status.FAILED_PRECONDITION);
    expect(lost.error?.message).toBe('Another upload to this version finished first.');
    expect((await h.client.GetVersion({ slug: 'jei', version: '7.0' })).hosted).toBe(a.version!.hosted);
  });

  test('deleting versions and mods removes their objects, unless another version shares the bytes', async () => {
    await h.client.CreateMod({ name: 'ae2', pretty_name: 'AE2' });
    const jar = await makeJar();
    const one = await upload(h.raw, header({ slug: 'ae2', version: '1', file_name: 'ae2.jar' }), jar);
    await upload(h.raw, header({ slug: 'ae2', version: '2', file_name: 'ae2.jar' }), jar);
    const own = await upload(h.raw, header({ slug: 'ae2', version: '3', file_name: 'ae2.jar' }), await makeJar());
    await h.client.DeleteVersion({ slug: 'ae2', version: '1' });
    expect((await objects(h.app)).objects).toContain(one.version!.hosted);
    await h.client.DeleteMod({ slug: 'ae2' });
    const left = (await objects(h.app)).objects;
    expect(left).not.toContain(one.version!.hosted);
    expect(left).not.toContain(own.version!.hosted);
  });

  test('an edit that gives a hosted version another md5 or its own url ends the hosting and removes the object', async () => {
    const res = await upload(h.raw, header({ version: '9.0' }), await makeJar());
    // Notes, or the same md5: still hosted.
    await h.client.UpdateVersion({
      slug: 'jei',
      version: '9.0',
      notes: 'n',
      md5: res.version!.md5,
      update_mask: ['notes', 'md5'],
    });
    expect((await h.client.GetVersion({ slug: 'jei', version: '9.0' })).hosted).toBe(res.version!.hosted);
    const edited = await h.client.UpdateVersion({
      slug: 'jei',
      version: '9.0',
      md5: 'a'.repeat(32),
      update_mask: ['md5'],
    });
    expect(edited.md5).toBe('a'.repeat(32));
    expect([edited.hosted, edited.sha256, edited.hosted_at]).toEqual([undefined, undefined, undefined]);
    expect((await objects(h.app)).objects).not.toContain(res.version!.hosted);

    const again = await upload(h.raw, header({ version: '9.1' }), await makeJar());
    await h.client.UpdateVersion({ slug: 'jei', version: '9.1', url: 'https://cdn.test/x.zip', update_mask: ['url'] });
    expect((await h.client.GetVersion({ slug: 'jei', version: '9.1' })).hosted).toBeUndefined();
    expect((await objects(h.app)).objects).not.toContain(again.version!.hosted);
  });

  test('an object no version names (a record that failed, a crash) is swept once past its grace period', async () => {
    const before = await objects(h.app);
    // Stored, then the process "died" before its record: no version names it.
    const staged = await h.app.store.stage(chunked(await makeJar()), MAX_BYTES);
    await staged.commit();
    const leftover = await h.app.store.stage(chunked(await makeJar()), MAX_BYTES);
    expect((await objects(h.app)).objects).toContain(staged.digests.sha256);
    // Young: kept (an upload may be about to record it).
    expect(await h.app.objects.sweep(60_000)).toEqual({ objects: 0, staged: 0 });
    // Past the grace period: removed; every object a version names stays.
    expect(await h.app.objects.sweep(60_000, Date.now() + 120_000)).toEqual({ objects: 1, staged: 1 });
    expect(await objects(h.app)).toEqual(before);
    void leftover;
  });

  test('the periodic sweep removes them by itself (ARCHIVE_SWEEP_INTERVAL_MS)', async () => {
    const sweeper = await h.another({ ARCHIVE_SWEEP_INTERVAL_MS: '200', ARCHIVE_SWEEP_GRACE_MS: '0' });
    const staged = await h.app.store.stage(chunked(await makeJar()), MAX_BYTES);
    await staged.commit();
    const deadline = Date.now() + 10_000;
    while ((await objects(h.app)).objects.includes(staged.digests.sha256)) {
      if (Date.now() > deadline) throw new Error('the sweep did not remove the object');
      await sleep(100);
    }
    await sweeper.stop();
  });
}
