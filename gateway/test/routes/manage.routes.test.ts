// The management reads and the pack doctor against fake services: who may call each, the write
// routes' 404 wording, the exact bodies built from the services' answers, and the RPCs each
// request makes (a fixed number whatever the size).
import { DepotError } from '@depot/common';
import { bearer, PRINCIPALS, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';
const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';
const SCOPE = { all: false, modpack_ids: [1] };

const modpack = {
  id: 1,
  name: 'Tekkit',
  slug: 'tekkit',
  hidden: false,
  private: false,
  recommended: '1.0',
  latest: '1.1',
  created_at: TS,
  updated_at: TS,
};
const modpackRecord = {
  id: 1,
  name: 'Tekkit',
  slug: 'tekkit',
  url: null,
  hidden: false,
  private: false,
  order: null,
  recommended: '1.0',
  latest: '1.1',
  created_at: TS,
  updated_at: TS,
};
const build = (id: number, version: string, is_published: boolean) => ({
  id,
  modpack_id: 1,
  version,
  minecraft: '1.12.2',
  is_published,
  private: false,
  created_at: TS,
  updated_at: TS,
});
const buildRecord = (id: number, version: string, is_published: boolean) => ({
  ...build(id, version, is_published),
  forge: null,
  min_java: null,
  min_memory: null,
});
const version = (id: number, modId: number, v: string, md5 = MD5) => ({
  id,
  mod_id: modId,
  version: v,
  md5,
  filesize: id * 100,
  created_at: TS,
  updated_at: TS,
});
const fail = (reason: ConstructorParameters<typeof DepotError>[0]) => async () => {
  throw new DepotError(reason);
};

let h: Harness;
beforeAll(async () => {
  PRINCIPALS.librarian = {
    user_id: 4,
    username: 'librarian',
    permissions: ['mods_manage'],
    modpack_ids: [],
    token_id: 4,
  };
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

describe('who may call', () => {
  const MODPACK_ROUTES = [
    '/api/manage/modpacks',
    '/api/manage/modpacks/tekkit',
    '/api/manage/modpacks/tekkit/builds/1.0',
    '/api/manage/modpacks/tekkit/doctor',
  ];

  it('401 without a token; 403 without the permission, before any service is asked', async () => {
    for (const path of [
      ...MODPACK_ROUTES,
      '/api/manage/mods/jei',
      '/api/manage/mods',
      '/api/manage/mods/jei/versions',
    ]) {
      const res = await h.request('GET', path);
      expect({ path, status: res.status, body: res.json() }).toEqual({
        path,
        status: 401,
        body: { error: 'Unauthenticated.' },
      });
    }
    for (const path of MODPACK_ROUTES) {
      const res = await h.request('GET', path, { headers: bearer('librarian') });
      expect({ path, status: res.status, body: res.json() }).toEqual({
        path,
        status: 403,
        body: { error: 'This action is unauthorized.' },
      });
    }
    const res = await h.request('GET', '/api/manage/mods/jei', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([403, { error: 'This action is unauthorized.' }]);
    expect([h.builds.calls, h.catalog.calls]).toEqual([[], []]);
  });

  it("passes the caller's write scope to the builds service, which answers 404, then 403", async () => {
    h.builds.stubs.GetManagedModpack = fail('MODPACK_NOT_FOUND');
    let res = await h.request('GET', '/api/manage/modpacks/absent', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([404, { error: 'Modpack not found.' }]);
    expect(h.builds.calls[0].request).toMatchObject({ slug: 'absent', access: SCOPE });
    h.builds.stubs.GetManagedModpack = fail('FORBIDDEN');
    res = await h.request('GET', '/api/manage/modpacks/other/doctor', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([403, { error: 'This action is unauthorized.' }]);
    h.builds.stubs.GetManagedBuild = fail('BUILD_NOT_FOUND');
    res = await h.request('GET', '/api/manage/modpacks/tekkit/builds/9.9', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([404, { error: 'Build not found.' }]);
    h.catalog.stubs.GetModVersions = fail('MOD_NOT_FOUND');
    res = await h.request('GET', '/api/manage/mods/absent', { headers: bearer('librarian') });
    expect([res.status, res.json()]).toEqual([404, { error: 'Mod not found.' }]);
    res = await h.request('GET', '/api/manage/mods/absent/versions', { headers: bearer('nobody') });
    expect([res.status, res.json()]).toEqual([404, { error: 'Mod not found.' }]);
  });

  it('a segment that names nothing answers after the modpack was found accessible', async () => {
    let res = await h.request('GET', '/api/manage/modpacks/a%00b', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([404, { error: 'Modpack not found.' }]);
    h.builds.stubs.CheckTarget = fail('FORBIDDEN');
    res = await h.request('GET', '/api/manage/modpacks/other/builds/a%00b', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([403, { error: 'This action is unauthorized.' }]);
    h.builds.stubs.CheckTarget = async () => ({ modpack_id: 1, build_id: 0 });
    res = await h.request('GET', '/api/manage/modpacks/tekkit/builds/a%00b', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([404, { error: 'Build not found.' }]);
    expect(h.builds.methods()).toEqual(['CheckTarget', 'CheckTarget']);
  });

  it('leaves the launcher routes alone: /api/modpack/{slug}/doctor is a build named "doctor"', async () => {
    h.builds.stubs.GetBuildSource = fail('MODPACK_NOT_FOUND');
    const res = await h.request('GET', '/api/modpack/tekkit/doctor');
    expect([res.status, res.json()]).toEqual([404, { error: 'Modpack does not exist' }]);
    expect(h.builds.calls).toEqual([{ method: 'GetBuildSource', request: { slug: 'tekkit', version: 'doctor' } }]);
  });
});

describe('bodies', () => {
  it('GET /api/manage/modpacks: the records with build counts, one RPC', async () => {
    h.builds.stubs.ListManagedModpacks = async () => ({
      modpacks: [{ modpack, build_count: 3, published_build_count: 2 }],
    });
    const res = await h.request('GET', '/api/manage/modpacks', { headers: bearer('manager') });
    expect([res.status, res.json()]).toEqual([
      200,
      { modpacks: [{ modpack: modpackRecord, build_count: 3, published_build_count: 2 }] },
    ]);
    expect(h.builds.calls).toEqual([{ method: 'ListManagedModpacks', request: { access: SCOPE } }]);
  });

  it('GET /api/manage/modpacks/{slug}: every build with its mod count, one RPC', async () => {
    h.builds.stubs.GetManagedModpack = async () => ({
      modpack,
      builds: [
        { build: build(1, '1.0', true), mod_count: 2, mod_version_ids: [] },
        { build: build(2, '1.1', false), mod_count: 0, mod_version_ids: [] },
      ],
    });
    const res = await h.request('GET', '/api/manage/modpacks/tekkit', { headers: bearer('admin') });
    expect([res.status, res.json()]).toEqual([
      200,
      {
        modpack: modpackRecord,
        builds: [
          { build: buildRecord(1, '1.0', true), mod_count: 2 },
          { build: buildRecord(2, '1.1', false), mod_count: 0 },
        ],
      },
    ]);
    expect(h.builds.calls).toEqual([
      {
        method: 'GetManagedModpack',
        request: { slug: 'tekkit', access: { all: true, modpack_ids: [] }, with_mod_version_ids: false },
      },
    ]);
  });

  it("GET /api/manage/modpacks/{slug}/builds/{build}: the mods in catalog's order, two RPCs", async () => {
    h.builds.stubs.GetManagedBuild = async () => ({
      build: build(2, '1.1 beta', false),
      mod_count: 2,
      mod_version_ids: [12, 11],
    });
    h.catalog.stubs.GetVersionsByIds = async () => ({
      versions: [
        { version: version(11, 5, '1.0', ''), mod_name: 'alpha', mod_pretty_name: 'Alpha' },
        { version: version(12, 6, '2.0'), mod_name: 'beta', mod_pretty_name: 'Beta' },
      ],
    });
    const res = await h.request('GET', '/api/manage/modpacks/tekkit/builds/1.1%20beta', {
      headers: bearer('manager'),
    });
    expect([res.status, res.json()]).toEqual([
      200,
      {
        build: buildRecord(2, '1.1 beta', false),
        // (no loader set, and no forge version)
        loader: null,
        mods: [
          {
            mod: { id: 5, name: 'alpha', pretty_name: 'Alpha' },
            version: { id: 11, version: '1.0', md5: '', filesize: 1100 },
          },
          {
            mod: { id: 6, name: 'beta', pretty_name: 'Beta' },
            version: { id: 12, version: '2.0', md5: MD5, filesize: 1200 },
          },
        ],
      },
    ]);
    expect(h.builds.calls[0].request).toEqual({ slug: 'tekkit', version: '1.1 beta', access: SCOPE });
    expect(h.catalog.calls).toEqual([
      { method: 'GetVersionsByIds', request: { ids: [12, 11], with_metadata_side: false } },
    ]);
  });

  it('GET /api/manage/mods/{slug}: each version with the builds using it, two RPCs', async () => {
    h.catalog.stubs.GetModVersions = async () => ({
      mod: { id: 5, name: 'jei', pretty_name: 'JEI', created_at: TS, updated_at: TS, versions: [] },
      versions: [version(11, 5, '1.0'), version(12, 5, '2.0')],
    });
    h.builds.stubs.ListVersionUses = async () => ({
      uses: [
        {
          mod_version_id: 12,
          modpack_id: 1,
          modpack_slug: 'tekkit',
          modpack_name: 'Tekkit',
          build_id: 3,
          build_version: '1.0',
          build_published: true,
        },
        {
          mod_version_id: 12,
          modpack_id: 2,
          modpack_slug: 'hexxit',
          modpack_name: 'Hexxit',
          build_id: 8,
          build_version: 'dev',
          build_published: false,
        },
      ],
    });
    const res = await h.request('GET', '/api/manage/mods/jei', { headers: bearer('librarian') });
    const record = (id: number, v: string) => ({ ...version(id, 5, v), filesize: id * 100 });
    expect([res.status, res.json()]).toEqual([
      200,
      {
        mod: {
          id: 5,
          name: 'jei',
          pretty_name: 'JEI',
          author: null,
          description: null,
          link: null,
          created_at: TS,
          updated_at: TS,
        },
        versions: [
          { version: record(11, '1.0'), builds: [] },
          {
            version: record(12, '2.0'),
            builds: [
              {
                modpack: { id: 1, slug: 'tekkit', name: 'Tekkit' },
                build: { id: 3, version: '1.0', is_published: true },
              },
              {
                modpack: { id: 2, slug: 'hexxit', name: 'Hexxit' },
                build: { id: 8, version: 'dev', is_published: false },
              },
            ],
          },
        ],
      },
    ]);
    expect(h.builds.calls).toEqual([{ method: 'ListVersionUses', request: { mod_version_ids: [11, 12] } }]);
  });

  it("the pickers: every mod, a mod's versions; one RPC each, for any user", async () => {
    h.catalog.stubs.ListMods = async () => ({ mods: [{ id: 5, name: 'jei', pretty_name: 'JEI' }] });
    let res = await h.request('GET', '/api/manage/mods', { headers: bearer('nobody') });
    expect([res.status, res.json()]).toEqual([200, { mods: [{ id: 5, name: 'jei', pretty_name: 'JEI' }] }]);
    h.catalog.stubs.GetModVersions = async () => ({
      mod: { id: 5, name: 'jei', pretty_name: 'JEI', created_at: TS, updated_at: TS, versions: [] },
      versions: [version(11, 5, '1.0'), version(12, 5, '2.0')],
    });
    res = await h.request('GET', '/api/manage/mods/jei/versions', { headers: bearer('nobody') });
    expect([res.status, res.json()]).toEqual([
      200,
      {
        versions: [
          { id: 11, version: '1.0' },
          { id: 12, version: '2.0' },
        ],
      },
    ]);
    expect(h.catalog.methods()).toEqual(['ListMods', 'GetModVersions']);
  });
});

describe('GET /api/manage/modpacks/{slug}/doctor', () => {
  it('gathers with five RPCs (the archives and the server pack of the builds launchers install checked in one each) and answers the diagnosis; the API root is the request origin without PUBLIC_URL', async () => {
    h.builds.stubs.GetManagedModpack = async () => ({
      modpack: { ...modpack, latest: '2.0' },
      builds: [
        {
          build: { ...build(1, '1.0', true), loader: 'fabric', loader_version: '0.16.10' },
          mod_count: 2,
          mod_version_ids: [11, 12],
          sides: [{ mod_version_id: 12, side: 'both' }],
        },
        { build: build(2, '2.0', false), mod_count: 0, mod_version_ids: [], sides: [] },
      ],
    });
    h.catalog.stubs.GetVersionsByIds = async () => ({
      versions: [
        { version: version(11, 5, 'bar-1'), mod_name: 'foo', mod_pretty_name: 'Foo' },
        { version: version(12, 6, '1'), mod_name: 'foo-bar', mod_pretty_name: 'Foo bar' },
      ],
    });
    // Both archives as recorded: the doctor finds nothing about them (and does not say it could not check).
    h.catalog.stubs.CheckVersionArchives = async () => ({
      checks: [
        { id: 11, mod: 'foo', version: 'bar-1', url: 'u', recorded_md5: MD5, md5: MD5 },
        { id: 12, mod: 'foo-bar', version: '1', url: 'u', recorded_md5: MD5, md5: MD5 },
      ],
      mirror_url: 'https://mirror.example.test/',
    });
    // Its server pack can be made.
    h.catalog.stubs.CheckServerPacks = async () => ({ checks: [{ build: '1.0', made: false, hosted: true }] });
    h.auth.stubs.ListClients = async () => ({ clients: [] });
    const res = await h.request('GET', '/api/manage/modpacks/tekkit/doctor', { headers: bearer('manager') });
    const body = res.json();
    expect(res.status).toBe(200);
    expect(body.api_root).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/),
      source: 'request',
      reachable: null,
      detail: expect.stringContaining('PUBLIC_URL is not set'),
    });
    expect(body.launchers.anonymous).toEqual({
      listed: true,
      shown: true,
      builds: ['1.0'],
      installs: { version: '1.0', mods: 2 },
    });
    expect(body.findings.map((f: { code: string }) => f.code)).toEqual(['latest-unpublished', 'file-name-collision']);
    expect(h.builds.calls).toEqual([
      { method: 'GetManagedModpack', request: { slug: 'tekkit', access: SCOPE, with_mod_version_ids: true } },
    ]);
    expect(h.catalog.calls).toEqual([
      { method: 'GetVersionsByIds', request: { ids: [11, 12], with_metadata_side: true } },
      { method: 'CheckVersionArchives', request: { ids: [11, 12], concurrency: 8, after_id: 0, limit: 0 } },
      {
        method: 'CheckServerPacks',
        request: {
          builds: [
            {
              modpack: 'tekkit',
              build: '1.0',
              minecraft: '1.12.2',
              version_ids: [11, 12],
              sides: [{ id: 12, side: 'both' }],
              loader: 'fabric',
              loader_version: '0.16.10',
              // (proto-loader's --oneofs names which field of a synthetic oneof is set)
              _loader: 'loader',
              _loader_version: 'loader_version',
            },
          ],
          with_exports: true,
        },
      },
    ]);
    expect(h.auth.methods()).toEqual(['Authenticate', 'ListClients']);
  });
});

describe('with the mod API disabled', () => {
  let off: Harness;
  beforeAll(async () => {
    off = await startHarness({ env: { SERVICE_DISABLE_MOD_API: 'true' } });
  });
  afterAll(() => off.close());

  it('the pickers keep working while the public mod reads answer 404', async () => {
    off.catalog.stubs.ListMods = async () => ({ mods: [{ id: 5, name: 'jei', pretty_name: 'JEI' }] });
    expect((await off.request('GET', '/api/mod')).json()).toEqual({ error: 'Mod API has been disabled' });
    const res = await off.request('GET', '/api/manage/mods', { headers: bearer('nobody') });
    expect([res.status, res.json()]).toEqual([200, { mods: [{ id: 5, name: 'jei', pretty_name: 'JEI' }] }]);
  });
});

describe('GET /api/manage/settings', () => {
  let urls: Harness;
  beforeAll(async () => {
    urls = await startHarness({ env: { MOD_VERSION_URLS: 'true' } });
  });
  afterAll(() => urls.close());

  it('401 without a token; any user reads whether versions take a url of their own, without a catalog RPC', async () => {
    let res = await h.request('GET', '/api/manage/settings');
    expect([res.status, res.body]).toEqual([401, '{"error":"Unauthenticated."}']);
    res = await h.request('GET', '/api/manage/settings', { headers: bearer('nobody') });
    expect([res.status, res.body]).toEqual([200, '{"mod_version_urls":false}']);
    res = await urls.request('GET', '/api/manage/settings', { headers: bearer('nobody') });
    expect([res.status, res.body]).toEqual([200, '{"mod_version_urls":true}']);
    expect([h.catalog.calls, h.builds.calls, urls.catalog.calls, urls.builds.calls]).toEqual([[], [], [], []]);
    expect(h.auth.methods()).toEqual(['Authenticate']);
  });
});
