/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// The gateway's response cache (docs/performance.md): a write is visible to the very next read
// through the same gateway and within a second through another replica; ETag/304; visibility stays
// exact with the cache warm; CACHE_ENABLED=false reads the services every time; and the cache is
// really used (a cached build is still served while the builds service is down).
import type { GatewayReplica } from '@depot/local';
import { Api, Reply, TestStack, eventually, md5Of, startTestStack, must } from '../support';

let t: TestStack;
let admin: Api;
let anon: Api;
/** A second replica of the gateway (cache on) and one with the cache off. */
let replica: GatewayReplica;
let uncachedReplica: GatewayReplica;
let replicaAdmin: Api;
let replicaAnon: Api;
let uncachedAnon: Api;
let uncachedAdmin: Api;
let platformKey: string;

async function mod(name: string, versions: string[]) {
  must(await admin.post('/api/mod', { name, pretty_name: `Pretty ${name}`, author: 'someone' }), 201, `mod ${name}`);
  for (const v of versions) {
    must(
      await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}-${v}`), filesize: 10 }),
      201,
      'version',
    );
  }
}

async function pack(slug: string, flags: { hidden?: boolean; private?: boolean } = {}) {
  return must(
    await admin.post('/api/modpack', { name: `Pack ${slug}`, slug, hidden: false, ...flags }),
    201,
    `pack ${slug}`,
  );
}

async function build(slug: string, version: string, flags: { is_published?: boolean; private?: boolean } = {}) {
  must(
    await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', is_published: true, ...flags }),
    201,
    `build ${slug}/${version}`,
  );
}

async function assign(slug: string, version: string, modSlug: string, modVersion: string) {
  must(
    await admin.post(`/api/modpack/${slug}/${version}/mod`, { mod_slug: modSlug, mod_version: modVersion }),
    201,
    'assign',
  );
}

/** Polls until `check` holds; returns the time it took. Fails after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`not visible within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
  [replica, uncachedReplica] = await Promise.all([
    t.stack.addGateway(),
    t.stack.addGateway({ CACHE_ENABLED: 'false' }),
  ]);
  replicaAdmin = new Api(replica.url, t.adminToken);
  replicaAnon = new Api(replica.url);
  uncachedAnon = new Api(uncachedReplica.url);
  uncachedAdmin = new Api(uncachedReplica.url, t.adminToken);
  platformKey = must(await admin.post('/api/key', { name: 'platform' }), 201, 'key').api_key;

  await mod('alpha', ['1.0', '2.0']);
  await mod('beta', ['1.0']);
  await mod('gamma', ['1.0']);
  await pack('rw');
  await build('rw', '1.0');
  await assign('rw', '1.0', 'alpha', '1.0');
  await assign('rw', '1.0', 'beta', '1.0');
  await assign('rw', '1.0', 'gamma', '1.0');
});

afterAll(async () => {
  await t?.stop();
});

const md5In = (r: Reply, name: string) => r.body.mods.find((m: any) => m.name === name)?.md5;
const names = (r: Reply) => r.body.mods.map((m: any) => m.name);

