/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// The launcher read API (docs/api.md#visibility, #launcher-reads): every cell of the visibility table, for every kind of
// caller (anonymous, platform key, linked and unlinked launcher clients, bearer tokens with and
// without access, and garbage credentials, which never produce a 401), plus the exact shapes.
import { randomUUID } from 'node:crypto';
import { Api, Reply, TestStack, md5Of, startTestStack, userWithToken, must } from '../support';

// No trailing slash on purpose: the API must add it to mirror_url, and must not double it in urls.
const MIRROR = 'https://mirror.example.test/depot';

let t: TestStack;
let admin: Api;
let anon: Api;

// ---------------------------------------------------------------------------------------------
// fixture

interface PackFx {
  slug: string;
  name: string;
  hidden: boolean;
  private: boolean;
  url: string | null;
  recommended: string | null;
  latest: string | null;
  id?: number;
}

const PACKS: PackFx[] = [
  // created in this order: id order differs from slug order on purpose
  {
    slug: 'zeta-public',
    name: 'Zeta Public',
    hidden: false,
    private: false,
    url: 'https://example.test/zeta',
    recommended: '1.0',
    latest: '2.0',
  },
  {
    slug: 'alpha-hidden',
    name: 'Alpha Hidden',
    hidden: true,
    private: false,
    url: null,
    recommended: null,
    latest: null,
  },
  {
    slug: 'mid-private',
    name: 'Mid Private',
    hidden: false,
    private: true,
    url: null,
    recommended: '2.0',
    latest: null,
  },
  {
    slug: 'beta-privhid',
    name: 'Beta PrivHid',
    hidden: true,
    private: true,
    url: null,
    recommended: null,
    latest: 'RC-Private',
  },
];

interface BuildFx {
  version: string;
  minecraft: string;
  forge?: string;
  min_java?: string;
  min_memory?: number;
  is_published: boolean;
  private: boolean;
}

// creation order (not sorted): the `builds` array must keep it
const BUILDS: BuildFx[] = [
  {
    version: '2.0',
    minecraft: '1.20.1',
    forge: '47.2.0',
    min_java: '17',
    min_memory: 4096,
    is_published: true,
    private: false,
  },
  { version: '1.0', minecraft: '1.19.2', is_published: true, private: false },
  { version: 'RC-Private', minecraft: '1.20.1', forge: '47.1.0', min_memory: 0, is_published: true, private: true },
  { version: 'draft', minecraft: '1.20.1', is_published: false, private: false },
  { version: 'draft-private', minecraft: '1.20.1', is_published: false, private: true },
];

interface ModFx {
  name: string;
  pretty_name: string;
  author?: string;
  description?: string;
  link?: string;
  version: string;
  filesize?: number;
}

// created in an order that is neither the natural nor the byte order of their names
const MODS: ModFx[] = [
  {
    name: 'mod10',
    pretty_name: 'Mod Ten',
    author: 'Alice',
    description: 'The tenth',
    link: 'https://example.test/mod10',
    version: '1.0',
    filesize: 1000,
  },
  { name: 'Zeta_core', pretty_name: 'Zeta Core', version: 'v5', filesize: 5 },
  { name: 'Mod2', pretty_name: 'Mod Two', author: 'Bob', version: '2.0.1', filesize: 2000 },
  { name: 'mod1', pretty_name: 'Mod One', description: 'First', version: '1.2.3+mc 1.20.1' },
  { name: 'alpha-lib', pretty_name: 'Alpha Library', version: '3.1', filesize: 0 },
];
// natural, case-insensitive order of the names
const SORTED_MODS = ['alpha-lib', 'mod1', 'Mod2', 'mod10', 'Zeta_core'];

const buildIds: Record<string, number> = {}; // `${slug}/${version}` -> id
const versionIds: Record<string, number> = {}; // mod name -> version id
const EXTRA_BUILD = 'empty'; // a published public build with no mods, in zeta-public only

// ---------------------------------------------------------------------------------------------
// callers

