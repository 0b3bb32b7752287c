// The cached launcher and mod reads against fake services and a fake change feed: which RPCs a hit,
// a miss and an invalidation cost, visibility after the cache, bypass while the feed is down.
import { DepotError } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { FakeFeed, MIRROR, bearer, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';

const modpack = (id: number, slug: string, over: Partial<buildsV1.Modpack> = {}): buildsV1.Modpack => ({
  id,
  slug,
  name: slug.toUpperCase(),
  hidden: false,
  private: false,
  created_at: TS,
  updated_at: TS,
  ...over,
});
const build = (over: Partial<buildsV1.Build> = {}): buildsV1.Build => ({
  id: 9,
  modpack_id: 1,
  version: '1.0',
  minecraft: '1.12.2',
  is_published: true,
  private: false,
  created_at: TS,
  updated_at: TS,
  ...over,
});
/** A version in a build; its mod's id is ten times its id. */
const resolved = (id: number, mod_name: string, md5 = 'd41d8cd98f00b204e9800998ecf8427e') => ({
  id,
  mod_id: id * 10,
  mod_name,
  md5,
});
/** The catalog's rendering of a build's versions (RenderBuildMods, in name order) with their mods. */
const rendered = (...versions: ReturnType<typeof resolved>[]) => ({
  mods_json: Buffer.from(
    JSON.stringify(
      versions.map((v) => ({
        id: v.id,
        name: v.mod_name,
        version: '1.0',
        md5: v.md5,
        filesize: 100,
        url: `${MIRROR}/mods/${v.mod_name}/${v.mod_name}-1.0.zip`,
      })),
    ),
  ),
  mod_ids: versions.map((v) => v.mod_id),
  mod_names: versions.map((v) => v.mod_name),
});
const sources =
  (...packs: buildsV1.ModpackSource[]) =>
  async () => ({ modpacks: packs });
const flags = (version: string, is_published = true, isPrivate = false): buildsV1.BuildFlags => ({
  version,
  is_published,
  private: isPrivate,
});

let h: Harness;
let feed: FakeFeed;
beforeAll(async () => {
  feed = new FakeFeed();
  h = await startHarness({ changes: feed });
});
afterAll(() => h.close());
beforeEach(() => {
  h.reset();
  // Every test starts with an empty cache.
  feed.state(false);
  feed.state(true);
});
const rpcs = () => [...h.auth.methods(), ...h.builds.methods(), ...h.catalog.methods()];

describe('GET /api/modpack/{slug}/{build} through the cache', () => {
  it('fills from the unfiltered build and the catalog once, then answers with no RPC at all', async () => {
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [2, 1],
    });
    const mods = rendered(resolved(2, 'alpha'), resolved(1, 'zeta'));
    h.catalog.stubs.RenderBuildMods = async () => mods;
    const first = await h.request('GET', '/api/modpack/tekkit/1.0');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.json().mods).toEqual(JSON.parse(mods.mods_json.toString()));
    expect(h.builds.calls).toEqual([{ method: 'GetBuildSource', request: { slug: 'tekkit', version: '1.0' } }]);
    expect(h.catalog.calls).toEqual([
      {
        method: 'RenderBuildMods',
        request: { ids: [2, 1], mirror_url: MIRROR, with_details: false, with_mods: true, sides: [] },
      },
    ]);
    h.reset();
    for (let i = 0; i < 3; i++) {
      const again = await h.request('GET', '/api/modpack/tekkit/1.0');
      expect(again.body).toBe(first.body);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    }
    expect(rpcs()).toEqual([]);
    const notModified = await h.request('GET', '/api/modpack/tekkit/1.0', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('applies visibility per request: a private pack warmed by a key stays 404 for anonymous', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
    h.builds.stubs.GetBuildSource = async ({ version }: { version: string }) => ({
      modpack_id: 4,
      modpack_private: true,
      build: build({ modpack_id: 4, version, private: version === 'priv' }),
      mod_version_ids: [],
    });
    expect((await h.request('GET', '/api/modpack/secret/1.0?k=KEY')).status).toBe(200);
    expect((await h.request('GET', '/api/modpack/secret/priv?k=KEY')).status).toBe(200);
    h.reset();
    const anon = await h.request('GET', '/api/modpack/secret/1.0');
    expect(anon.status).toBe(404);
    expect(anon.body).toBe('{"error":"Modpack does not exist"}');
    expect(anon.headers.get('etag')).toBeNull();
    expect(rpcs()).toEqual([]);
    // A user with access to this pack sees it, and its private build; with access to another, not.
    h.auth.stubs.ResolveReadAccess = async ({ token }: { token: string }) => ({
      all: false,
      modpack_ids: token === 'in' ? [4] : [5],
    });
    expect((await h.request('GET', '/api/modpack/secret/priv', { headers: bearer('in') })).status).toBe(200);
    expect((await h.request('GET', '/api/modpack/secret/priv', { headers: bearer('out') })).json()).toEqual({
      error: 'Modpack does not exist',
    });
    expect(h.builds.calls).toEqual([]);
  });

  it('never serves an unpublished build, even with a key; private builds only when accessible', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
    h.builds.stubs.GetBuildSource = async ({ version }: { version: string }) => ({
      modpack_id: 1,
      modpack_private: false,
      build:
        version === 'nope' ? null : build({ version, is_published: version !== 'draft', private: version === 'priv' }),
      mod_version_ids: [1],
    });
    h.catalog.stubs.RenderBuildMods = async () => rendered(resolved(1, 'a'));
    for (const path of [
      '/api/modpack/p/draft?k=KEY',
      '/api/modpack/p/draft',
      '/api/modpack/p/priv',
      '/api/modpack/p/nope?k=KEY',
    ]) {
      const res = await h.request('GET', path);
      expect([path, res.status, res.body]).toEqual([path, 404, '{"error":"Build does not exist"}']);
    }
    expect((await h.request('GET', '/api/modpack/p/priv?k=KEY')).status).toBe(200);
    // The catalog is asked only for the published build.
    expect(h.catalog.calls).toHaveLength(1);
  });

  it('passes "Modpack does not exist" through without caching it', async () => {
    h.builds.stubs.GetBuildSource = async () => {
      throw new DepotError('MODPACK_NOT_FOUND');
    };
    for (let i = 0; i < 2; i++) {
      const res = await h.request('GET', '/api/modpack/none/1.0');
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ error: 'Modpack does not exist' });
    }
    expect(h.builds.calls).toHaveLength(2);
  });

  it('drops the entry on a matching event, not on an unrelated one', async () => {
    let md5 = 'a'.repeat(32);
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [1],
    });
    h.catalog.stubs.RenderBuildMods = async () => rendered(resolved(1, 'a', md5));
    await h.request('GET', '/api/modpack/p/1.0');
    md5 = 'b'.repeat(32);
    feed.emit('mod.version.updated', { mod_id: 99, version_id: 990 });
    feed.emit('build.changed', { modpack_id: 2 });
    expect((await h.request('GET', '/api/modpack/p/1.0')).json().mods[0].md5).toBe('a'.repeat(32));
    feed.emit('mod.version.updated', { mod_id: 10, version_id: 1 });
    expect((await h.request('GET', '/api/modpack/p/1.0')).json().mods[0].md5).toBe(md5);
    feed.emit('build.changed', { modpack_id: 1, build_id: 9 });
    h.reset();
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: true,
      build: build(),
      mod_version_ids: [],
    });
    expect((await h.request('GET', '/api/modpack/p/1.0')).status).toBe(404);
    expect(h.builds.methods()).toEqual(['GetBuildSource']);
  });

  it("invalidates after this gateway's own successful write, before answering it", async () => {
    let md5 = 'a'.repeat(32);
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [1],
    });
    h.catalog.stubs.RenderBuildMods = async () => rendered(resolved(1, 'jei', md5));
    await h.request('GET', '/api/modpack/p/1.0');
    h.catalog.stubs.GetVersion = async () => ({
      id: 1,
      mod_id: 10,
      version: '1.0',
      md5,
      created_at: TS,
      updated_at: TS,
    });
    h.catalog.stubs.UpdateVersion = async () => {
      md5 = 'c'.repeat(32);
      return { id: 1, mod_id: 10, version: '1.0', md5, created_at: TS, updated_at: TS };
    };
    // A failed write invalidates nothing.
    const refused = await h.request('PUT', '/api/mod/jei/1.0', {
      headers: bearer('nobody'),
      body: { md5: 'c'.repeat(32) },
    });
    expect(refused.status).toBe(403);
    h.reset();
    expect((await h.request('GET', '/api/modpack/p/1.0')).json().mods[0].md5).toBe('a'.repeat(32));
    expect(rpcs()).toEqual([]);
    h.catalog.stubs.GetVersion = async () => ({
      id: 1,
      mod_id: 10,
      version: '1.0',
      md5,
      created_at: TS,
      updated_at: TS,
    });
    h.catalog.stubs.UpdateVersion = async () => {
      md5 = 'c'.repeat(32);
      return { id: 1, mod_id: 10, version: '1.0', md5, created_at: TS, updated_at: TS };
    };
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [1],
    });
    h.catalog.stubs.RenderBuildMods = async () => rendered(resolved(1, 'jei', md5));
    const ok = await h.request('PUT', '/api/mod/jei/1.0', { headers: bearer('admin'), body: { md5: 'c'.repeat(32) } });
    expect(ok.status).toBe(200);
    expect((await h.request('GET', '/api/modpack/p/1.0')).json().mods[0].md5).toBe('c'.repeat(32));
  });

  it('bypasses the cache while the feed is down, and starts empty when it is back', async () => {
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [],
    });
    await h.request('GET', '/api/modpack/p/1.0');
    feed.state(false);
    h.reset();
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [],
    });
    await h.request('GET', '/api/modpack/p/1.0');
    await h.request('GET', '/api/modpack/p/1.0');
    // The same fill for each read, kept by none.
    expect(h.builds.calls).toEqual([
      { method: 'GetBuildSource', request: { slug: 'p', version: '1.0' } },
      { method: 'GetBuildSource', request: { slug: 'p', version: '1.0' } },
    ]);
    feed.state(true);
    h.reset();
    h.builds.stubs.GetBuildSource = async () => ({
      modpack_id: 1,
      modpack_private: false,
      build: build(),
      mod_version_ids: [],
    });
    await h.request('GET', '/api/modpack/p/1.0');
    await h.request('GET', '/api/modpack/p/1.0');
    expect(h.builds.methods()).toEqual(['GetBuildSource']);
  });
});