describe('a write is visible to the very next read through the same gateway', () => {
  test('a changed md5 shows in the build read (both variants) and in the version read', async () => {
    // Warm every entry first.
    expect(md5In(await anon.get('/api/modpack/rw/1.0'), 'alpha')).toBe(md5Of('alpha-1.0'));
    expect(md5In(await anon.get('/api/modpack/rw/1.0?include=mods'), 'alpha')).toBe(md5Of('alpha-1.0'));
    expect((await anon.get('/api/mod/alpha/1.0')).body.md5).toBe(md5Of('alpha-1.0'));
    const md5 = md5Of('alpha-1.0-rebuilt');
    must(await admin.put('/api/mod/alpha/1.0', { md5 }), 200, 'update version');
    expect(md5In(await anon.get('/api/modpack/rw/1.0'), 'alpha')).toBe(md5);
    expect(md5In(await anon.get('/api/modpack/rw/1.0?include=mods'), 'alpha')).toBe(md5);
    expect((await anon.get('/api/mod/alpha/1.0')).body.md5).toBe(md5);
  });

  test('a new build shows in the modpack read and the list; a new version in the mod read; a new mod in the list', async () => {
    expect((await anon.get('/api/modpack/rw')).body.builds).toEqual(['1.0']);
    expect((await anon.get('/api/modpack?include=full')).body.modpacks.rw.builds).toEqual(['1.0']);
    await build('rw', '1.1');
    expect((await anon.get('/api/modpack/rw')).body.builds).toEqual(['1.0', '1.1']);
    expect((await anon.get('/api/modpack?include=full')).body.modpacks.rw.builds).toEqual(['1.0', '1.1']);
    expect((await anon.get('/api/modpack/rw/1.1')).status).toBe(200);

    expect((await anon.get('/api/mod/beta')).body.versions).toEqual(['1.0']);
    must(await admin.post('/api/mod/beta/version', { version: '1.1', md5: md5Of('beta-1.1') }), 201, 'version');
    expect((await anon.get('/api/mod/beta')).body.versions).toEqual(['1.0', '1.1']);

    expect((await anon.get('/api/mod')).body.mods.delta).toBeUndefined();
    await mod('delta', []);
    expect((await anon.get('/api/mod')).body.mods.delta).toBe('Pretty delta');
  });

  test('reassigning a version and changing a build show at once', async () => {
    expect(names(await anon.get('/api/modpack/rw/1.0'))).toEqual(['alpha', 'beta', 'gamma']);
    must(await admin.put('/api/modpack/rw/1.0/mod/alpha', { mod_version: '2.0' }), 200, 'reassign');
    expect((await anon.get('/api/modpack/rw/1.0')).body.mods[0].version).toBe('2.0');
    must(await admin.put('/api/modpack/rw/1.0', { min_memory: 8192 }), 200, 'update build');
    expect((await anon.get('/api/modpack/rw/1.0')).body.memory).toBe(8192);
    must(await admin.put('/api/modpack/rw/1.1', { is_published: false }), 200, 'unpublish');
    expect((await anon.get('/api/modpack/rw/1.1')).status).toBe(404);
    expect((await anon.get('/api/modpack/rw')).body.builds).toEqual(['1.0']);
  });

  test('a deleted mod disappears from the build read at once, and stays out after the detach', async () => {
    await mod('doomed', ['1.0']);
    await assign('rw', '1.0', 'doomed', '1.0');
    expect(names(await anon.get('/api/modpack/rw/1.0'))).toContain('doomed');
    must(await admin.delete('/api/mod/doomed'), 200, 'delete mod');
    expect(names(await anon.get('/api/modpack/rw/1.0'))).not.toContain('doomed');
    expect((await anon.get('/api/mod/doomed')).status).toBe(404);
    expect((await anon.get('/api/mod')).body.mods.doomed).toBeUndefined();
    // The detach arrives by event; the cache must not resurrect anything meanwhile or after.
    await new Promise((r) => setTimeout(r, 500));
    expect(names(await anon.get('/api/modpack/rw/1.0'))).not.toContain('doomed');
  });
});