interface Who {
  query?: string;
  token?: string | null;
  headers?: Record<string, string>;
  /** slugs of the modpacks this caller may access */
  access: string[];
}

const ALL = PACKS.map((p) => p.slug);
const CALLERS = [
  'anonymous',
  'valid k',
  'garbage k',
  'empty k',
  'cid linked to zeta-public and mid-private',
  'cid of a client with no links',
  'unknown cid',
  'cid that is not a uuid',
  'bearer of a user with access to alpha-hidden and beta-privhid',
  'bearer of a user with modpacks_manage but no access',
  'bearer of solder_full',
  'garbage bearer token',
  'Authorization: Token scheme',
  'garbage k with a linked cid',
  'valid k with a garbage bearer',
  'revoked bearer of a user who had access to everything',
  'cid of a deleted client',
] as const;
type Caller = (typeof CALLERS)[number];
const who = {} as Record<Caller, Who>;

// ---------------------------------------------------------------------------------------------
// setup

let emptyReplies: Record<string, Reply> = {};

beforeAll(async () => {
  t = await startTestStack({ mirrorUrl: MIRROR });
  admin = t.admin;
  anon = t.anon;

  const key = must(await admin.post('/api/key', { name: 'visibility platform' }), 201, 'key').api_key as string;
  // an empty instance, before anything exists
  emptyReplies = {
    plain: await anon.get('/api/modpack'),
    full: await anon.get('/api/modpack?include=full'),
    keyed: await anon.get(`/api/modpack?include=full&k=${encodeURIComponent(key)}`),
    admin: await admin.get('/api/modpack'),
  };

  for (const m of MODS) {
    const body: Record<string, unknown> = { name: m.name, pretty_name: m.pretty_name };
    if (m.author !== undefined) body.author = m.author;
    if (m.description !== undefined) body.description = m.description;
    if (m.link !== undefined) body.link = m.link;
    must(await admin.post('/api/mod', body), 201, `mod ${m.name}`);
    const vb: Record<string, unknown> = { version: m.version, md5: md5Of(`${m.name}-${m.version}`) };
    if (m.filesize !== undefined) vb.filesize = m.filesize;
    versionIds[m.name] = must(await admin.post(`/api/mod/${m.name}/version`, vb), 201, `version ${m.name}`).id;
    // a second version nobody uses
    must(await admin.post(`/api/mod/${m.name}/version`, { version: 'unused', md5: md5Of('unused') }), 201, 'unused');
  }

  for (const p of PACKS) {
    const body: Record<string, unknown> = { name: p.name, slug: p.slug, private: p.private };
    if (!p.hidden) body.hidden = false; // hidden is the default
    if (p.url) body.url = p.url;
    p.id = must(await admin.post('/api/modpack', body), 201, `pack ${p.slug}`).id;
    for (const b of BUILDS) {
      const { version, ...rest } = b;
      buildIds[`${p.slug}/${version}`] = must(
        await admin.post(`/api/modpack/${p.slug}/build`, { version, ...rest }),
        201,
        `build ${p.slug} ${version}`,
      ).id;
      for (const m of MODS) {
        must(
          await admin.post(`/api/modpack/${p.slug}/${version}/mod`, { mod_slug: m.name, mod_version: m.version }),
          201,
          `assign ${m.name} to ${p.slug}/${version}`,
        );
      }
    }
    const rec: Record<string, string> = {};
    if (p.recommended !== null) rec.recommended = p.recommended;
    if (p.latest !== null) rec.latest = p.latest;
    if (Object.keys(rec).length) must(await admin.put(`/api/modpack/${p.slug}`, rec), 200, 'set recommended/latest');
  }
  buildIds[`zeta-public/${EXTRA_BUILD}`] = must(
    await admin.post('/api/modpack/zeta-public/build', {
      version: EXTRA_BUILD,
      minecraft: '1.7.10',
      is_published: true,
    }),
    201,
    'empty build',
  ).id;

  const linked = randomUUID();
  const unlinked = randomUUID();
  must(await admin.post('/api/client', { name: 'Linked launcher', uuid: linked }), 201, 'client');
  must(await admin.post('/api/client', { name: 'Bare launcher', uuid: unlinked }), 201, 'client');
  const id = (slug: string) => PACKS.find((p) => p.slug === slug)!.id;
  must(await admin.put(`/api/client/${linked}`, { modpacks: [id('zeta-public'), id('mid-private')] }), 200, 'link');

  // a client that was linked to everything, then deleted
  const deletedClient = randomUUID();
  must(await admin.post('/api/client', { name: 'Gone launcher', uuid: deletedClient }), 201, 'client');
  must(await admin.put(`/api/client/${deletedClient}`, { modpacks: PACKS.map((p) => p.id) }), 200, 'link');
  must(await anon.get(`/api/modpack/beta-privhid?cid=${deletedClient}`), 200, 'cid works before deletion');
  must(await admin.delete(`/api/client/${deletedClient}`), 200, 'delete client');

  // a token of a user with access to everything, revoked by its owner
  must(await admin.post('/api/user', { username: 'revoked-reader', permissions: [], modpacks: ALL }), 201, 'user');
  const issued = must(await admin.post('/api/user/revoked-reader/token', { name: 't' }), 201, 'token').token;
  must(await anon.get('/api/modpack/beta-privhid', { token: issued.plaintext }), 200, 'token works before revocation');
  must(await anon.delete(`/api/token/${issued.id}`, { token: issued.plaintext }), 200, 'revoke');
  const deadline = Date.now() + 5000;
  while (
    (await anon.get('/api/modpack/beta-privhid', { token: issued.plaintext })).status !== 404 &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }

  const withAccess = await userWithToken(admin, 'reader-with-access', [], ['alpha-hidden', 'beta-privhid']);
  const withoutAccess = await userWithToken(admin, 'manager-without-access', ['modpacks_manage']);

  Object.assign(who, {
    anonymous: { access: [] },
    'valid k': { query: `k=${encodeURIComponent(key)}`, access: ALL },
    'garbage k': { query: 'k=not-a-real-key-0123456789', access: [] },
    'empty k': { query: 'k=', access: [] },
    'cid linked to zeta-public and mid-private': { query: `cid=${linked}`, access: ['zeta-public', 'mid-private'] },
    'cid of a client with no links': { query: `cid=${unlinked}`, access: [] },
    'unknown cid': { query: `cid=${randomUUID()}`, access: [] },
    'cid that is not a uuid': { query: 'cid=definitely%20not%27a-uuid', access: [] },
    'bearer of a user with access to alpha-hidden and beta-privhid': {
      token: withAccess,
      access: ['alpha-hidden', 'beta-privhid'],
    },
    'bearer of a user with modpacks_manage but no access': { token: withoutAccess, access: [] },
    'bearer of solder_full': { token: t.adminToken, access: ALL },
    'garbage bearer token': { token: 'garbage-token-that-matches-nobody', access: [] },
    'Authorization: Token scheme': { headers: { authorization: `Token ${t.adminToken}` }, access: [] },
    'garbage k with a linked cid': { query: `k=nope&cid=${linked}`, access: ['zeta-public', 'mid-private'] },
    'valid k with a garbage bearer': { query: `k=${encodeURIComponent(key)}`, token: 'garbage', access: ALL },
    'revoked bearer of a user who had access to everything': { token: issued.plaintext, access: [] },
    'cid of a deleted client': { query: `cid=${deletedClient}`, access: [] },
  } satisfies Record<Caller, Who>);
});

