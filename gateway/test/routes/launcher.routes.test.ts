import { DepotError } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { includes } from '../../src/api/launcher/routes';
import { MIRROR, bearer, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';
const modpack = (id: number, slug: string, name: string, over: Partial<buildsV1.Modpack> = {}): buildsV1.Modpack => ({
  id,
  slug,
  name,
  hidden: false,
  private: false,
  order: 0,
  created_at: TS,
  updated_at: TS,
  ...over,
});
/** A mod of a build response as the catalog renders it (RenderBuildMods). */
const mod = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  version: '1.0',
  md5: 'd41d8cd98f00b204e9800998ecf8427e',
  filesize: 100,
  url: `${MIRROR}/mods/${name}/${name}-1.0.zip`,
  ...over,
});
const rendered = (mods: object[]) => ({ mods_json: Buffer.from(JSON.stringify(mods)) });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

/** A modpack with every build's flags, as builds' ListModpackSources and GetModpackSource answer it. */
const source = (m: buildsV1.Modpack, builds: [version: string, published?: boolean, isPrivate?: boolean][] = []) => ({
  modpack: m,
  builds: builds.map(([version, is_published = true, isPrivate = false]) => ({
    version,
    is_published,
    private: isPrivate,
  })),
});

describe('GET /api/modpack', () => {
  it('lists slug → display name for anonymous callers with one RPC and no auth call', async () => {
    h.builds.stubs.ListModpackSources = async () => ({
      modpacks: [
        source(modpack(1, 'tekkit', 'Tekkit')),
        source(modpack(2, 'hexxit', 'Hexxit')),
        source(modpack(3, 'hidden', 'Hidden', { hidden: true })),
      ],
    });
    const res = await h.request('GET', '/api/modpack');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(`{"modpacks":{"tekkit":"Tekkit","hexxit":"Hexxit"},"mirror_url":"${MIRROR}/"}`);
    expect(h.builds.calls).toEqual([{ method: 'ListModpackSources', request: {} }]);
    expect(h.auth.calls).toEqual([]);
  });

  it('answers an empty object for no modpacks', async () => {
    h.builds.stubs.ListModpackSources = async () => ({ modpacks: [] });
    const res = await h.request('GET', '/api/modpack/');
    expect(res.json()).toEqual({ modpacks: {}, mirror_url: `${MIRROR}/` });
  });

  it('with include=full and a key gives full views, resolving access once', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
    h.builds.stubs.ListModpackSources = async () => ({
      modpacks: [
        source(modpack(1, 'tekkit', 'Tekkit', { recommended: '1.0', icon_url: 'http://i/x.png', hidden: true }), [
          ['1.0'],
          ['draft', false],
          ['rc', true, true],
        ]),
      ],
    });
    const res = await h.request('GET', '/api/modpack?include=full&k=KEY');
    expect(res.json()).toEqual({
      modpacks: {
        tekkit: {
          id: 1,
          name: 'tekkit',
          display_name: 'Tekkit',
          url: null,
          icon: 'http://i/x.png',
          icon_md5: null,
          logo: null,
          logo_md5: null,
          background: null,
          background_md5: null,
          recommended: '1.0',
          latest: null,
          builds: ['1.0', 'rc'],
        },
      },
      mirror_url: `${MIRROR}/`,
    });
    expect(h.auth.methods()).toEqual(['ResolveReadAccess']);
    expect(h.auth.calls[0].request).toMatchObject({ key: 'KEY' });
    expect(h.builds.calls).toEqual([{ method: 'ListModpackSources', request: {} }]);
  });

  it('serves anonymously when auth is down', async () => {
    h.builds.stubs.ListModpackSources = async () => ({
      modpacks: [source(modpack(1, 'open', 'Open')), source(modpack(2, 'linked', 'Linked', { private: true }))],
    });
    const res = await h.request('GET', '/api/modpack?cid=abc');
    expect([res.status, res.json().modpacks]).toEqual([200, { open: 'Open' }]);
    expect(h.auth.methods()).toEqual(['ResolveReadAccess']);
  });
});

