// Notes, a version's own url and the rehash route against fake services: exact bodies, what the
// services are asked, and which answers show private fields.
import { DepotError, type Reason } from '@depot/common';
import type { authV1, catalogV1 } from '@depot/proto';
import { bearer, MIRROR, PRINCIPALS, startHarness, type Harness } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';
const MD5 = 'a'.repeat(32);

const principal = (username: string, permissions: string[]): authV1.Principal => ({
  user_id: 50 + permissions.length,
  username,
  permissions,
  modpack_ids: [],
  token_id: 50 + permissions.length,
});
const TOKENS: Record<string, authV1.Principal> = {
  ...PRINCIPALS,
  creator: principal('creator', ['mods_create']),
  modder: principal('modder', ['mods_create', 'mods_manage']),
};

const mod = (over: Partial<catalogV1.Mod> = {}): catalogV1.Mod => ({
  id: 4,
  name: 'optifine',
  pretty_name: 'OptiFine',
  created_at: TS,
  updated_at: TS,
  versions: [],
  ...over,
});
const version = (over: Partial<catalogV1.ModVersion> = {}): catalogV1.ModVersion => ({
  id: 7,
  mod_id: 4,
  version: 'HD_U_I6',
  md5: MD5,
  filesize: 10,
  created_at: TS,
  updated_at: TS,
  ...over,
});
const MOD_RECORD = {
  id: 4,
  name: 'optifine',
  pretty_name: 'OptiFine',
  author: null,
  description: null,
  link: null,
  created_at: TS,
  updated_at: TS,
};
const VERSION_RECORD = { id: 7, mod_id: 4, version: 'HD_U_I6', md5: MD5, filesize: 10, created_at: TS, updated_at: TS };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { MOD_VERSION_URLS: 'true' } });
});
afterAll(() => h.close());
beforeEach(() => {
  h.reset();
  h.auth.stubs.Authenticate = async ({ token }: { token: string }) => {
    if (!TOKENS[token]) throw new DepotError('UNAUTHENTICATED');
    return TOKENS[token];
  };
});

describe('notes on mod writes', () => {
  it('are written, and shown in the answer only to mods_manage (or solder_full), after link', async () => {
    h.catalog.stubs.CreateMod = async () => mod({ notes: 'ask before updating' });
    for (const who of ['modder', 'admin']) {
      const res = await h.request('POST', '/api/mod', {
        headers: bearer(who),
        body: { name: 'optifine', pretty_name: 'OptiFine', notes: 'ask before updating' },
      });
      expect(res.status).toBe(201);
      const { created_at, updated_at, ...fields } = MOD_RECORD;
      expect(res.body).toBe(JSON.stringify({ ...fields, notes: 'ask before updating', created_at, updated_at }));
    }
    expect(h.catalog.calls[0].request).toEqual({
      name: 'optifine',
      pretty_name: 'OptiFine',
      notes: 'ask before updating',
    });
    // mods_create alone may write notes but not read them.
    const res = await h.request('POST', '/api/mod', {
      headers: bearer('creator'),
      body: { name: 'optifine', pretty_name: 'OptiFine', notes: 'ask before updating' },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual(MOD_RECORD);
  });

  it('without notes, the answer is exactly what it was before notes existed', async () => {
    h.catalog.stubs.UpdateMod = async () => mod();
    const res = await h.request('PUT', '/api/mod/optifine', { headers: bearer('admin'), body: { notes: null } });
    expect(res.status).toBe(200);
    expect(res.body).toBe(JSON.stringify(MOD_RECORD));
    expect(h.catalog.calls[0].request).toEqual({ slug: 'optifine', update_mask: ['notes'] });
  });

  it('refuses notes that are not text', async () => {
    h.catalog.stubs.GetMod = async () => mod();
    const res = await h.request('PUT', '/api/mod/optifine', { headers: bearer('admin'), body: { notes: 5 } });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: { notes: ['The notes field must be a string.'] } });
    expect(h.catalog.methods()).toEqual(['GetMod']);
  });
});