afterAll(async () => {
  await t?.stop();
});

// ---------------------------------------------------------------------------------------------
// expectations

function get(w: Who, path: string, extraQuery = ''): Promise<Reply> {
  const q = [extraQuery, w.query ?? ''].filter(Boolean).join('&');
  return anon.get(q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path, {
    token: w.token ?? null,
    headers: w.headers,
  });
}

const accessible = (w: Who, p: PackFx) => w.access.includes(p.slug);
const listed = (w: Who, p: PackFx) => (!p.hidden && !p.private) || accessible(w, p);
const showable = (w: Who, p: PackFx) => !p.private || accessible(w, p);
const buildVisible = (w: Who, p: PackFx, b: BuildFx) => b.is_published && (!b.private || accessible(w, p));

function visibleBuilds(w: Who, p: PackFx): string[] {
  const v = BUILDS.filter((b) => buildVisible(w, p, b)).map((b) => b.version);
  if (p.slug === 'zeta-public') v.push(EXTRA_BUILD);
  return v;
}

function showBody(w: Who, p: PackFx) {
  return {
    id: p.id,
    name: p.slug,
    display_name: p.name,
    url: p.url,
    icon: null,
    icon_md5: null,
    logo: null,
    logo_md5: null,
    background: null,
    background_md5: null,
    recommended: p.recommended,
    latest: p.latest,
    builds: visibleBuilds(w, p),
  };
}