describe('another gateway replica sees a write within a second (change events)', () => {
  test('md5 change, new build, mod delete and modpack flags', async () => {
    // Warm the replica's cache, then write through the first gateway.
    const md5 = md5Of('gamma-1.0-v2');
    expect(md5In(await replicaAnon.get('/api/modpack/rw/1.0'), 'gamma')).toBe(md5Of('gamma-1.0'));
    must(await admin.put('/api/mod/gamma/1.0', { md5 }), 200, 'update');
    const tMd5 = await within(1000, async () => md5In(await replicaAnon.get('/api/modpack/rw/1.0'), 'gamma') === md5);

    expect((await replicaAnon.get('/api/modpack/rw')).body.builds).toEqual(['1.0']);
    await build('rw', '1.2');
    const tBuild = await within(1000, async () =>
      (await replicaAnon.get('/api/modpack/rw')).body.builds.includes('1.2'),
    );

    await mod('short-lived', ['1.0']);
    await assign('rw', '1.0', 'short-lived', '1.0');
    await within(1000, async () => names(await replicaAnon.get('/api/modpack/rw/1.0')).includes('short-lived'));
    must(await admin.delete('/api/mod/short-lived'), 200, 'delete mod');
    const tDelete = await within(
      1000,
      async () => !names(await replicaAnon.get('/api/modpack/rw/1.0')).includes('short-lived'),
    );

    expect((await replicaAnon.get('/api/modpack')).body.modpacks.rw).toBe('Pack rw');
    must(await admin.put('/api/modpack/rw', { private: true }), 200, 'make private');
    const tPrivate = await within(1000, async () => (await replicaAnon.get('/api/modpack/rw/1.0')).status === 404);
    expect((await replicaAnon.get('/api/modpack')).body.modpacks.rw).toBeUndefined();
    expect((await replicaAdmin.get('/api/modpack/rw/1.0')).status).toBe(200);
    must(await admin.put('/api/modpack/rw', { private: false }), 200, 'make public again');
    await within(1000, async () => (await replicaAnon.get('/api/modpack/rw/1.0')).status === 200);
    for (const ms of [tMd5, tBuild, tDelete, tPrivate]) expect(ms).toBeLessThan(1000);
  });

  test('a write through the replica is visible at once through it and within a second through the first', async () => {
    const md5 = md5Of('beta-1.0-v3');
    expect(md5In(await anon.get('/api/modpack/rw/1.0'), 'beta')).toBe(md5Of('beta-1.0'));
    must(await replicaAdmin.put('/api/mod/beta/1.0', { md5 }), 200, 'update via replica');
    expect(md5In(await replicaAnon.get('/api/modpack/rw/1.0'), 'beta')).toBe(md5);
    await within(1000, async () => md5In(await anon.get('/api/modpack/rw/1.0'), 'beta') === md5);
  });
});