describe('GET /api/modpack/{slug}', () => {
  // The cache is off here: each view reads its one modpack (GetModpackSource), not the list.
  const packs = [
    source(modpack(1, 'open', 'Open'), [['1.0'], ['rc', true, true]]),
    source(modpack(4, 'secret', 'Secret', { private: true }), [['1.0'], ['rc', true, true], ['draft', false]]),
  ];
  const bySlug = async ({ slug }: { slug: string }) => {
    const found = packs.find((p) => p.modpack.slug === slug);
    if (!found) throw new DepotError('MODPACK_NOT_FOUND');
    return found;
  };

  it('shows the modpack with the access of the bearer token, reading that modpack alone', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: false, modpack_ids: [4] });
    h.builds.stubs.GetModpackSource = bySlug;
    const res = await h.request('GET', '/api/modpack/secret', { headers: bearer('tok') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(
      '{"id":4,"name":"secret","display_name":"Secret","url":null,"icon":null,"icon_md5":null,"logo":null,' +
        '"logo_md5":null,"background":null,"background_md5":null,"recommended":null,"latest":null,' +
        '"builds":["1.0","rc"]}',
    );
    expect((await h.request('GET', '/api/modpack/open', { headers: bearer('tok') })).json().builds).toEqual(['1.0']);
    // Each read: its access, then its modpack's source.
    expect(h.auth.methods()).toEqual(['ResolveReadAccess', 'ResolveReadAccess']);
    expect(h.builds.calls).toEqual([
      { method: 'GetModpackSource', request: { slug: 'secret' } },
      { method: 'GetModpackSource', request: { slug: 'open' } },
    ]);
  });

  it('answers 404 "Modpack does not exist" for a missing modpack, and a private one without access', async () => {
    h.builds.stubs.GetModpackSource = bySlug;
    for (const slug of ['nope', 'secret']) {
      const res = await h.request('GET', `/api/modpack/${slug}`);
      expect([res.status, res.body]).toEqual([404, '{"error":"Modpack does not exist"}']);
    }
    expect(h.builds.methods()).toEqual(['GetModpackSource', 'GetModpackSource']);
  });

  it('decodes percent-encoded slugs', async () => {
    h.builds.stubs.GetModpackSource = async () => source(modpack(1, 'a.b', 'A'));
    expect((await h.request('GET', '/api/modpack/a%2Eb')).json()).toMatchObject({ name: 'a.b', display_name: 'A' });
    expect(h.builds.calls).toEqual([{ method: 'GetModpackSource', request: { slug: 'a.b' } }]);
  });
});

