// A build's server pack and .mrpack behind a real Varnish with the shipped VCL (docs/caching.md):
// each is keyed by what it is made from (its modpack and each of its mods), so that replacing one
// of its mods' archives (`mod.version.updated`, which names the mod only) purges it too, and the
// next read through Varnish is the new pack within a second.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, must, startTestStack, type TestStack } from '../support';
import { fabricJar, makeZip, putFile, unzip } from '../support/archives';
import { Varnish, varnishAvailable } from '../support/varnish';

const run = varnishAvailable();
const test = run ? globalThis.test : globalThis.test.skip;

let varnish: Varnish;
let t: TestStack;
let dir: string;
let engineId: number;

const FRESH_WITHIN_MS = 1000;
const SERVER_PACK = '/server-packs/vpacks/builds/1.0';
const MRPACK = '/mrpack/vpacks/builds/1.0.mrpack';
const JAR = 'mods/engine-1.0.jar';

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');
const engineJar = (power: string) =>
  makeZip({
    'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'engine', version: '1.0' }),
    'engine/Mod.class': power.repeat(100),
  });

async function upload(slug: string, bytes: Buffer, replace = false) {
  const how = replace ? 'replace=true&replace_in_builds=true' : 'create=true';
  return putFile(`${t.url}/api/mod/${slug}/1.0/archive?file_name=${slug}-1.0.jar&${how}`, bytes, {
    token: t.adminToken,
  });
}

beforeAll(async () => {
  if (!run) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-shared-packs-'));
  varnish = new Varnish();
  const varnishUrl = await varnish.reservePort();
  t = await startTestStack({
    mirrorUrl: null,
    env: { ARCHIVE_STORE_DIR: dir, SHARED_CACHE_PURGE: 'varnish', SHARED_CACHE_VARNISH_URLS: varnishUrl },
  });
  varnish.backend = t.url;
  await varnish.start();
  must(await t.admin.post('/api/modpack', { name: 'Varnished Packs', slug: 'vpacks', hidden: false }), 201, 'pack');
  must(
    await t.admin.post('/api/modpack/vpacks/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  for (const [slug, bytes] of [
    ['engine', await engineJar('old')],
    ['library', await fabricJar('library')],
  ] as const) {
    const mod = must(await t.admin.post('/api/mod', { name: slug, pretty_name: slug }), 201, slug);
    if (slug === 'engine') engineId = mod.id;
    expect([slug, (await upload(slug, bytes)).status]).toEqual([slug, 201]);
    must(await t.admin.post('/api/modpack/vpacks/1.0/mod', { mod_slug: slug, mod_version: '1.0' }), 201, slug);
  }
}, 180_000);

afterAll(async () => {
  await varnish?.dispose();
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `path` through Varnish, as bytes. */
async function through(path: string) {
  const res = await fetch(`${varnish.url}${path}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Reads `path` through Varnish until it is Varnish's own copy (a HIT), the same bytes. */
async function warm(path: string) {
  const first = await through(path);
  expect(first.status).toBe(200);
  const again = await through(path);
  expect({ status: again.status, cache: again.headers.get('x-cache'), same: again.bytes.equals(first.bytes) }).toEqual({
    status: 200,
    cache: 'HIT',
    same: true,
  });
  return again;
}

/** The engine jar's sha1 in a .mrpack's index. */
function engineSha1(mrpack: Buffer): string | undefined {
  const index = JSON.parse(unzip(mrpack).get('modrinth.index.json')!.toString()) as {
    files: { path: string; hashes: { sha1: string } }[];
  };
  return index.files.find((f) => f.path === JAR)?.hashes.sha1;
}

test("replacing a mod's archive: the next server pack and .mrpack through Varnish are the new ones within a second", async () => {
  const oldJar = await engineJar('old');
  const pack = await warm(SERVER_PACK);
  expect(unzip(pack.bytes).get(JAR)).toEqual(oldJar);
  const mrpack = await warm(MRPACK);
  expect(engineSha1(mrpack.bytes)).toBe(sha1(oldJar));
  // Keyed by its modpack and by each of its mods, not by its modpack alone.
  for (const answer of [pack, mrpack]) {
    const keys = answer.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(expect.arrayContaining([`m:${engineId}`, 'all']));
    expect(keys.some((k) => /^p:\d+$/.test(k))).toBe(true);
    expect(answer.headers.get('cache-tag')!.split(',').sort()).toEqual([...keys].sort());
  }

  const newJar = await engineJar('new');
  const replaced = await upload('engine', newJar, true);
  expect(replaced.status).toBe(200);
  const start = Date.now();
  await eventually(
    async () =>
      unzip((await through(SERVER_PACK)).bytes)
        .get(JAR)
        ?.equals(newJar) === true,
    FRESH_WITHIN_MS,
    20,
  );
  await eventually(async () => engineSha1((await through(MRPACK)).bytes) === sha1(newJar), FRESH_WITHIN_MS, 20);
  expect(Date.now() - start).toBeLessThan(2 * FRESH_WITHIN_MS);
  // Kept again once fetched anew: the new bytes, now Varnish's own copy.
  expect(unzip((await warm(SERVER_PACK)).bytes).get(JAR)).toEqual(newJar);
  expect(engineSha1((await warm(MRPACK)).bytes)).toBe(sha1(newJar));
}, 60_000);