describe("a version's url and notes", () => {
  it('are written and answered (url whenever set, notes to mods_manage)', async () => {
    const own = 'https://optifine.example/adloadx?f=OptiFine_HD_U_I6.jar';
    h.catalog.stubs.CreateVersion = async () => version({ url: own, notes: 'n' });
    const res = await h.request('POST', '/api/mod/optifine/version', {
      headers: bearer('modder'),
      body: { version: 'HD_U_I6', md5: MD5, filesize: 10, url: own, notes: 'n' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toBe(
      JSON.stringify({
        id: 7,
        mod_id: 4,
        version: 'HD_U_I6',
        md5: MD5,
        filesize: 10,
        url: own,
        notes: 'n',
        created_at: TS,
        updated_at: TS,
      }),
    );
    expect(h.catalog.calls[0].request).toEqual({
      slug: 'optifine',
      version: 'HD_U_I6',
      md5: MD5,
      filesize: 10,
      url: own,
      notes: 'n',
    });
  });

  it('a null url clears it; without url and notes the record is as before', async () => {
    h.catalog.stubs.UpdateVersion = async () => version();
    const res = await h.request('PUT', '/api/mod/optifine/HD_U_I6', {
      headers: bearer('admin'),
      body: { url: null, notes: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(JSON.stringify(VERSION_RECORD));
    expect(h.catalog.calls[0].request).toEqual({ slug: 'optifine', version: 'HD_U_I6', update_mask: ['url', 'notes'] });
  });

  it('refuses a url that is not http(s)', async () => {
    h.catalog.stubs.GetMod = async () => mod();
    h.catalog.stubs.GetVersion = async () => version();
    for (const url of ['ftp://x.example/a.zip', 'file:///etc/passwd', 'not a url', 5]) {
      const res = await h.request('PUT', '/api/mod/optifine/HD_U_I6', { headers: bearer('admin'), body: { url } });
      expect(res.status).toBe(422);
      expect(res.json()).toEqual({
        error: {
          url: [typeof url === 'number' ? 'The url field must be a string.' : 'The url field must be a valid URL.'],
        },
      });
    }
    expect(h.catalog.methods()).not.toContain('UpdateVersion');
  });

  it('the version read shows its own url instead of the mirror form', async () => {
    const own = 'https://cdn.example/x.jar';
    h.catalog.stubs.GetVersion = async () => version({ url: own, notes: 'private' });
    let res = await h.request('GET', '/api/mod/optifine/HD_U_I6');
    expect(res.body).toBe(JSON.stringify({ id: 7, md5: MD5, filesize: 10, url: own }));
    h.catalog.stubs.GetVersion = async () => version();
    res = await h.request('GET', '/api/mod/optifine/HD_U_I6');
    expect(res.body).toBe(
      JSON.stringify({ id: 7, md5: MD5, filesize: 10, url: `${MIRROR}/mods/optifine/optifine-HD_U_I6.zip` }),
    );
  });
});

describe('notes on the mod reads', () => {
  beforeEach(() => {
    h.catalog.stubs.GetMod = async () => mod({ versions: ['HD_U_I6'], notes: 'ask first' });
    h.catalog.stubs.GetVersion = async () => version({ notes: 'beta' });
  });
  const view = { id: 4, name: 'optifine', pretty_name: 'OptiFine', author: null, description: null, link: null };
  const versionView = { id: 7, md5: MD5, filesize: 10, url: `${MIRROR}/mods/optifine/optifine-HD_U_I6.zip` };

  it('anonymous: absent, and no auth call', async () => {
    expect((await h.request('GET', '/api/mod/optifine')).body).toBe(JSON.stringify({ ...view, versions: ['HD_U_I6'] }));
    expect((await h.request('GET', '/api/mod/optifine/HD_U_I6')).body).toBe(JSON.stringify(versionView));
    expect(h.auth.calls).toEqual([]);
  });

  it('mods_manage or solder_full: present, where Solder puts them', async () => {
    for (const who of ['modder', 'admin']) {
      expect((await h.request('GET', '/api/mod/optifine', { headers: bearer(who) })).body).toBe(
        JSON.stringify({ ...view, notes: 'ask first', versions: ['HD_U_I6'] }),
      );
      expect((await h.request('GET', '/api/mod/optifine/HD_U_I6', { headers: bearer(who) })).body).toBe(
        JSON.stringify({ ...versionView, notes: 'beta' }),
      );
    }
  });

  it('another token, a wrong or malformed one: absent, never a 401; auth down: served as anonymous', async () => {
    for (const headers of [bearer('creator'), bearer('nobody'), bearer('wrong'), { authorization: 'Basic eA==' }]) {
      const res = await h.request('GET', '/api/mod/optifine', { headers });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: JSON.stringify({ ...view, versions: ['HD_U_I6'] }),
      });
    }
    h.auth.stubs.Authenticate = async () => {
      throw new Error('auth is down');
    };
    const res = await h.request('GET', '/api/mod/optifine/HD_U_I6', { headers: bearer('admin') });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: JSON.stringify(versionView) });
  });

  it("the console's session: present for its user, and never kept by a shared cache", async () => {
    h.auth.stubs.AuthenticateSession = async ({ token }: { token: string }) => {
      if (token !== 'session-of-modder') throw new DepotError('UNAUTHENTICATED');
      return TOKENS.modder;
    };
    const res = await h.request('GET', '/api/mod/optifine', { headers: { cookie: 'depot_session=session-of-modder' } });
    expect(res.body).toBe(JSON.stringify({ ...view, notes: 'ask first', versions: ['HD_U_I6'] }));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const stale = await h.request('GET', '/api/mod/optifine', { headers: { cookie: 'depot_session=gone' } });
    expect({ status: stale.status, body: stale.body }).toEqual({
      status: 200,
      body: JSON.stringify({ ...view, versions: ['HD_U_I6'] }),
    });
    // An anonymous answer is the one a shared cache may keep (docs/caching.md).
    expect((await h.request('GET', '/api/mod/optifine')).headers.get('cache-control')).toMatch(/^public, /);
  });

  it('without notes, the admin reads exactly what anyone reads', async () => {
    h.catalog.stubs.GetMod = async () => mod({ versions: ['HD_U_I6'] });
    expect((await h.request('GET', '/api/mod/optifine', { headers: bearer('admin') })).body).toBe(
      JSON.stringify({ ...view, versions: ['HD_U_I6'] }),
    );
  });
});

describe('POST /api/mod/{slug}/{version}/rehash', () => {
  const found: catalogV1.RehashVersionResponse = {
    url: `${MIRROR}/mods/optifine/optifine-HD_U_I6.zip`,
    md5: 'b'.repeat(32),
    filesize: 12,
    recorded_md5: MD5,
    recorded_filesize: 10,
    md5_matches: false,
    filesize_matches: false,
    stored: true,
  };

  it('needs mods_manage', async () => {
    expect((await h.request('POST', '/api/mod/optifine/HD_U_I6/rehash')).status).toBe(401);
    const res = await h.request('POST', '/api/mod/optifine/HD_U_I6/rehash', { headers: bearer('creator') });
    expect(res.status).toBe(403);
    expect(h.catalog.calls).toEqual([]);
  });

  it('answers what the archive is and whether it was stored', async () => {
    h.catalog.stubs.RehashVersion = async () => found;
    const res = await h.request('POST', '/api/mod/optifine/HD_U_I6/rehash', {
      headers: bearer('modder'),
      body: { store: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(
      JSON.stringify({
        url: `${MIRROR}/mods/optifine/optifine-HD_U_I6.zip`,
        md5: 'b'.repeat(32),
        filesize: 12,
        recorded_md5: MD5,
        recorded_filesize: 10,
        md5_matches: false,
        filesize_matches: false,
        stored: true,
      }),
    );
    expect(h.catalog.calls[0].request).toEqual({ slug: 'optifine', version: 'HD_U_I6', store: true });
    // Without a body: only compared.
    await h.request('POST', '/api/mod/optifine/HD_U_I6/rehash', { headers: bearer('modder') });
    expect(h.catalog.calls[1].request).toEqual({ slug: 'optifine', version: 'HD_U_I6', store: false });
  });

  it('refuses a store that is not a boolean, after the target was found', async () => {
    h.catalog.stubs.GetVersion = async () => {
      throw new DepotError('VERSION_NOT_FOUND');
    };
    let res = await h.request('POST', '/api/mod/optifine/nope/rehash', {
      headers: bearer('admin'),
      body: { store: 1 },
    });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'Mod version not found.' });
    h.catalog.stubs.GetVersion = async () => version();
    res = await h.request('POST', '/api/mod/optifine/HD_U_I6/rehash', {
      headers: bearer('admin'),
      body: { store: 'yes' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: { store: ['The store field must be true or false.'] } });
    expect(h.catalog.methods()).not.toContain('RehashVersion');
  });

  it.each([
    [
      'ARCHIVE_REFUSED',
      422,
      'The archive URL may not be fetched: the host x.example is not one archives may be fetched from (ARCHIVE_HOSTS).',
    ],
    ['ARCHIVE_MISSING', 502, 'The archive is missing: http://mirror.test/repo/mods/a/a-1.zip answered 404.'],
    ['ARCHIVE_UPSTREAM', 502, 'The archive server failed: http://mirror.test/repo/mods/a/a-1.zip answered 500.'],
    [
      'ARCHIVE_TOO_LARGE',
      502,
      'The archive is too large: larger than 10 bytes (ARCHIVE_MAX_BYTES): 20 bytes announced.',
    ],
    ['ARCHIVE_UNREACHABLE', 502, 'The archive server cannot be reached: mirror.test could not be resolved.'],
    ['ARCHIVE_TIMEOUT', 504, 'The archive did not arrive in time: no connection to mirror.test within 5 s.'],
    ['VERSION_NOT_FOUND', 404, 'Mod version not found.'],
  ] as [Reason, number, string][])('%s answers %i with the reason', async (reason, status, message) => {
    h.catalog.stubs.RehashVersion = async () => {
      throw new DepotError(reason, {}, message);
    };
    const res = await h.request('POST', '/api/mod/a/1/rehash', { headers: bearer('admin'), body: {} });
    expect(res.status).toBe(status);
    expect(res.json()).toEqual({ error: message });
  });

  it('a version named "version" is rehashed, not confused with the version create route', async () => {
    h.catalog.stubs.RehashVersion = async () => found;
    const res = await h.request('POST', '/api/mod/optifine/version/rehash', { headers: bearer('admin') });
    expect(res.status).toBe(200);
    expect(h.catalog.calls[0].request).toEqual({ slug: 'optifine', version: 'version', store: false });
  });
});

describe('without MOD_VERSION_URLS', () => {
  it("takes a version's url for an unknown field: ignored, never sent to the catalog", async () => {
    const plain = await startHarness();
    try {
      plain.auth.stubs.Authenticate = async () => TOKENS.modder;
      plain.catalog.stubs.CreateVersion = async () => version();
      const res = await plain.request('POST', '/api/mod/optifine/version', {
        headers: bearer('modder'),
        body: { version: 'HD_U_I6', md5: MD5, url: 'https://elsewhere.example/x.zip' },
      });
      expect(res.status).toBe(201);
      expect(plain.catalog.calls.map((c) => c.request)).toEqual([
        expect.not.objectContaining({ url: expect.anything() }),
      ]);
      expect(JSON.parse(res.body)).not.toHaveProperty('url');
    } finally {
      await plain.close();
    }
  });
});