describe('GET /api/modpack/{slug}/{build}', () => {
  const build: buildsV1.Build = {
    id: 9,
    modpack_id: 1,
    version: '1.0',
    minecraft: '1.12.2',
    forge: '14.23.5.2860',
    is_published: true,
    private: false,
    min_memory: 2048,
    created_at: TS,
    updated_at: TS,
  };

  /** The build as builds' GetBuildSource answers it: with its modpack's flags. */
  const buildSource = (over: Partial<buildsV1.BuildSource> = {}) => ({
    modpack_id: 1,
    modpack_private: false,
    build,
    mod_version_ids: [] as number[],
    ...over,
  });

  it("splices in the catalog's rendering of the build's mods on the mirror, in one call", async () => {
    h.builds.stubs.GetBuildSource = async () => buildSource({ mod_version_ids: [1, 2, 3, 4] });
    const mods = [mod(2, 'mod2'), mod(3, 'mod10'), mod(1, 'Zeta', { filesize: null })];
    h.catalog.stubs.RenderBuildMods = async () => rendered(mods);
    const res = await h.request('GET', '/api/modpack/tekkit/1.0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(
      '{"id":9,"minecraft":"1.12.2","java":null,"memory":2048,"forge":"14.23.5.2860",' +
        `"mods":${JSON.stringify(mods)}}`,
    );
    expect(h.builds.calls).toEqual([{ method: 'GetBuildSource', request: { slug: 'tekkit', version: '1.0' } }]);
    // An anonymous answer names its mods to shared caches (surrogate keys): their ids are asked for.
    expect(h.catalog.calls).toEqual([
      {
        method: 'RenderBuildMods',
        request: { ids: [1, 2, 3, 4], mirror_url: MIRROR, with_details: false, with_mods: true, sides: [] },
      },
    ]);
    expect(h.auth.calls).toEqual([]);
  });

  it('asks for the mod details with include=mods (and a key: three RPCs in all)', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
    h.builds.stubs.GetBuildSource = async () => buildSource({ mod_version_ids: [1] });
    const mods = [mod(1, 'buildcraft', { pretty_name: '', author: 'SpaceToad', description: null, link: null })];
    h.catalog.stubs.RenderBuildMods = async () => rendered(mods);
    const res = await h.request('GET', '/api/modpack/tekkit/1.0?include=mods&k=KEY');
    expect(res.json().mods).toEqual(mods);
    expect(h.catalog.calls).toEqual([
      {
        method: 'RenderBuildMods',
        request: { ids: [1], mirror_url: MIRROR, with_details: true, with_mods: false, sides: [] },
      },
    ]);
    expect([...h.auth.methods(), ...h.builds.methods(), ...h.catalog.methods()]).toEqual([
      'ResolveReadAccess',
      'GetBuildSource',
      'RenderBuildMods',
    ]);
  });

  it('skips the catalog for a build without mods', async () => {
    h.builds.stubs.GetBuildSource = async () => buildSource({ build: { ...build, min_java: '8' } });
    const res = await h.request('GET', '/api/modpack/tekkit/1.0?include=full');
    expect(res.json()).toEqual({
      id: 9,
      minecraft: '1.12.2',
      java: '8',
      memory: 2048,
      forge: '14.23.5.2860',
      mods: [],
    });
    expect(h.catalog.calls).toEqual([]);
  });

  it('serves a build whose version is "build" (no clash with POST /build)', async () => {
    h.builds.stubs.GetBuildSource = async () => buildSource();
    const res = await h.request('GET', '/api/modpack/tekkit/build');
    expect(res.status).toBe(200);
    expect(h.builds.calls[0].request).toMatchObject({ version: 'build' });
  });

  it('answers 404 "Build does not exist" and "Modpack does not exist", asking the catalog nothing', async () => {
    const refused = async (path: string, over: Partial<buildsV1.BuildSource>, error: string) => {
      h.builds.stubs.GetBuildSource = async () => buildSource({ mod_version_ids: [1], ...over });
      const res = await h.request('GET', path);
      expect([path, res.status, res.json()]).toEqual([path, 404, { error }]);
    };
    await refused('/api/modpack/tekkit/9.9', { build: undefined }, 'Build does not exist');
    await refused('/api/modpack/tekkit/draft', { build: { ...build, is_published: false } }, 'Build does not exist');
    await refused('/api/modpack/tekkit/rc', { build: { ...build, private: true } }, 'Build does not exist');
    await refused('/api/modpack/secret/1.0', { modpack_private: true }, 'Modpack does not exist');
    h.builds.stubs.GetBuildSource = async () => {
      throw new DepotError('MODPACK_NOT_FOUND');
    };
    const res = await h.request('GET', '/api/modpack/nope/9.9');
    expect(res.json()).toEqual({ error: 'Modpack does not exist' });
    expect(h.catalog.calls).toEqual([]);
  });

  it('answers 503 when the catalog is unavailable', async () => {
    h.builds.stubs.GetBuildSource = async () => buildSource({ mod_version_ids: [1] });
    h.catalog.stubs.RenderBuildMods = async () => {
      throw new DepotError('UNAVAILABLE');
    };
    const res = await h.request('GET', '/api/modpack/tekkit/1.0');
    expect(res.status).toBe(503);
  });
});

describe('includes', () => {
  it('accepts the value alone, in lists, repeated, in any case, and ignores anything else', () => {
    expect(includes({ include: 'full' }, 'full')).toBe(true);
    expect(includes({ include: 'FULL' }, 'full')).toBe(true);
    expect(includes({ include: 'mods,full' }, 'full')).toBe(true);
    expect(includes({ include: ['x', 'mods'] }, 'mods')).toBe(true);
    expect(includes({ include: 'mods' }, 'full')).toBe(false);
    expect(includes({ include: '' }, 'full')).toBe(false);
    expect(includes({}, 'full')).toBe(false);
    expect(includes(undefined, 'full')).toBe(false);
  });
});