describe('GET /api/modpack and /api/modpack/{slug} through the cache', () => {
  const packs = sources(
    { modpack: modpack(1, 'zeta'), builds: [flags('1.0'), flags('draft', false), flags('rc', true, true)] },
    { modpack: modpack(2, 'hidden', { hidden: true }), builds: [flags('1.0')] },
    { modpack: modpack(3, 'secret', { private: true }), builds: [flags('1.0'), flags('rc', true, true)] },
    { modpack: modpack(4, '42'), builds: [] },
  );

  it('answers every caller from one cached list, with the views each may see', async () => {
    h.builds.stubs.ListModpackSources = packs;
    h.auth.stubs.ResolveReadAccess = async ({ key, cid }: { key?: string; cid?: string }) =>
      key ? { all: true, modpack_ids: [] } : cid ? { all: false, modpack_ids: [3] } : { all: false, modpack_ids: [] };
    const anon = await h.request('GET', '/api/modpack');
    // Integer-like slugs first, as in a JavaScript object; then id order.
    expect(anon.body).toBe(`{"modpacks":{"42":"42","zeta":"ZETA"},"mirror_url":"${MIRROR}/"}`);
    const keyed = await h.request('GET', '/api/modpack?k=K');
    expect(Object.keys(keyed.json().modpacks)).toEqual(['42', 'zeta', 'hidden', 'secret']);
    const linked = await h.request('GET', '/api/modpack?include=full&cid=C');
    expect(Object.keys(linked.json().modpacks)).toEqual(['42', 'zeta', 'secret']);
    expect(linked.json().modpacks.zeta.builds).toEqual(['1.0']);
    expect(linked.json().modpacks.secret.builds).toEqual(['1.0', 'rc']);
    expect(linked.json().modpacks.secret).toEqual({
      id: 3,
      name: 'secret',
      display_name: 'SECRET',
      url: null,
      icon: null,
      icon_md5: null,
      logo: null,
      logo_md5: null,
      background: null,
      background_md5: null,
      recommended: null,
      latest: null,
      builds: ['1.0', 'rc'],
    });
    expect((await h.request('GET', '/api/modpack?include=full&k=K')).json().modpacks.zeta.builds).toEqual([
      '1.0',
      'rc',
    ]);

    expect((await h.request('GET', '/api/modpack/hidden')).json().builds).toEqual(['1.0']);
    expect((await h.request('GET', '/api/modpack/secret')).body).toBe('{"error":"Modpack does not exist"}');
    expect((await h.request('GET', '/api/modpack/secret?cid=C')).json().builds).toEqual(['1.0', 'rc']);
    expect((await h.request('GET', '/api/modpack/zeta')).json().builds).toEqual(['1.0']);
    expect((await h.request('GET', '/api/modpack/zeta?k=K')).json().builds).toEqual(['1.0', 'rc']);
    expect((await h.request('GET', '/api/modpack/nope')).status).toBe(404);
    expect(h.builds.methods()).toEqual(['ListModpackSources']);
  });

  it('refills the list after a build.changed or modpack.deleted event and after a modpack write', async () => {
    h.builds.stubs.ListModpackSources = packs;
    await h.request('GET', '/api/modpack');
    feed.emit('build.changed', { modpack_id: 7 });
    await h.request('GET', '/api/modpack');
    feed.emit('modpack.deleted', { modpack_id: 7 });
    await h.request('GET', '/api/modpack/zeta');
    h.builds.stubs.CreateModpack = async () => modpack(8, 'new');
    h.auth.stubs.GrantModpackAccess = async () => ({});
    expect(
      (await h.request('POST', '/api/modpack', { headers: bearer('admin'), body: { name: 'New', slug: 'new' } }))
        .status,
    ).toBe(201);
    await h.request('GET', '/api/modpack');
    expect(h.builds.methods().filter((m) => m === 'ListModpackSources')).toHaveLength(4);
  });
});

