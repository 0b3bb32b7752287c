import { DepotError } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { includes } from '../../src/routes/launcher';
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

describe('GET /api/modpack', () => {
  it('lists slug → display name for anonymous callers with one RPC and no auth call', async () => {
    h.builds.stubs.ListModpacks = async () => ({
      modpacks: [
        { modpack: modpack(1, 'tekkit', 'Tekkit'), builds: [] },
        { modpack: modpack(2, 'hexxit', 'Hexxit'), builds: [] },
      ],
    });
    const res = await h.request('GET', '/api/modpack');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(`{"modpacks":{"tekkit":"Tekkit","hexxit":"Hexxit"},"mirror_url":"${MIRROR}/"}`);
    expect(h.builds.methods()).toEqual(['ListModpacks']);
    expect(h.builds.calls[0].request).toEqual({ access: { all: false, modpack_ids: [] }, with_builds: false });
    expect(h.auth.calls).toEqual([]);
  });

  it('answers an empty object for no modpacks', async () => {
    h.builds.stubs.ListModpacks = async () => ({ modpacks: [] });
    const res = await h.request('GET', '/api/modpack/');
    expect(res.json()).toEqual({ modpacks: {}, mirror_url: `${MIRROR}/` });
  });

  it('with include=full and a key gives full views, resolving access once', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
    h.builds.stubs.ListModpacks = async () => ({
      modpacks: [
        {
          modpack: modpack(1, 'tekkit', 'Tekkit', { recommended: '1.0', icon_url: 'http://i/x.png' }),
          builds: ['1.0'],
        },
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
          builds: ['1.0'],
        },
      },
      mirror_url: `${MIRROR}/`,
    });
    expect(h.auth.methods()).toEqual(['ResolveReadAccess']);
    expect(h.auth.calls[0].request).toMatchObject({ key: 'KEY' });
    expect(h.builds.calls).toEqual([
      { method: 'ListModpacks', request: { access: { all: true, modpack_ids: [] }, with_builds: true } },
    ]);
  });

  it('serves anonymously when auth is down', async () => {
    h.builds.stubs.ListModpacks = async () => ({ modpacks: [] });
    const res = await h.request('GET', '/api/modpack?cid=abc');
    expect(res.status).toBe(200);
    expect(h.builds.calls[0].request).toMatchObject({ access: { all: false, modpack_ids: [] } });
  });
});

describe('GET /api/modpack/{slug}', () => {
  it('shows the modpack with the access of the bearer token', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: false, modpack_ids: [4] });
    h.builds.stubs.GetModpack = async () => ({
      modpack: modpack(4, 'secret', 'Secret', { private: true }),
      builds: [],
    });
    const res = await h.request('GET', '/api/modpack/secret', { headers: bearer('tok') });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ id: 4, name: 'secret', display_name: 'Secret', builds: [] });
    expect(h.builds.calls[0].request).toEqual({ slug: 'secret', access: { all: false, modpack_ids: [4] } });
  });

  it('answers 404 "Modpack does not exist"', async () => {
    h.builds.stubs.GetModpack = async () => {
      throw new DepotError('MODPACK_NOT_FOUND');
    };
    const res = await h.request('GET', '/api/modpack/nope');
    expect(res.status).toBe(404);
    expect(res.body).toBe('{"error":"Modpack does not exist"}');
  });

  it('decodes percent-encoded slugs', async () => {
    h.builds.stubs.GetModpack = async () => ({ modpack: modpack(1, 'a.b', 'A'), builds: [] });
    await h.request('GET', '/api/modpack/a%2Eb');
    expect(h.builds.calls[0].request).toMatchObject({ slug: 'a.b' });
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

  it("splices in the catalog's rendering of the build's mods on the mirror, in one call", async () => {
    h.builds.stubs.GetBuild = async () => ({ build, mod_version_ids: [1, 2, 3, 4] });
    const mods = [mod(2, 'mod2'), mod(3, 'mod10'), mod(1, 'Zeta', { filesize: null })];
    h.catalog.stubs.RenderBuildMods = async () => rendered(mods);
    const res = await h.request('GET', '/api/modpack/tekkit/1.0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(
      '{"id":9,"minecraft":"1.12.2","java":null,"memory":2048,"forge":"14.23.5.2860",' +
        `"mods":${JSON.stringify(mods)}}`,
    );
    expect(h.builds.methods()).toEqual(['GetBuild']);
    expect(h.builds.calls[0].request).toEqual({
      slug: 'tekkit',
      version: '1.0',
      access: { all: false, modpack_ids: [] },
    });
    expect(h.catalog.calls).toEqual([
      {
        method: 'RenderBuildMods',
        request: { ids: [1, 2, 3, 4], mirror_url: MIRROR, with_details: false, with_mods: false },
      },
    ]);
    expect(h.auth.calls).toEqual([]);
  });

  it('asks for the mod details with include=mods (and a key: three RPCs in all)', async () => {
    h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
    h.builds.stubs.GetBuild = async () => ({ build, mod_version_ids: [1] });
    const mods = [mod(1, 'buildcraft', { pretty_name: '', author: 'SpaceToad', description: null, link: null })];
    h.catalog.stubs.RenderBuildMods = async () => rendered(mods);
    const res = await h.request('GET', '/api/modpack/tekkit/1.0?include=mods&k=KEY');
    expect(res.json().mods).toEqual(mods);
    expect(h.catalog.calls).toEqual([
      { method: 'RenderBuildMods', request: { ids: [1], mirror_url: MIRROR, with_details: true, with_mods: false } },
    ]);
    expect([...h.auth.methods(), ...h.builds.methods(), ...h.catalog.methods()]).toEqual([
      'ResolveReadAccess',
      'GetBuild',
      'RenderBuildMods',
    ]);
  });

  it('skips the catalog for a build without mods', async () => {
    h.builds.stubs.GetBuild = async () => ({ build: { ...build, min_java: '8' }, mod_version_ids: [] });
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
    h.builds.stubs.GetBuild = async () => ({ build, mod_version_ids: [] });
    const res = await h.request('GET', '/api/modpack/tekkit/build');
    expect(res.status).toBe(200);
    expect(h.builds.calls[0].request).toMatchObject({ version: 'build' });
  });

  it('answers 404 "Build does not exist" and "Modpack does not exist"', async () => {
    h.builds.stubs.GetBuild = async () => {
      throw new DepotError('BUILD_NOT_FOUND');
    };
    let res = await h.request('GET', '/api/modpack/tekkit/9.9');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Build does not exist' });
    h.builds.stubs.GetBuild = async () => {
      throw new DepotError('MODPACK_NOT_FOUND');
    };
    res = await h.request('GET', '/api/modpack/nope/9.9');
    expect(res.json()).toEqual({ error: 'Modpack does not exist' });
  });

  it('answers 503 when the catalog is unavailable', async () => {
    h.builds.stubs.GetBuild = async () => ({ build, mod_version_ids: [1] });
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
