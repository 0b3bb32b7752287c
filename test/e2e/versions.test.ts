/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Mod versions: create, read (with the download url), update, delete, the in-use conflict and
// permissions (docs/api.md#mod-versions, #download-urls, #errors, #order-of-checks).
import {
  md5Of,
  startTestStack,
  TIMESTAMP,
  userWithToken,
  type Api,
  type Reply,
  type TestStack,
  catalogState,
  expectFieldErrors,
  expectRefused,
  expectReply,
} from '../support';

const MIRROR = 'https://mirror.example.test/repo/';
const MIRROR_BASE = 'https://mirror.example.test/repo';
const MOD_NOT_FOUND = { error: 'Mod not found.' };
const VERSION_NOT_FOUND = { error: 'Mod version not found.' };
const MOD_DOES_NOT_EXIST = { error: 'Mod does not exist' };
const VERSION_DOES_NOT_EXIST = { error: 'Mod version does not exist' };
const VERSION_EXISTS = { error: 'Version already exists for this mod.' };
const FORBIDDEN = { error: 'This action is unauthorized.' };
const UNAUTHENTICATED = { error: 'Unauthenticated.' };

const enc = encodeURIComponent;

describe('mod versions', () => {
  let t: TestStack;
  let admin: Api;
  let anon: Api;
  let vmod: any;
  let other: any;

  beforeAll(async () => {
    t = await startTestStack({ mirrorUrl: MIRROR });
    admin = t.admin;
    anon = t.anon;
    vmod = (await admin.post('/api/mod', { name: 'vmod', pretty_name: 'Version Mod' })).body;
    other = (await admin.post('/api/mod', { name: 'other.mod_x', pretty_name: 'Other Mod' })).body;
    expect(vmod.id).toEqual(expect.any(Number));
    expect(other.id).toEqual(expect.any(Number));
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A refused write: status (and body) exactly, and the catalogue unchanged afterwards. */
  const refused = (write: () => Promise<Reply>, status: number, body?: unknown) =>
    expectRefused(() => catalogState(admin), write, status, body);

  describe('create', () => {
    let v100: any;

    it('POST /api/mod/{slug}/version → 201 with the full record, md5 stored lowercase', async () => {
      const md5 = md5Of('vmod-1.0.0');
      const res = await admin.post('/api/mod/vmod/version', {
        version: '1.0.0',
        md5: md5.toUpperCase(),
        filesize: 1024,
      });
      expectReply(res, 201, {
        id: expect.any(Number),
        mod_id: vmod.id,
        version: '1.0.0',
        md5,
        filesize: 1024,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(Number.isInteger(res.body.id)).toBe(true);
      v100 = res.body;
    });

    it('GET /api/mod/{slug}/{version} → {id, md5, filesize, url}', async () => {
      expectReply(await anon.get('/api/mod/vmod/1.0.0'), 200, {
        id: v100.id,
        md5: md5Of('vmod-1.0.0'),
        filesize: 1024,
        url: `${MIRROR_BASE}/mods/vmod/vmod-1.0.0.zip`,
      });
    });

    it('the mod shows the version in its versions array', async () => {
      expectReply(await anon.get('/api/mod/vmod'), 200, {
        id: vmod.id,
        name: 'vmod',
        pretty_name: 'Version Mod',
        author: null,
        description: null,
        link: null,
        versions: ['1.0.0'],
      });
    });

    it('filesize is null when absent', async () => {
      const res = await admin.post('/api/mod/vmod/version', { version: '1.1.0', md5: md5Of('vmod-1.1.0') });
      expectReply(res, 201, {
        id: expect.any(Number),
        mod_id: vmod.id,
        version: '1.1.0',
        md5: md5Of('vmod-1.1.0'),
        filesize: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expectReply(await anon.get('/api/mod/vmod/1.1.0'), 200, {
        id: res.body.id,
        md5: md5Of('vmod-1.1.0'),
        filesize: null,
        url: `${MIRROR_BASE}/mods/vmod/vmod-1.1.0.zip`,
      });
    });

    it('filesize 0 is kept as 0', async () => {
      const res = await admin.post('/api/mod/vmod/version', { version: '0.0.1', md5: md5Of('zero'), filesize: 0 });
      expect(res.status).toBe(201);
      expect(res.body.filesize).toBe(0);
      expect((await anon.get('/api/mod/vmod/0.0.1')).body.filesize).toBe(0);
    });

    it('explicit filesize null is null; a 5 GiB filesize is kept exactly', async () => {
      const a = await admin.post('/api/mod/vmod/version', { version: '0.0.2', md5: md5Of('n'), filesize: null });
      expect(a.status).toBe(201);
      expect(a.body.filesize).toBeNull();
      const b = await admin.post('/api/mod/vmod/version', {
        version: '0.0.3',
        md5: md5Of('big'),
        filesize: 5368709120,
      });
      expect(b.status).toBe(201);
      expect(b.body.filesize).toBe(5368709120);
      expect((await anon.get('/api/mod/vmod/0.0.3')).body.filesize).toBe(5368709120);
      for (const v of ['0.0.2', '0.0.3']) {
        expectReply(await admin.delete(`/api/mod/vmod/${v}`), 200, { success: 'Mod version deleted.' });
      }
    });

    it('concurrent creates of one version → exactly one 201, the rest 422', async () => {
      const replies = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => admin.post('/api/mod/vmod/version', { version: 'race', md5: md5Of(`race-${i}`) })),
      );
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of replies.filter((r) => r.status !== 201)) expectReply(r, 422, VERSION_EXISTS);
      expect((await anon.get('/api/mod/vmod')).body.versions.filter((v: string) => v === 'race')).toHaveLength(1);
      expectReply(await admin.delete('/api/mod/vmod/race'), 200, { success: 'Mod version deleted.' });
    });

    it('unknown fields (id, mod_id, created_at, url) are ignored', async () => {
      const res = await admin.post('/api/mod/vmod/version', {
        version: '1.2.0',
        md5: md5Of('vmod-1.2.0'),
        id: 55555,
        mod_id: other.id,
        created_at: '2001-01-01T00:00:00.000000Z',
        url: 'https://evil.example/x.zip',
      });
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe(55555);
      expect(res.body.mod_id).toBe(vmod.id);
      expect(res.body.created_at).not.toBe('2001-01-01T00:00:00.000000Z');
      expect(res.body).not.toHaveProperty('url');
      expect((await anon.get('/api/mod/vmod/1.2.0')).body.url).toBe(`${MIRROR_BASE}/mods/vmod/vmod-1.2.0.zip`);
      expect((await anon.get('/api/mod/other.mod_x')).body.versions).toEqual([]);
    });

    it('a duplicate version → 422 {"error":"Version already exists for this mod."}, nothing changed', async () => {
      await refused(
        () => admin.post('/api/mod/vmod/version', { version: '1.0.0', md5: md5Of('different'), filesize: 1 }),
        422,
        VERSION_EXISTS,
      );
      expect((await anon.get('/api/mod/vmod/1.0.0')).body).toEqual({
        id: v100.id,
        md5: md5Of('vmod-1.0.0'),
        filesize: 1024,
        url: `${MIRROR_BASE}/mods/vmod/vmod-1.0.0.zip`,
      });
    });

    it('the same version string in another mod is fine', async () => {
      const res = await admin.post('/api/mod/other.mod_x/version', {
        version: '1.0.0',
        md5: md5Of('other-1.0.0'),
        filesize: 7,
      });
      expectReply(res, 201, {
        id: expect.any(Number),
        mod_id: other.id,
        version: '1.0.0',
        md5: md5Of('other-1.0.0'),
        filesize: 7,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.body.id).not.toBe(v100.id);
      expectReply(await anon.get('/api/mod/other.mod_x/1.0.0'), 200, {
        id: res.body.id,
        md5: md5Of('other-1.0.0'),
        filesize: 7,
        url: `${MIRROR_BASE}/mods/other.mod_x/other.mod_x-1.0.0.zip`,
      });
      expect((await anon.get('/api/mod/vmod/1.0.0')).body.md5).toBe(md5Of('vmod-1.0.0'));
    });

    it('missing fields → 422 one message per field', async () => {
      await refused(() => admin.post('/api/mod/vmod/version', {}), 422, {
        error: { version: ['The version field is required.'], md5: ['The md5 field is required.'] },
      });
      await refused(() => admin.post('/api/mod/vmod/version', { filesize: 5 }), 422, {
        error: { version: ['The version field is required.'], md5: ['The md5 field is required.'] },
      });
      await refused(() => admin.post('/api/mod/vmod/version', { version: '7.0' }), 422, {
        error: { md5: ['The md5 field is required.'] },
      });
      await refused(() => admin.post('/api/mod/vmod/version', { md5: md5Of('7') }), 422, {
        error: { version: ['The version field is required.'] },
      });
      expectReply(await anon.get('/api/mod/vmod/7.0'), 404, VERSION_DOES_NOT_EXIST);
    });

    it('an absent mod → 404 {"error":"Mod not found."}, also before 422', async () => {
      await refused(
        () => admin.post('/api/mod/no-mod/version', { version: '1.0', md5: md5Of('n') }),
        404,
        MOD_NOT_FOUND,
      );
      await refused(() => admin.post('/api/mod/no-mod/version', {}), 404, MOD_NOT_FOUND);
      await refused(() => admin.post('/api/mod/VMOD/version', { version: '9.0', md5: md5Of('n') }), 404, MOD_NOT_FOUND);
    });

    it('md5 must be 32 hex characters', async () => {
      for (const md5 of [
        'xyz',
        md5Of('a').slice(0, 31),
        `${md5Of('a')}0`,
        'g'.repeat(32),
        ` ${md5Of('a').slice(1)}`,
        12345,
      ]) {
        const res = await refused(() => admin.post('/api/mod/vmod/version', { version: '8.0', md5 }), 422);
        expectFieldErrors(res, ['md5']);
      }
    });

    it('filesize must be a non-negative integer ("2048" is a 422)', async () => {
      for (const filesize of ['2048', -1, 1.5, true, [1], { n: 1 }]) {
        const res = await refused(
          () => admin.post('/api/mod/vmod/version', { version: '8.0', md5: md5Of('8'), filesize }),
          422,
        );
        expectFieldErrors(res, ['filesize']);
      }
      expectReply(await anon.get('/api/mod/vmod/8.0'), 404, VERSION_DOES_NOT_EXIST);
    });

    it('version must be a string of 1–255 printable characters without "/"', async () => {
      for (const version of ['', 'a/b', 'line\nbreak', 'tab\there', 'v'.repeat(256), 10, true]) {
        const res = await refused(() => admin.post('/api/mod/vmod/version', { version, md5: md5Of('9') }), 422);
        expectFieldErrors(res, ['version']);
      }
    });

    it('a 255-character version is accepted', async () => {
      const version = 'v'.repeat(255);
      const res = await admin.post('/api/mod/vmod/version', { version, md5: md5Of('long') });
      expect(res.status).toBe(201);
      expect(res.body.version).toBe(version);
      expectReply(await anon.get(`/api/mod/vmod/${version}`), 200, {
        id: res.body.id,
        md5: md5Of('long'),
        filesize: null,
        url: `${MIRROR_BASE}/mods/vmod/vmod-${version}.zip`,
      });
      expectReply(await admin.delete(`/api/mod/vmod/${version}`), 200, { success: 'Mod version deleted.' });
    });
  });

  describe('download url encoding', () => {
    const cases: Array<[string, string]> = [
      ['1.0 beta', '1.0%20beta'],
      ['1.0+build.5', '1.0%2Bbuild.5'],
      ['2.0#hash', '2.0%23hash'],
      ['3.0?x=1&y', '3.0%3Fx%3D1%26y'],
      ['rc[1]', 'rc%5B1%5D'],
      ['é-1', '%C3%A9-1'],
      ['1.0-mc1.20.1', '1.0-mc1.20.1'],
      ['100%', '100%25'],
    ];

    it.each(cases)('version %j → url segment %s', async (version, encoded) => {
      const md5 = md5Of(`enc-${version}`);
      const created = await admin.post('/api/mod/vmod/version', { version, md5, filesize: 3 });
      expect(created.status).toBe(201);
      expect(created.body.version).toBe(version);
      const res = await anon.get(`/api/mod/vmod/${enc(version)}`);
      expectReply(res, 200, {
        id: created.body.id,
        md5,
        filesize: 3,
        url: `${MIRROR_BASE}/mods/vmod/vmod-${encoded}.zip`,
      });
      expect((await anon.get('/api/mod/vmod')).body.versions).toContain(version);
    });

    it('a "+" sent unencoded in the path is a literal plus', async () => {
      const res = await anon.get('/api/mod/vmod/1.0+build.5');
      expect(res.status).toBe(200);
      expect(res.body.url).toBe(`${MIRROR_BASE}/mods/vmod/vmod-1.0%2Bbuild.5.zip`);
    });

    it('a mod name with "." and "_" is left as is', async () => {
      expect((await anon.get('/api/mod/other.mod_x/1.0.0')).body.url).toBe(
        `${MIRROR_BASE}/mods/other.mod_x/other.mod_x-1.0.0.zip`,
      );
    });

    it('encoded versions can be updated and deleted through their encoded path', async () => {
      const upd = await admin.put(`/api/mod/vmod/${enc('1.0 beta')}`, { filesize: 33 });
      expect(upd.status).toBe(200);
      expect(upd.body).toMatchObject({ version: '1.0 beta', filesize: 33, mod_id: vmod.id });
      expectReply(await admin.delete(`/api/mod/vmod/${enc('2.0#hash')}`), 200, { success: 'Mod version deleted.' });
      expectReply(await anon.get(`/api/mod/vmod/${enc('2.0#hash')}`), 404, VERSION_DOES_NOT_EXIST);
      expect((await anon.get('/api/mod/vmod')).body.versions).not.toContain('2.0#hash');
    });
  });

  describe('read errors', () => {
    it('absent version → 404 {"error":"Mod version does not exist"}', async () => {
      expectReply(await anon.get('/api/mod/vmod/9.9.9'), 404, VERSION_DOES_NOT_EXIST);
    });

    it('version lookup is exact (no trimming, no prefix match)', async () => {
      expectReply(await anon.get('/api/mod/vmod/1.0'), 404, VERSION_DOES_NOT_EXIST);
      expectReply(await anon.get('/api/mod/vmod/1.0.0.0'), 404, VERSION_DOES_NOT_EXIST);
      expectReply(await anon.get(`/api/mod/vmod/${enc(' 1.0.0')}`), 404, VERSION_DOES_NOT_EXIST);
    });

    it('absent mod → 404 {"error":"Mod does not exist"} (even when the version exists elsewhere)', async () => {
      expectReply(await anon.get('/api/mod/no-mod/1.0.0'), 404, MOD_DOES_NOT_EXIST);
      expectReply(await anon.get('/api/mod/no-mod/whatever'), 404, MOD_DOES_NOT_EXIST);
    });
  });

  describe('update (PUT /api/mod/{slug}/{version})', () => {
    let rec: any;

    beforeAll(async () => {
      const res = await admin.post('/api/mod/vmod/version', { version: '5.0', md5: md5Of('five'), filesize: 500 });
      expect(res.status).toBe(201);
      rec = res.body;
    });

    it('changing md5 answers the full record, md5 lowercased, the rest kept', async () => {
      const res = await admin.put('/api/mod/vmod/5.0', { md5: md5Of('five-new').toUpperCase() });
      expectReply(res, 200, {
        id: rec.id,
        mod_id: vmod.id,
        version: '5.0',
        md5: md5Of('five-new'),
        filesize: 500,
        created_at: rec.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.body.updated_at >= rec.updated_at).toBe(true);
      expectReply(await anon.get('/api/mod/vmod/5.0'), 200, {
        id: rec.id,
        md5: md5Of('five-new'),
        filesize: 500,
        url: `${MIRROR_BASE}/mods/vmod/vmod-5.0.zip`,
      });
    });

    it('changing filesize keeps md5', async () => {
      const res = await admin.put('/api/mod/vmod/5.0', { filesize: 4096 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: rec.id, version: '5.0', md5: md5Of('five-new'), filesize: 4096 });
      expect((await anon.get('/api/mod/vmod/5.0')).body).toEqual({
        id: rec.id,
        md5: md5Of('five-new'),
        filesize: 4096,
        url: `${MIRROR_BASE}/mods/vmod/vmod-5.0.zip`,
      });
    });

    it('both at once', async () => {
      const res = await admin.put('/api/mod/vmod/5.0', { md5: md5Of('both'), filesize: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ md5: md5Of('both'), filesize: 1, version: '5.0' });
    });

    it('{} changes nothing', async () => {
      const before = await anon.get('/api/mod/vmod/5.0');
      const res = await admin.put('/api/mod/vmod/5.0', {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: rec.id, version: '5.0', md5: md5Of('both'), filesize: 1 });
      expect((await anon.get('/api/mod/vmod/5.0')).body).toEqual(before.body);
    });

    it('fields other than md5 and filesize are ignored (version, id, mod_id)', async () => {
      const res = await admin.put('/api/mod/vmod/5.0', { version: '5.1', id: 999, mod_id: other.id, filesize: 2 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: rec.id, mod_id: vmod.id, version: '5.0', filesize: 2 });
      expect((await anon.get('/api/mod/vmod/5.0')).status).toBe(200);
      expectReply(await anon.get('/api/mod/vmod/5.1'), 404, VERSION_DOES_NOT_EXIST);
    });

    it('invalid values → 422, nothing changed', async () => {
      expectFieldErrors(await refused(() => admin.put('/api/mod/vmod/5.0', { filesize: '2048' }), 422), ['filesize']);
      expectFieldErrors(await refused(() => admin.put('/api/mod/vmod/5.0', { filesize: -5 }), 422), ['filesize']);
      expectFieldErrors(await refused(() => admin.put('/api/mod/vmod/5.0', { md5: 'nothex' }), 422), ['md5']);
      expectFieldErrors(
        await refused(() => admin.put('/api/mod/vmod/5.0', { md5: md5Of('ok'), filesize: 'big' }), 422),
        ['filesize'],
      );
      expect((await anon.get('/api/mod/vmod/5.0')).body).toMatchObject({ md5: md5Of('both'), filesize: 2 });
    });

    it('absent mod → 404 Mod not found.; absent version → 404 Mod version not found.', async () => {
      await refused(() => admin.put('/api/mod/no-mod/5.0', { filesize: 1 }), 404, MOD_NOT_FOUND);
      await refused(() => admin.put('/api/mod/vmod/5.9', { filesize: 1 }), 404, VERSION_NOT_FOUND);
    });

    it('404 comes before 422', async () => {
      await refused(() => admin.put('/api/mod/no-mod/5.0', { filesize: '2048' }), 404, MOD_NOT_FOUND);
      await refused(() => admin.put('/api/mod/vmod/5.9', { md5: 'bad' }), 404, VERSION_NOT_FOUND);
    });
  });

  describe('delete (DELETE /api/mod/{slug}/{version})', () => {
    it('→ {"success":"Mod version deleted."}; reads then 404 and the mod no longer lists it', async () => {
      expect((await admin.post('/api/mod/vmod/version', { version: '6.0', md5: md5Of('six') })).status).toBe(201);
      expectReply(await admin.delete('/api/mod/vmod/6.0'), 200, { success: 'Mod version deleted.' });
      expectReply(await anon.get('/api/mod/vmod/6.0'), 404, VERSION_DOES_NOT_EXIST);
      const mod = await anon.get('/api/mod/vmod');
      expect(mod.status).toBe(200);
      expect(mod.body.versions).not.toContain('6.0');
      expect(mod.body.versions).toContain('1.0.0');
      expectReply(await admin.put('/api/mod/vmod/6.0', { filesize: 1 }), 404, VERSION_NOT_FOUND);
    });

    it('deleting it again → 404 {"error":"Mod version not found."}', async () => {
      await refused(() => admin.delete('/api/mod/vmod/6.0'), 404, VERSION_NOT_FOUND);
    });

    it('absent mod → 404 {"error":"Mod not found."}', async () => {
      await refused(() => admin.delete('/api/mod/no-mod/1.0.0'), 404, MOD_NOT_FOUND);
    });

    it('a deleted version can be created again', async () => {
      const res = await admin.post('/api/mod/vmod/version', { version: '6.0', md5: md5Of('six-again'), filesize: 66 });
      expect(res.status).toBe(201);
      expect((await anon.get('/api/mod/vmod/6.0')).body).toMatchObject({ md5: md5Of('six-again'), filesize: 66 });
    });

    it('deleting a version leaves the same version of another mod alone', async () => {
      expectReply(await admin.delete('/api/mod/other.mod_x/1.0.0'), 200, { success: 'Mod version deleted.' });
      expect((await anon.get('/api/mod/vmod/1.0.0')).status).toBe(200);
      expectReply(await anon.get('/api/mod/other.mod_x/1.0.0'), 404, VERSION_DOES_NOT_EXIST);
    });

    it('a version in builds → 409 with the number of builds; nothing deleted', async () => {
      expect((await admin.post('/api/mod', { name: 'inuse', pretty_name: 'In Use' })).status).toBe(201);
      expect((await admin.post('/api/mod/inuse/version', { version: '1.0', md5: md5Of('inuse') })).status).toBe(201);
      expect((await admin.post('/api/modpack', { name: 'Pack One', slug: 'pack-one' })).status).toBe(201);
      expect((await admin.post('/api/modpack', { name: 'Pack Two', slug: 'pack-two', private: true })).status).toBe(
        201,
      );
      expect(
        (await admin.post('/api/modpack/pack-one/build', { version: '1', minecraft: '1.20.1', is_published: true }))
          .status,
      ).toBe(201);
      expect((await admin.post('/api/modpack/pack-one/build', { version: '2', minecraft: '1.20.1' })).status).toBe(201);
      expect(
        (await admin.post('/api/modpack/pack-two/build', { version: '1', minecraft: '1.19.2', private: true })).status,
      ).toBe(201);

      expectReply(await admin.post('/api/modpack/pack-one/1/mod', { mod_slug: 'inuse', mod_version: '1.0' }), 201, {
        success: 'Mod added to build.',
      });
      await refused(() => admin.delete('/api/mod/inuse/1.0'), 409, {
        error: 'Mod version is in use by 1 build(s) and cannot be deleted.',
      });

      // Unpublished and private builds in other modpacks count too.
      for (const path of ['/api/modpack/pack-one/2/mod', '/api/modpack/pack-two/1/mod']) {
        expectReply(await admin.post(path, { mod_slug: 'inuse', mod_version: '1.0' }), 201, {
          success: 'Mod added to build.',
        });
      }
      await refused(() => admin.delete('/api/mod/inuse/1.0'), 409, {
        error: 'Mod version is in use by 3 build(s) and cannot be deleted.',
      });
      expect((await anon.get('/api/mod/inuse/1.0')).status).toBe(200);

      for (const [pack, build] of [
        ['pack-one', '1'],
        ['pack-one', '2'],
        ['pack-two', '1'],
      ]) {
        expectReply(await admin.delete(`/api/modpack/${pack}/${build}/mod/inuse`), 200, {
          success: 'Mod removed from build.',
        });
      }
      expectReply(await admin.delete('/api/mod/inuse/1.0'), 200, { success: 'Mod version deleted.' });
      expectReply(await anon.get('/api/mod/inuse/1.0'), 404, VERSION_DOES_NOT_EXIST);
    });

    it('a changed md5 shows in build responses that include the version', async () => {
      expect(
        (await admin.post('/api/mod/inuse/version', { version: '2.0', md5: md5Of('inuse-2'), filesize: 20 })).status,
      ).toBe(201);
      expect((await admin.post('/api/modpack/pack-one/1/mod', { mod_slug: 'inuse', mod_version: '2.0' })).status).toBe(
        201,
      );
      const build = await admin.get('/api/modpack/pack-one/1');
      expect(build.status).toBe(200);
      expect(build.body.mods).toEqual([
        expect.objectContaining({ name: 'inuse', version: '2.0', md5: md5Of('inuse-2'), filesize: 20 }),
      ]);
      expect((await admin.put('/api/mod/inuse/2.0', { md5: md5Of('inuse-2b') })).status).toBe(200);
      const after = await admin.get('/api/modpack/pack-one/1');
      expect(after.body.mods).toEqual([
        expect.objectContaining({ name: 'inuse', version: '2.0', md5: md5Of('inuse-2b'), filesize: 20 }),
      ]);
    });
  });

  describe('permissions', () => {
    let createOnly: string;
    let deleteOnly: string;
    let manageOnly: string;

    beforeAll(async () => {
      createOnly = await userWithToken(admin, 'vcreate', ['mods_create']);
      deleteOnly = await userWithToken(admin, 'vdelete', ['mods_delete']);
      manageOnly = await userWithToken(admin, 'vmanage', ['mods_manage']);
    });

    it('no token → 401 on create, update and delete', async () => {
      await refused(() => anon.post('/api/mod/vmod/version', { version: 'x1', md5: md5Of('x') }), 401, UNAUTHENTICATED);
      await refused(() => anon.put('/api/mod/vmod/1.0.0', { filesize: 1 }), 401, UNAUTHENTICATED);
      await refused(() => anon.delete('/api/mod/vmod/1.0.0'), 401, UNAUTHENTICATED);
      await refused(() => anon.delete('/api/mod/vmod/1.0.0', { token: 'unknown' }), 401, UNAUTHENTICATED);
    });

    it('without mods_manage → 403 on create, update and delete', async () => {
      for (const token of [createOnly, deleteOnly]) {
        await refused(
          () => anon.post('/api/mod/vmod/version', { version: 'x1', md5: md5Of('x') }, { token }),
          403,
          FORBIDDEN,
        );
        await refused(() => anon.put('/api/mod/vmod/1.0.0', { filesize: 1 }, { token }), 403, FORBIDDEN);
        await refused(() => anon.delete('/api/mod/vmod/1.0.0', { token }), 403, FORBIDDEN);
        // 403 before 404 and 422.
        await refused(() => anon.post('/api/mod/no-mod/version', {}, { token }), 403, FORBIDDEN);
        await refused(() => anon.delete('/api/mod/vmod/no-version', { token }), 403, FORBIDDEN);
      }
    });

    it('with mods_manage → allowed', async () => {
      const res = await anon.post('/api/mod/vmod/version', { version: 'm1', md5: md5Of('m1') }, { token: manageOnly });
      expect(res.status).toBe(201);
      expect((await anon.put('/api/mod/vmod/m1', { filesize: 11 }, { token: manageOnly })).body.filesize).toBe(11);
      expectReply(await anon.delete('/api/mod/vmod/m1', { token: manageOnly }), 200, {
        success: 'Mod version deleted.',
      });
    });
  });
});
