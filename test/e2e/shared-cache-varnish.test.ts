/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies are checked by value */
// The stack behind a real Varnish with the shipped VCL (deploy/varnish/default.vcl; docs/caching.md):
// what the gateway lets shared caches keep is kept, a change purges it through the gateways' shared
// durable consumer so that the next read through Varnish is fresh within a second, a private pack
// read with any credential is never stored nor served to anyone else, and with the gateway down
// Varnish goes on serving the last good answers (stale-if-error) so that a launcher still installs.
import { initialAdminPassword } from '@depot/local';
import { Api, eventually, must, startTestStack, type TestStack } from '../support';
import { makeJar, md5Hex, putFile } from '../support/archives';
import { Varnish, varnishAvailable } from '../support/varnish';

const run = varnishAvailable();
const test = run ? globalThis.test : globalThis.test.skip;

let varnish: Varnish;
let t: TestStack;
/** Through Varnish, without credentials: a launcher. */
let cached: Api;
let modpackId: number;

const FRESH_WITHIN_MS = 1000;

beforeAll(async () => {
  if (!run) return;
  varnish = new Varnish();
  const varnishUrl = await varnish.reservePort();
  t = await startTestStack({
    mirrorUrl: null,
    env: {
      SHARED_CACHE_PURGE: 'varnish',
      SHARED_CACHE_VARNISH_URLS: varnishUrl,
      // Answers expire at once (the purges keep them fresh before that): the test of the gateway
      // being down serves them past their time, from their stale-if-error.
      SHARED_CACHE_S_MAXAGE_SECONDS: '2',
    },
  });
  varnish.backend = t.url;
  await varnish.start();
  cached = new Api(varnish.url);
  must(await t.admin.post('/api/mod', { name: 'vmod', pretty_name: 'Varnished' }), 201, 'mod');
  expect((await upload('vmod', '1')).status).toBe(201);
  const pack = must(await t.admin.post('/api/modpack', { name: 'VPack', slug: 'vpack', hidden: false }), 201, 'pack');
  modpackId = pack.id;
  must(
    await t.admin.post('/api/modpack/vpack/build', { version: '1', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  must(await t.admin.post('/api/modpack/vpack/1/mod', { mod_slug: 'vmod', mod_version: '1' }), 201, 'assign');
}, 180_000);

afterAll(async () => {
  await varnish?.dispose();
  await t?.stop();
});

const upload = async (slug: string, version: string, replace = false) =>
  putFile(
    `${t.url}/api/mod/${slug}/${version}/archive?file_name=${slug}.jar&${replace ? 'replace=true&replace_in_builds=true' : 'create=true'}`,
    await makeJar(),
    { token: t.adminToken },
  );

/** Reads `path` through Varnish twice: the second must be Varnish's own copy (a HIT) of the first. */
async function warm(path: string) {
  const first = await cached.get(path);
  const again = await cached.get(path);
  expect({ status: again.status, cache: again.headers.get('x-cache'), text: again.text }).toEqual({
    status: first.status,
    cache: 'HIT',
    text: first.text,
  });
  return again;
}

/** Waits until `check` holds through Varnish; fails past a second. */
async function freshWithin(check: () => Promise<boolean>) {
  const start = Date.now();
  await eventually(check, FRESH_WITHIN_MS, 20);
  return Date.now() - start;
}

test('anonymous reads carry the shared policy and surrogate keys, and Varnish keeps them', async () => {
  const build = await warm('/api/modpack/vpack/1');
  expect(build.headers.get('cache-control')).toBe(
    'public, max-age=0, s-maxage=2, stale-while-revalidate=30, stale-if-error=86400',
  );
  const keys = build.headers.get('surrogate-key')!.split(' ');
  expect(keys).toEqual(expect.arrayContaining([`p:${modpackId}`, 'all']));
  expect(keys.some((k) => /^m:\d+$/.test(k))).toBe(true);
  expect(build.headers.get('cache-tag')!.split(',').sort()).toEqual([...keys].sort());
  // Varnish's own header stays inside it.
  expect(build.headers.get('xkey')).toBeNull();
  expect(build.headers.get('vary')).toMatch(/Authorization, Cookie/);
  for (const path of ['/api/modpack', '/api/modpack/vpack', '/api/mod', '/api/mod/vmod', '/api/mod/vmod/1', '/api'])
    await warm(path);
  const download = await warm('/mods/vmod/vmod-1.zip');
  expect(download.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=2, stale-if-error=86400');
  // A refusal is kept briefly; writes and the management API never.
  expect((await cached.get('/api/modpack/nothing-yet')).headers.get('cache-control')).toBe(
    'public, max-age=0, s-maxage=5',
  );
  expect((await t.admin.get('/api/manage/modpacks')).headers.get('cache-control')).toBe('private, no-store');
});

test('a publish, a build change, an archive replace and a mod delete are fresh through Varnish within a second', async () => {
  // A publish: a new build, recommended.
  await warm('/api/modpack/vpack');
  must(
    await t.admin.post('/api/modpack/vpack/build', { version: '2', minecraft: '1.20.1', is_published: true }),
    201,
    'build 2',
  );
  await freshWithin(async () => (await cached.get('/api/modpack/vpack')).body.builds.includes('2'));
  await freshWithin(async () => Object.keys((await cached.get('/api/modpack')).body.modpacks).includes('vpack'));
  // A slug created a moment after its 404 (kept 5 s) is seen at once: its creation purges the list.
  expect((await cached.get('/api/modpack/late')).status).toBe(404);
  must(await t.admin.post('/api/modpack', { name: 'Late', slug: 'late', hidden: false }), 201, 'late pack');
  await freshWithin(async () => (await cached.get('/api/modpack/late')).status === 200);

  // A build change: its minimum memory.
  await warm('/api/modpack/vpack/1');
  must(await t.admin.put('/api/modpack/vpack/1', { min_memory: 4096 }), 200, 'build change');
  await freshWithin(async () => (await cached.get('/api/modpack/vpack/1')).body.memory === 4096);

  // An archive replaced: the download and the build's md5 through Varnish.
  await warm('/mods/vmod/vmod-1.zip');
  await warm('/api/modpack/vpack/1');
  const replaced = await upload('vmod', '1', true);
  expect({ status: replaced.status, body: replaced.body }).toMatchObject({ status: 200 });
  const md5 = replaced.body.version.md5 as string;
  await freshWithin(async () => {
    const zip = await fetch(`${varnish.url}/mods/vmod/vmod-1.zip`);
    return md5Hex(Buffer.from(await zip.arrayBuffer())) === md5;
  });
  await freshWithin(async () => (await cached.get('/api/modpack/vpack/1')).body.mods[0]?.md5 === md5);

  // A mod deleted: gone from its reads and from the build.
  await warm('/api/mod/vmod');
  must(await t.admin.post('/api/mod', { name: 'gone', pretty_name: 'Gone' }), 201, 'mod');
  must(await t.admin.post('/api/mod/gone/version', { version: '1', md5: md5Hex('gone') }), 201, 'version');
  must(await t.admin.post('/api/modpack/vpack/2/mod', { mod_slug: 'gone', mod_version: '1' }), 201, 'assign');
  const withGone = await warm('/api/modpack/vpack/2');
  expect(withGone.body.mods.map((m: any) => m.name)).toEqual(['gone']);
  await warm('/api/mod/gone');
  must(await t.admin.delete('/api/mod/gone'), 200, 'delete');
  await freshWithin(async () => (await cached.get('/api/mod/gone')).status === 404);
  await freshWithin(async () => (await cached.get('/api/modpack/vpack/2')).body.mods.length === 0);
  await freshWithin(async () => !Object.keys((await cached.get('/api/mod')).body.mods).includes('gone'));
});

test("a write through Varnish: its caller's next read through it is fresh at once, not a moment later", async () => {
  const writer = new Api(varnish.url, t.adminToken);
  await warm('/api/mod/vmod');
  await warm('/api/modpack/vpack/1');
  await warm('/api/modpack/vpack');
  const mod = await writer.put('/api/mod/vmod', { pretty_name: 'Varnished again' });
  expect({ status: mod.status, purge: mod.headers.get('x-depot-purge') }).toEqual({ status: 200, purge: null });
  expect((await cached.get('/api/mod/vmod')).body.pretty_name).toBe('Varnished again');
  must(await writer.put('/api/modpack/vpack/1', { min_memory: 2048 }), 200, 'build change');
  expect((await cached.get('/api/modpack/vpack/1')).body.memory).toBe(2048);
  must(
    await writer.post('/api/modpack/vpack/build', { version: '3', minecraft: '1.20.1', is_published: true }),
    201,
    'build 3',
  );
  expect((await cached.get('/api/modpack/vpack')).body.builds).toContain('3');
});

test('a private pack read with k, cid, a token or a session is never stored nor served to anyone else', async () => {
  const secret = must(
    await t.admin.post('/api/modpack', { name: 'Secret', slug: 'secret', hidden: false, private: true }),
    201,
    'pack',
  );
  must(
    await t.admin.post('/api/modpack/secret/build', { version: '1', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  const key = must(await t.admin.post('/api/key', { name: 'varnish platform' }), 201, 'key').api_key as string;
  const cid = '3f1c2a8e-0d6b-4c55-9a77-5b2f7e7f0c11';
  must(await t.admin.post('/api/client', { name: 'Varnish launcher', uuid: cid }), 201, 'client');
  must(await t.admin.put(`/api/client/${cid}`, { modpacks: [secret.id] }), 200, 'link');
  const password = (await initialAdminPassword(`127.0.0.1:${t.stack.ports.auth}`))!;
  const signedIn = await t.anon.post('/api/session', { login: 'admin', password });
  expect(signedIn.status).toBe(201);
  const cookie = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('depot_session='))!
    .split(';')[0];

  const forms: Record<string, { query?: string; headers?: Record<string, string> }> = {
    k: { query: `k=${encodeURIComponent(key)}` },
    'k, percent-encoded name': { query: `%6B=${encodeURIComponent(key)}` },
    cid: { query: `cid=${cid}` },
    token: { headers: { authorization: `Bearer ${t.adminToken}` } },
    session: { headers: { cookie } },
  };
  const anonymous = async () => {
    const pack = await cached.get('/api/modpack/secret');
    const build = await cached.get('/api/modpack/secret/1');
    const list = await cached.get('/api/modpack');
    return [pack.status, build.status, Object.keys(list.body.modpacks).includes('secret')];
  };
  expect(await anonymous()).toEqual([404, 404, false]);
  for (const [form, { query, headers }] of Object.entries(forms)) {
    for (const path of ['/api/modpack/secret', '/api/modpack/secret/1', '/api/modpack']) {
      const url = query ? `${path}?${query}` : path;
      for (let i = 0; i < 2; i++) {
        const r = await cached.get(url, { headers });
        expect({
          form,
          path,
          status: r.status,
          cache: r.headers.get('x-cache'),
          cc: r.headers.get('cache-control'),
        }).toEqual({ form, path, status: 200, cache: 'MISS', cc: 'private, no-store' });
        if (path === '/api/modpack') expect(Object.keys(r.body.modpacks)).toContain('secret');
      }
      expect(await anonymous()).toEqual([404, 404, false]);
    }
  }
});

test('with the gateway down, Varnish serves the last good answers and a launcher still installs', async () => {
  const launcher = ['/api/modpack', '/api/modpack/vpack', '/api/modpack/vpack/1', '/api/mod/vmod/1'];
  // The purges of the earlier tests' changes are repeated once, 2 s later (cache/purging.ts): past them.
  await new Promise((r) => setTimeout(r, 2500));
  const before = new Map<string, string>();
  for (const path of launcher) before.set(path, (await warm(path)).text);
  const zip = Buffer.from(await (await fetch(`${varnish.url}/mods/vmod/vmod-1.zip`)).arrayBuffer());
  // Past their s-maxage (2 s): expired, within their stale-if-error.
  await new Promise((r) => setTimeout(r, 2500));
  await t.stack.stopService('gateway');
  try {
    for (let round = 0; round < 2; round++) {
      for (const path of launcher) {
        const r = await cached.get(path);
        expect({ path, status: r.status, text: r.text }).toEqual({ path, status: 200, text: before.get(path) });
      }
      // What the launcher does next: the build's mods, each checked against its md5.
      const build = (await cached.get('/api/modpack/vpack/1')).body;
      for (const mod of build.mods) {
        const bytes = Buffer.from(await (await fetch(`${varnish.url}${new URL(mod.url).pathname}`)).arrayBuffer());
        expect(md5Hex(bytes)).toBe(mod.md5);
        expect(bytes.equals(zip)).toBe(true);
      }
      // Again once Varnish's probe has seen the gateway gone.
      await new Promise((r) => setTimeout(r, 3500));
    }
  } finally {
    await t.stack.startService('gateway');
  }
  expect((await cached.get('/api/modpack/vpack/1')).status).toBe(200);
}, 60_000);