function modUrl(name: string, version: string) {
  const n = encodeURIComponent(name);
  return `${MIRROR}/mods/${n}/${n}-${encodeURIComponent(version)}.zip`;
}

function modEntries(withDetails = false) {
  return SORTED_MODS.map((name) => {
    const m = MODS.find((x) => x.name === name)!;
    const base: Record<string, unknown> = {
      id: versionIds[name],
      name,
      version: m.version,
      md5: md5Of(`${name}-${m.version}`),
      filesize: m.filesize ?? null,
      url: modUrl(name, m.version),
    };
    if (withDetails) {
      Object.assign(base, {
        pretty_name: m.pretty_name,
        author: m.author ?? null,
        description: m.description ?? null,
        link: m.link ?? null,
      });
    }
    return base;
  });
}

function buildBody(p: PackFx, b: BuildFx, withDetails = false) {
  return {
    id: buildIds[`${p.slug}/${b.version}`],
    minecraft: b.minecraft,
    java: b.min_java ?? null,
    memory: b.min_memory ?? null,
    forge: b.forge ?? null,
    mods: modEntries(withDetails),
  };
}

// ---------------------------------------------------------------------------------------------
// tests

describe('an empty instance', () => {
  test('GET /api/modpack is {"modpacks":{},"mirror_url":"<mirror>/"} for everyone, with or without include=full', () => {
    for (const [label, r] of Object.entries(emptyReplies)) {
      expect([label, r.status]).toEqual([label, 200]);
      expect([label, r.body]).toEqual([label, { modpacks: {}, mirror_url: `${MIRROR}/` }]);
      expect(r.text).toContain('"modpacks":{}');
    }
  });
});