describe('mod reads through the cache', () => {
  it('caches the list, a mod and a version; a mod event or write drops them', async () => {
    h.catalog.stubs.ListMods = async () => ({ mods: [{ name: 'jei', pretty_name: 'JEI' }] });
    h.catalog.stubs.GetMod = async () => ({
      id: 10,
      name: 'jei',
      pretty_name: 'JEI',
      created_at: TS,
      updated_at: TS,
      versions: ['1.0'],
    });
    h.catalog.stubs.GetVersion = async () => ({
      id: 1,
      mod_id: 10,
      version: '1.0',
      md5: 'a'.repeat(32),
      created_at: TS,
      updated_at: TS,
    });
    const paths = ['/api/mod', '/api/mod/jei', '/api/mod/jei/1.0'];
    for (let i = 0; i < 2; i++) for (const p of paths) expect((await h.request('GET', p)).status).toBe(200);
    expect((await h.request('GET', '/api/mod/jei/1.0')).json()).toEqual({
      id: 1,
      md5: 'a'.repeat(32),
      filesize: null,
      url: `${MIRROR}/mods/jei/jei-1.0.zip`,
    });
    expect(h.catalog.methods()).toEqual(['ListMods', 'GetMod', 'GetVersion']);
    feed.emit('mod.updated', { mod_id: 10 });
    for (const p of paths) await h.request('GET', p);
    expect(h.catalog.methods()).toHaveLength(6);
    h.catalog.stubs.DeleteMod = async () => ({ mod_id: 10, version_ids: [1] });
    expect((await h.request('DELETE', '/api/mod/jei', { headers: bearer('admin') })).status).toBe(200);
    for (const p of paths) await h.request('GET', p);
    expect(h.catalog.methods()).toHaveLength(10);
  });
});