describe('ETag and If-None-Match', () => {
  const routes = [
    '/api/modpack',
    '/api/modpack?include=full',
    '/api/modpack/rw',
    '/api/modpack/rw/1.0',
    '/api/modpack/rw/1.0?include=mods',
    '/api/mod',
    '/api/mod/beta',
    '/api/mod/beta/1.0',
  ];

  test.each(routes)('%s: ETag, 304 when it matches (also in a list, weak or *), 200 otherwise', async (path) => {
    const first = await anon.get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    const again = await anon.get(path);
    expect(again.headers.get('etag')).toBe(etag);
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const cached = await anon.get(path, { headers: { 'if-none-match': header } });
      expect(cached.status).toBe(304);
      expect(cached.text).toBe('');
      expect(cached.headers.get('etag')).toBe(etag);
    }
    expect((await anon.get(path, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
    // Same body and ETag without the cache.
    const uncached = await uncachedAnon.get(path);
    expect(uncached.text).toBe(first.text);
    expect(uncached.headers.get('etag')).toBe(etag);
    expect((await uncachedAnon.get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('a change gives a new ETag; the old one answers 200 with the new body', async () => {
    const before = await anon.get('/api/modpack/rw/1.0');
    must(await admin.put('/api/modpack/rw/1.0', { min_memory: 1024 }), 200, 'update build');
    const after = await anon.get('/api/modpack/rw/1.0', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.body.memory).toBe(1024);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  test('no 304 (nor any hint) for what the caller may not see', async () => {
    await pack('etag-secret', { private: true });
    await build('etag-secret', '1');
    const seen = await admin.get('/api/modpack/etag-secret/1');
    expect(seen.status).toBe(200);
    const etag = seen.headers.get('etag')!;
    const probe = await anon.get('/api/modpack/etag-secret/1', { headers: { 'if-none-match': etag } });
    expect(probe.status).toBe(404);
    expect(probe.headers.get('etag')).toBeNull();
    expect(probe.body).toEqual({ error: 'Modpack does not exist' });
  });
});

describe('visibility is exact with the cache warm', () => {
  beforeAll(async () => {
    await mod('vis-mod', ['1.0']);
    await pack('vis-public');
    await pack('vis-hidden', { hidden: true });
    await pack('vis-private', { private: true });
    for (const slug of ['vis-public', 'vis-hidden', 'vis-private']) {
      await build(slug, 'pub');
      await build(slug, 'priv', { private: true });
      await build(slug, 'draft', { is_published: false });
      await assign(slug, 'pub', 'vis-mod', '1.0');
    }
  });

  test('a private pack read by an authorized caller stays 404 for anonymous; private builds stay hidden', async () => {
    expect((await admin.get('/api/modpack/vis-private')).status).toBe(200);
    expect((await admin.get('/api/modpack/vis-private/pub')).status).toBe(200);
    expect((await anon.get('/api/modpack/vis-private')).body).toEqual({ error: 'Modpack does not exist' });
    expect((await anon.get('/api/modpack/vis-private/pub')).body).toEqual({ error: 'Modpack does not exist' });
    expect((await admin.get('/api/modpack/vis-public/priv')).status).toBe(200);
    expect((await anon.get('/api/modpack/vis-public/priv')).body).toEqual({ error: 'Build does not exist' });
    expect((await admin.get('/api/modpack/vis-public')).body.builds).toEqual(['pub', 'priv']);
    expect((await anon.get('/api/modpack/vis-public')).body.builds).toEqual(['pub']);
    expect((await anon.get(`/api/modpack/vis-public/draft?k=${platformKey}`)).body).toEqual({
      error: 'Build does not exist',
    });
    const anonList = (await anon.get('/api/modpack')).body.modpacks;
    expect(anonList['vis-public']).toBe('Pack vis-public');
    expect(anonList['vis-hidden']).toBeUndefined();
    expect(anonList['vis-private']).toBeUndefined();
    const keyList = (await anon.get(`/api/modpack?k=${platformKey}`)).body.modpacks;
    expect(Object.keys(keyList)).toEqual(expect.arrayContaining(['vis-public', 'vis-hidden', 'vis-private']));
  });

  test('CACHE_ENABLED=false: each modpack view (its one modpack read) answers as the cached one, to every caller', async () => {
    const callers: [string, Api, Api, string][] = [
      ['anonymous', anon, uncachedAnon, ''],
      ['admin', admin, uncachedAdmin, ''],
      ['platform key', anon, uncachedAnon, `?k=${platformKey}`],
    ];
    for (const [who, cached, uncached, query] of callers) {
      for (const slug of ['vis-public', 'vis-hidden', 'vis-private', 'vis-missing']) {
        const path = `/api/modpack/${slug}${query}`;
        const [c, u] = [await cached.get(path), await uncached.get(path)];
        expect([who, path, u.status, u.text, u.headers.get('etag')]).toEqual([
          who,
          path,
          c.status,
          c.text,
          c.headers.get('etag'),
        ]);
      }
    }
    // What each caller sees, read back through the uncached gateway.
    expect((await uncachedAnon.get('/api/modpack/vis-private')).body).toEqual({ error: 'Modpack does not exist' });
    expect((await uncachedAnon.get('/api/modpack/vis-missing')).body).toEqual({ error: 'Modpack does not exist' });
    expect((await uncachedAnon.get('/api/modpack/vis-hidden')).body.builds).toEqual(['pub']);
    expect((await uncachedAdmin.get('/api/modpack/vis-private')).body.builds).toEqual(['pub', 'priv']);
  });
});

describe('the cache is really used, and CACHE_ENABLED=false really is off', () => {
  test('with builds down a cached build is still served by the cached gateway, not by the uncached one', async () => {
    const warm = await anon.get('/api/modpack/rw/1.0');
    expect(warm.status).toBe(200);
    expect((await replicaAnon.get('/api/modpack/rw/1.0')).text).toBe(warm.text);
    expect((await uncachedAnon.get('/api/modpack/rw/1.0')).status).toBe(200);
    await t.stack.stopService('builds');
    try {
      const cached = await anon.get('/api/modpack/rw/1.0');
      expect(cached.status).toBe(200);
      expect(cached.text).toBe(warm.text);
      expect((await replicaAnon.get('/api/modpack/rw/1.0')).text).toBe(warm.text);
      expect((await uncachedAnon.get('/api/modpack/rw/1.0')).status).toBe(503);
      // A build never read is not in the cache: 503 like any read of a service that is down.
      expect((await anon.get('/api/modpack/rw/never-read')).status).toBe(503);
    } finally {
      await t.stack.startService('builds');
    }
    // (the gateway's channel reconnects within its backoff, at most a second: calls fail fast until then)
    await eventually(async () => (await uncachedAdmin.get('/api/modpack/rw/1.0')).status === 200, 5000, 100);
  });
});