describe.each(CALLERS)('caller: %s', (label) => {
  test('GET /api/modpack lists exactly the listable modpacks, in id order, with mirror_url', async () => {
    const w = who[label];
    const r = await get(w, '/api/modpack');
    expect(r.status).toBe(200);
    const expected: Record<string, string> = {};
    for (const p of PACKS) if (listed(w, p)) expected[p.slug] = p.name;
    expect(r.body).toEqual({ modpacks: expected, mirror_url: `${MIRROR}/` });
    expect(Object.keys(r.body.modpacks)).toEqual(Object.keys(expected));
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('GET /api/modpack?include=full gives each listed modpack as its show object', async () => {
    const w = who[label];
    const r = await get(w, '/api/modpack', 'include=full');
    expect(r.status).toBe(200);
    const expected: Record<string, unknown> = {};
    for (const p of PACKS) if (listed(w, p)) expected[p.slug] = showBody(w, p);
    expect(r.body).toEqual({ modpacks: expected, mirror_url: `${MIRROR}/` });
    expect(Object.keys(r.body.modpacks)).toEqual(Object.keys(expected));
  });

  test.each(PACKS.map((p) => p.slug))('GET /api/modpack/%s', async (slug) => {
    const w = who[label];
    const p = PACKS.find((x) => x.slug === slug)!;
    const r = await get(w, `/api/modpack/${slug}`);
    if (showable(w, p)) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual(showBody(w, p));
    } else {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'Modpack does not exist' });
    }
  });

  test.each(PACKS.map((p) => p.slug))('GET /api/modpack/%s/{build} for every build', async (slug) => {
    const w = who[label];
    const p = PACKS.find((x) => x.slug === slug)!;
    for (const b of BUILDS) {
      const r = await get(w, `/api/modpack/${slug}/${encodeURIComponent(b.version)}`);
      const cell = `${slug}/${b.version}`;
      if (!showable(w, p)) {
        expect([cell, r.status, r.body]).toEqual([cell, 404, { error: 'Modpack does not exist' }]);
      } else if (!buildVisible(w, p, b)) {
        expect([cell, r.status, r.body]).toEqual([cell, 404, { error: 'Build does not exist' }]);
      } else {
        expect([cell, r.status, r.body]).toEqual([cell, 200, buildBody(p, b)]);
      }
    }
    // a build that does not exist, and versions matched case-sensitively
    for (const missing of ['9.9', 'rc-private', 'RC-PRIVATE', 'Draft']) {
      const r = await get(w, `/api/modpack/${slug}/${missing}`);
      const cell = `${slug}/${missing}`;
      const error = showable(w, p) ? 'Build does not exist' : 'Modpack does not exist';
      expect([cell, r.status, r.body]).toEqual([cell, 404, { error }]);
    }
  });

  test('modpacks that do not exist, or differ only in case: 404 Modpack does not exist', async () => {
    const w = who[label];
    for (const path of [
      '/api/modpack/no-such-pack',
      '/api/modpack/no-such-pack/1.0',
      '/api/modpack/Zeta-Public',
      '/api/modpack/ZETA-PUBLIC/1.0',
    ]) {
      const r = await get(w, path);
      expect([path, r.status, r.body]).toEqual([path, 404, { error: 'Modpack does not exist' }]);
    }
  });
});