describe('private notes on cached mod reads', () => {
  it('are cached apart: anonymous reads never get them, and cost no RPC; an event drops both', async () => {
    h.catalog.stubs.GetMod = async () => ({
      id: 10,
      name: 'jei',
      pretty_name: 'JEI',
      created_at: TS,
      updated_at: TS,
      versions: ['1.0'],
      notes: 'keep 1.0',
    });
    h.catalog.stubs.GetVersion = async () => ({
      id: 1,
      mod_id: 10,
      version: '1.0',
      md5: 'a'.repeat(32),
      created_at: TS,
      updated_at: TS,
      notes: 'beta',
    });
    const plain = { id: 10, name: 'jei', pretty_name: 'JEI', author: null, description: null, link: null };
    const version = { id: 1, md5: 'a'.repeat(32), filesize: null, url: `${MIRROR}/mods/jei/jei-1.0.zip` };
    for (let i = 0; i < 2; i++) {
      expect((await h.request('GET', '/api/mod/jei')).body).toBe(JSON.stringify({ ...plain, versions: ['1.0'] }));
      expect((await h.request('GET', '/api/mod/jei', { headers: bearer('admin') })).body).toBe(
        JSON.stringify({ ...plain, notes: 'keep 1.0', versions: ['1.0'] }),
      );
      expect((await h.request('GET', '/api/mod/jei/1.0')).body).toBe(JSON.stringify(version));
      expect((await h.request('GET', '/api/mod/jei/1.0', { headers: bearer('admin') })).body).toBe(
        JSON.stringify({ ...version, notes: 'beta' }),
      );
      // A token without mods_manage gets the anonymous entry.
      expect((await h.request('GET', '/api/mod/jei', { headers: bearer('manager') })).body).toBe(
        JSON.stringify({ ...plain, versions: ['1.0'] }),
      );
    }
    // Each entry loaded once; credentials cost one Authenticate each, no credentials none.
    expect(h.catalog.methods()).toEqual(['GetMod', 'GetMod', 'GetVersion', 'GetVersion']);
    expect(h.auth.methods()).toEqual(Array(6).fill('Authenticate'));
    // An unknown token counts as none: a public read never answers 401, and shows no notes.
    const unknown = await h.request('GET', '/api/mod/jei/1.0', { headers: { authorization: 'Bearer not-a-token' } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: JSON.stringify(version) });
    expect(h.auth.methods()).toEqual(Array(7).fill('Authenticate'));
    feed.emit('mod.version.updated', { mod_id: 10, version_id: 1 });
    await h.request('GET', '/api/mod/jei');
    await h.request('GET', '/api/mod/jei/1.0', { headers: bearer('admin') });
    expect(h.catalog.methods()).toEqual(['GetMod', 'GetMod', 'GetVersion', 'GetVersion', 'GetMod', 'GetVersion']);
  });
});

describe('CACHE_ENABLED=false', () => {
  it('reads the services every time, with ETags still', async () => {
    const offFeed = new FakeFeed();
    const off = await startHarness({ changes: offFeed, env: { CACHE_ENABLED: 'false' } });
    try {
      off.builds.stubs.GetBuildSource = async () => ({
        modpack_id: 1,
        modpack_private: false,
        build: build(),
        mod_version_ids: [],
      });
      const first = await off.request('GET', '/api/modpack/p/1.0');
      await off.request('GET', '/api/modpack/p/1.0');
      expect(off.builds.methods()).toEqual(['GetBuildSource', 'GetBuildSource']);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      expect((await off.request('GET', '/api/modpack/p/1.0', { headers: { 'if-none-match': etag } })).status).toBe(304);
    } finally {
      await off.close();
    }
  });
});