describe('build responses in detail', () => {
  test('mods sorted naturally and case-insensitively, urls exact and percent-encoded', async () => {
    const r = await anon.get('/api/modpack/zeta-public/2.0');
    expect(r.status).toBe(200);
    expect(r.body.mods.map((m: any) => m.name)).toEqual(['alpha-lib', 'mod1', 'Mod2', 'mod10', 'Zeta_core']);
    const byName = Object.fromEntries(r.body.mods.map((m: any) => [m.name, m]));
    expect(byName.mod1.url).toBe('https://mirror.example.test/depot/mods/mod1/mod1-1.2.3%2Bmc%201.20.1.zip');
    expect(byName.Mod2.url).toBe('https://mirror.example.test/depot/mods/Mod2/Mod2-2.0.1.zip');
    expect(byName['alpha-lib']).toEqual({
      id: versionIds['alpha-lib'],
      name: 'alpha-lib',
      version: '3.1',
      md5: md5Of('alpha-lib-3.1'),
      filesize: 0,
      url: 'https://mirror.example.test/depot/mods/alpha-lib/alpha-lib-3.1.zip',
    });
    expect(byName.mod1.filesize).toBeNull();
    expect(Object.keys(r.body).sort()).toEqual(['forge', 'id', 'java', 'memory', 'minecraft', 'mods']);
  });

  test('include=mods adds pretty_name, author, description and link', async () => {
    const p = PACKS[0];
    const r = await anon.get('/api/modpack/zeta-public/2.0?include=mods');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(buildBody(p, BUILDS[0], true));
    for (const m of r.body.mods) expect(typeof m.pretty_name).toBe('string');

    const k = who['valid k'].query!;
    const priv = await anon.get(`/api/modpack/beta-privhid/RC-Private?include=mods&${k}`);
    expect(priv.status).toBe(200);
    expect(priv.body).toEqual(buildBody(PACKS[3], BUILDS[2], true));
  });

  test('a build without mods has "mods": []', async () => {
    const r = await anon.get(`/api/modpack/zeta-public/${EXTRA_BUILD}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: buildIds[`zeta-public/${EXTRA_BUILD}`],
      minecraft: '1.7.10',
      java: null,
      memory: null,
      forge: null,
      mods: [],
    });
  });

  test('trailing slashes: /api/modpack/, /api/modpack/{slug}/ and /api/modpack/{slug}/{build}/ answer like without', async () => {
    const a = await anon.get('/api/modpack');
    const b = await anon.get('/api/modpack/');
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const s1 = await anon.get('/api/modpack/zeta-public');
    const s2 = await anon.get('/api/modpack/zeta-public/');
    expect(s2.body).toEqual(s1.body);
    const b1 = await anon.get('/api/modpack/zeta-public/1.0');
    const b2 = await anon.get('/api/modpack/zeta-public/1.0/');
    expect(b2.body).toEqual(b1.body);
  });

  test('flags changed by PUT change visibility at once, for each kind of caller', async () => {
    const cid = who['cid linked to zeta-public and mid-private'];
    const k = who['valid k'];
    // make mid-private public: anonymous callers now see it listed and showable
    must(await admin.put('/api/modpack/mid-private', { private: false }), 200, 'unprivate');
    expect((await get(who.anonymous, '/api/modpack')).body.modpacks).toHaveProperty('mid-private', 'Mid Private');
    expect((await get(who.anonymous, '/api/modpack/mid-private')).body.builds).toEqual(['2.0', '1.0']);
    expect((await get(cid, '/api/modpack/mid-private')).body.builds).toEqual(['2.0', '1.0', 'RC-Private']);
    // and back
    must(await admin.put('/api/modpack/mid-private', { private: true }), 200, 'private again');
    expect(await get(who.anonymous, '/api/modpack/mid-private')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    expect((await get(who.anonymous, '/api/modpack')).body.modpacks).not.toHaveProperty('mid-private');

    // publishing a draft: visible to everyone who may see the pack, even with k only after publishing
    expect(await get(k, '/api/modpack/zeta-public/draft')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    must(await admin.put('/api/modpack/zeta-public/draft', { is_published: true }), 200, 'publish');
    expect(await get(who.anonymous, '/api/modpack/zeta-public/draft')).toMatchObject({ status: 200 });
    expect((await get(who.anonymous, '/api/modpack/zeta-public')).body.builds).toEqual([
      '2.0',
      '1.0',
      'draft',
      EXTRA_BUILD,
    ]);
    must(await admin.put('/api/modpack/zeta-public/draft', { is_published: false }), 200, 'unpublish');
    expect(await get(who.anonymous, '/api/modpack/zeta-public/draft')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    expect((await get(who.anonymous, '/api/modpack/zeta-public')).body.builds).toEqual(['2.0', '1.0', EXTRA_BUILD]);
  });

  test('linking and unlinking a client changes what its cid sees at once', async () => {
    const uuid = randomUUID();
    must(await admin.post('/api/client', { name: 'Late launcher', uuid }), 201, 'client');
    expect(await anon.get(`/api/modpack/beta-privhid?cid=${uuid}`)).toMatchObject({ status: 404 });
    must(await admin.put(`/api/client/${uuid}`, { modpacks: [PACKS[3].id] }), 200, 'link');
    expect(await anon.get(`/api/modpack/beta-privhid?cid=${uuid}`)).toMatchObject({
      status: 200,
      body: { builds: ['2.0', '1.0', 'RC-Private'] },
    });
    expect((await anon.get(`/api/modpack?cid=${uuid}`)).body.modpacks).toEqual({
      'zeta-public': 'Zeta Public',
      'beta-privhid': 'Beta PrivHid',
    });
    must(await admin.put(`/api/client/${uuid}`, { modpacks: [] }), 200, 'unlink');
    expect(await anon.get(`/api/modpack/beta-privhid?cid=${uuid}`)).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
  });
});
