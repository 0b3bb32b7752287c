/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Mods: list, show, create, update, delete and who may do what (docs/api.md#mods,
// #access-model, #errors, #order-of-checks). Every refused write is followed by a read proving nothing changed.
import {
  eventually,
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

const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const FORBIDDEN = { error: 'This action is unauthorized.' };
const MOD_NOT_FOUND = { error: 'Mod not found.' };
const MOD_DOES_NOT_EXIST = { error: 'Mod does not exist' };
const NAME_TAKEN = { error: { name: ['The name has already been taken.'] } };

const enc = encodeURIComponent;

describe('mods', () => {
  let t: TestStack;
  let admin: Api;
  let anon: Api;

  beforeAll(async () => {
    t = await startTestStack();
    admin = t.admin;
    anon = t.anon;
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A refused write: status (and body) exactly, and the catalogue unchanged afterwards. */
  const refused = (write: () => Promise<Reply>, status: number, body?: unknown) =>
    expectRefused(() => catalogState(admin), write, status, body);

  describe('GET /api/mod on an empty catalogue', () => {
    it('answers {"mods":{}}', async () => {
      const res = await anon.get('/api/mod');
      expectReply(res, 200, { mods: {} });
      expect(res.text.replace(/\s/g, '')).toBe('{"mods":{}}');
    });
  });

  describe('create', () => {
    let alpha: any;

    it('POST /api/mod → 201 with the full record', async () => {
      const res = await admin.post('/api/mod', {
        name: 'alpha-mod',
        pretty_name: 'Alpha Mod',
        author: 'Ann Author',
        description: 'The first mod.',
        link: 'https://example.com/alpha',
      });
      expectReply(res, 201, {
        id: expect.any(Number),
        name: 'alpha-mod',
        pretty_name: 'Alpha Mod',
        author: 'Ann Author',
        description: 'The first mod.',
        link: 'https://example.com/alpha',
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(Number.isInteger(res.body.id)).toBe(true);
      expect(res.body.id).toBeGreaterThan(0);
      expect(res.body.updated_at >= res.body.created_at).toBe(true);
      alpha = res.body;
    });

    it('GET /api/mod/{slug} shows the public view with an empty versions array', async () => {
      const res = await anon.get('/api/mod/alpha-mod');
      expectReply(res, 200, {
        id: alpha.id,
        name: 'alpha-mod',
        pretty_name: 'Alpha Mod',
        author: 'Ann Author',
        description: 'The first mod.',
        link: 'https://example.com/alpha',
        versions: [],
      });
      expect(res.body).not.toHaveProperty('created_at');
      expect(res.body).not.toHaveProperty('updated_at');
    });

    it('creating with only the required fields leaves the optional ones null', async () => {
      const res = await admin.post('/api/mod', { name: 'beta', pretty_name: 'Beta' });
      expectReply(res, 201, {
        id: expect.any(Number),
        name: 'beta',
        pretty_name: 'Beta',
        author: null,
        description: null,
        link: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(Number.isInteger(res.body.id)).toBe(true);
      expect(res.body.id).not.toBe(alpha.id);
      expectReply(await anon.get('/api/mod/beta'), 200, {
        id: res.body.id,
        name: 'beta',
        pretty_name: 'Beta',
        author: null,
        description: null,
        link: null,
        versions: [],
      });
    });

    it('link may be null explicitly', async () => {
      const res = await admin.post('/api/mod', { name: 'null-link', pretty_name: 'Null Link', link: null });
      expect(res.status).toBe(201);
      expect(res.body.link).toBeNull();
      expect((await anon.get('/api/mod/null-link')).body.link).toBeNull();
    });

    it('GET /api/mod lists every mod as slug → pretty_name', async () => {
      expectReply(await anon.get('/api/mod'), 200, {
        mods: { 'alpha-mod': 'Alpha Mod', beta: 'Beta', 'null-link': 'Null Link' },
      });
    });

    it('unknown fields are ignored and never stored (id, created_at, versions, extra)', async () => {
      const res = await admin.post('/api/mod', {
        name: 'ignores-extras',
        pretty_name: 'Ignores Extras',
        id: 987654,
        created_at: '2001-02-03T04:05:06.000000Z',
        updated_at: '2001-02-03T04:05:06.000000Z',
        versions: ['9.9.9'],
        mod_id: 5,
        favourite_colour: 'green',
      });
      expectReply(res, 201, {
        id: expect.any(Number),
        name: 'ignores-extras',
        pretty_name: 'Ignores Extras',
        author: null,
        description: null,
        link: null,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.body.id).not.toBe(987654);
      expect(res.body.created_at).not.toBe('2001-02-03T04:05:06.000000Z');
      expect(res.body.updated_at).not.toBe('2001-02-03T04:05:06.000000Z');
      expectReply(await anon.get('/api/mod/ignores-extras'), 200, {
        id: res.body.id,
        name: 'ignores-extras',
        pretty_name: 'Ignores Extras',
        author: null,
        description: null,
        link: null,
        versions: [],
      });
      expectReply(await anon.get('/api/mod/ignores-extras/9.9.9'), 404, { error: 'Mod version does not exist' });
    });

    it('a duplicate name → 422 name taken, nothing changed', async () => {
      await refused(
        () => admin.post('/api/mod', { name: 'alpha-mod', pretty_name: 'Another Alpha', author: 'Somebody' }),
        422,
        NAME_TAKEN,
      );
      expect((await anon.get('/api/mod/alpha-mod')).body.pretty_name).toBe('Alpha Mod');
    });

    it('a duplicate name in a different case → 422 name taken (unique case-insensitively)', async () => {
      await refused(
        () => admin.post('/api/mod', { name: 'ALPHA-MOD', pretty_name: 'Shouting Alpha' }),
        422,
        NAME_TAKEN,
      );
      await refused(() => admin.post('/api/mod', { name: 'Beta', pretty_name: 'Capital Beta' }), 422, NAME_TAKEN);
    });

    it('slugs are looked up exactly as stored', async () => {
      expectReply(await anon.get('/api/mod/ALPHA-MOD'), 404, MOD_DOES_NOT_EXIST);
      expectReply(await anon.get('/api/mod/Alpha-Mod'), 404, MOD_DOES_NOT_EXIST);
    });

    it('both required fields missing → 422 with one message per field', async () => {
      await refused(() => admin.post('/api/mod', {}), 422, {
        error: {
          name: ['The name field is required.'],
          pretty_name: ['The pretty_name field is required.'],
        },
      });
    });

    it('only optional fields given → the two required-field messages', async () => {
      await refused(() => admin.post('/api/mod', { author: 'A', description: 'D', link: 'https://example.com' }), 422, {
        error: {
          name: ['The name field is required.'],
          pretty_name: ['The pretty_name field is required.'],
        },
      });
    });

    it('pretty_name missing → 422 for pretty_name only', async () => {
      await refused(() => admin.post('/api/mod', { name: 'no-pretty' }), 422, {
        error: { pretty_name: ['The pretty_name field is required.'] },
      });
      expectReply(await anon.get('/api/mod/no-pretty'), 404, MOD_DOES_NOT_EXIST);
    });

    it('name missing → 422 for name only', async () => {
      await refused(() => admin.post('/api/mod', { pretty_name: 'No Name' }), 422, {
        error: { name: ['The name field is required.'] },
      });
    });

    it('an invalid link → 422 "The link field must be a valid URL."', async () => {
      for (const link of [
        'not a url',
        'example.com/no-scheme',
        'ftp://example.com/file',
        'javascript:alert(1)',
        'http://',
      ]) {
        await refused(() => admin.post('/api/mod', { name: 'bad-link', pretty_name: 'Bad Link', link }), 422, {
          error: { link: ['The link field must be a valid URL.'] },
        });
      }
      expectReply(await anon.get('/api/mod/bad-link'), 404, MOD_DOES_NOT_EXIST);
    });

    it('http and https links are accepted', async () => {
      const a = await admin.post('/api/mod', {
        name: 'http-link',
        pretty_name: 'Http',
        link: 'http://example.org:8080/path?q=1',
      });
      expect(a.status).toBe(201);
      expect(a.body.link).toBe('http://example.org:8080/path?q=1');
      expectReply(await admin.delete('/api/mod/http-link'), 200, { success: 'Mod deleted.' });
    });

    it('strict types: non-string values → 422 for that field', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'typed', pretty_name: 5 }, 'pretty_name'],
        [{ name: 'typed', pretty_name: true }, 'pretty_name'],
        [{ name: 'typed', pretty_name: ['Typed'] }, 'pretty_name'],
        [{ name: 5, pretty_name: 'Typed' }, 'name'],
        [{ name: 'typed', pretty_name: 'Typed', author: 7 }, 'author'],
        [{ name: 'typed', pretty_name: 'Typed', description: { a: 1 } }, 'description'],
        [{ name: 'typed', pretty_name: 'Typed', link: 42 }, 'link'],
      ];
      for (const [body, field] of cases) {
        const res = await refused(() => admin.post('/api/mod', body), 422);
        expectFieldErrors(res, [field]);
      }
      expectReply(await anon.get('/api/mod/typed'), 404, MOD_DOES_NOT_EXIST);
    });

    it('several failing fields → one entry for each', async () => {
      const res = await refused(() => admin.post('/api/mod', { name: 'bad name', pretty_name: 5, link: 'nope' }), 422);
      expectFieldErrors(res, ['name', 'pretty_name', 'link']);
      expect(res.body.error.link).toEqual(['The link field must be a valid URL.']);
    });

    it('slug format: invalid names → 422 for name', async () => {
      const bad = [
        'has space',
        'slash/name',
        '-leading-dash',
        '.leading-dot',
        '_leading-underscore',
        'ümlaut',
        'semi;colon',
        'x'.repeat(256),
        '',
      ];
      for (const name of bad) {
        const res = await refused(() => admin.post('/api/mod', { name, pretty_name: 'Bad Slug' }), 422);
        expectFieldErrors(res, ['name']);
      }
    });

    it('slug format: letters, digits, "-", "_" and "." up to 255 characters are accepted', async () => {
      for (const name of ['Mixed.Case_slug-1', '0starts-with-digit', 'y'.repeat(255)]) {
        const res = await admin.post('/api/mod', { name, pretty_name: `Pretty ${name.length}` });
        expect(res.status).toBe(201);
        expect(res.body.name).toBe(name);
        expect((await anon.get(`/api/mod/${enc(name)}`)).body.name).toBe(name);
        expectReply(await admin.delete(`/api/mod/${enc(name)}`), 200, { success: 'Mod deleted.' });
      }
    });

    it('a mixed-case slug is stored as sent and blocks its other-case variants', async () => {
      const res = await admin.post('/api/mod', { name: 'Mixed.Case_Mod', pretty_name: 'Mixed' });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('Mixed.Case_Mod');
      await refused(() => admin.post('/api/mod', { name: 'mixed.case_mod', pretty_name: 'Lower' }), 422, NAME_TAKEN);
      expectReply(await anon.get('/api/mod/mixed.case_mod'), 404, MOD_DOES_NOT_EXIST);
      expect((await anon.get('/api/mod')).body.mods['Mixed.Case_Mod']).toBe('Mixed');
      expectReply(await admin.delete('/api/mod/Mixed.Case_Mod'), 200, { success: 'Mod deleted.' });
    });

    it('unicode and long text round-trip unchanged', async () => {
      const description = 'Ünïcödé ✓ 模组 — '.repeat(300);
      const res = await admin.post('/api/mod', {
        name: 'unicode',
        pretty_name: 'Ünïcödé ✓ 模组',
        author: 'Zoë',
        description,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ pretty_name: 'Ünïcödé ✓ 模组', author: 'Zoë', description });
      expect((await anon.get('/api/mod/unicode')).body).toMatchObject({
        pretty_name: 'Ünïcödé ✓ 模组',
        author: 'Zoë',
        description,
      });
      expect((await anon.get('/api/mod')).body.mods.unicode).toBe('Ünïcödé ✓ 模组');
      expectReply(await admin.delete('/api/mod/unicode'), 200, { success: 'Mod deleted.' });
    });

    it('path segments arrive percent-encoded', async () => {
      const res = await anon.get('/api/mod/alpha%2Dmod');
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('alpha-mod');
    });

    it('concurrent creates of one name (any case) → exactly one 201, the rest 422 name taken', async () => {
      const names = ['race-mod', 'race-mod', 'RACE-MOD', 'Race-Mod', 'race-mod', 'rAcE-mOd'];
      const replies = await Promise.all(
        names.map((name, i) => admin.post('/api/mod', { name, pretty_name: `Race ${i}` })),
      );
      const created = replies.filter((r) => r.status === 201);
      expect(created).toHaveLength(1);
      for (const r of replies.filter((r) => r.status !== 201)) expectReply(r, 422, NAME_TAKEN);
      const list = (await anon.get('/api/mod')).body.mods;
      expect(Object.keys(list).filter((k) => k.toLowerCase() === 'race-mod')).toEqual([created[0].body.name]);
      expectReply(await admin.delete(`/api/mod/${created[0].body.name}`), 200, { success: 'Mod deleted.' });
    });

    it('the list now holds exactly the created mods', async () => {
      expectReply(await anon.get('/api/mod'), 200, {
        mods: { 'alpha-mod': 'Alpha Mod', beta: 'Beta', 'null-link': 'Null Link', 'ignores-extras': 'Ignores Extras' },
      });
    });
  });

  describe('update', () => {
    let original: any;

    beforeAll(async () => {
      const res = await admin.post('/api/mod', {
        name: 'upd-mod',
        pretty_name: 'Update Me',
        author: 'Original Author',
        description: 'Original description',
        link: 'https://example.com/upd',
      });
      expect(res.status).toBe(201);
      original = res.body;
      expect((await admin.post('/api/mod/upd-mod/version', { version: '1.0', md5: md5Of('upd-1.0') })).status).toBe(
        201,
      );
    });

    it('PUT with one field changes only that field and answers the full record', async () => {
      const res = await admin.put('/api/mod/upd-mod', { pretty_name: 'Updated Name' });
      expectReply(res, 200, {
        id: original.id,
        name: 'upd-mod',
        pretty_name: 'Updated Name',
        author: 'Original Author',
        description: 'Original description',
        link: 'https://example.com/upd',
        created_at: original.created_at,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.body.updated_at >= original.updated_at).toBe(true);
      expectReply(await anon.get('/api/mod/upd-mod'), 200, {
        id: original.id,
        name: 'upd-mod',
        pretty_name: 'Updated Name',
        author: 'Original Author',
        description: 'Original description',
        link: 'https://example.com/upd',
        versions: ['1.0'],
      });
      expect((await anon.get('/api/mod')).body.mods['upd-mod']).toBe('Updated Name');
    });

    it('PUT author and description only', async () => {
      const res = await admin.put('/api/mod/upd-mod', { author: 'New Author', description: 'New description' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: original.id,
        name: 'upd-mod',
        pretty_name: 'Updated Name',
        author: 'New Author',
        description: 'New description',
        link: 'https://example.com/upd',
        created_at: original.created_at,
      });
    });

    it('PUT author and description null clears them', async () => {
      const res = await admin.put('/api/mod/upd-mod', { author: null, description: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        author: null,
        description: null,
        pretty_name: 'Updated Name',
        link: 'https://example.com/upd',
      });
      expect((await anon.get('/api/mod/upd-mod')).body).toMatchObject({ author: null, description: null });
      const back = await admin.put('/api/mod/upd-mod', { author: 'New Author', description: 'New description' });
      expect(back.body).toMatchObject({ author: 'New Author', description: 'New description' });
    });

    it('PUT link null clears the link and nothing else', async () => {
      const res = await admin.put('/api/mod/upd-mod', { link: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        link: null,
        pretty_name: 'Updated Name',
        author: 'New Author',
        description: 'New description',
      });
      expect((await anon.get('/api/mod/upd-mod')).body.link).toBeNull();
    });

    it('PUT {} changes nothing and answers the record', async () => {
      const before = await anon.get('/api/mod/upd-mod');
      const res = await admin.put('/api/mod/upd-mod', {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: original.id, name: 'upd-mod', pretty_name: 'Updated Name', link: null });
      expect((await anon.get('/api/mod/upd-mod')).body).toEqual(before.body);
    });

    it('PUT ignores unknown fields (id, created_at)', async () => {
      const res = await admin.put('/api/mod/upd-mod', {
        id: 424242,
        created_at: '2001-01-01T00:00:00.000000Z',
        colour: 'red',
      });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(original.id);
      expect(res.body.created_at).toBe(original.created_at);
      expect(res.body).not.toHaveProperty('colour');
      expect((await anon.get('/api/mod/upd-mod')).body.id).toBe(original.id);
    });

    it('renaming a mod to its own name is not a duplicate', async () => {
      const res = await admin.put('/api/mod/upd-mod', { name: 'upd-mod' });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('upd-mod');
      expect(res.body.id).toBe(original.id);
    });

    it('renaming to a taken name → 422 name taken, nothing changed', async () => {
      await refused(() => admin.put('/api/mod/upd-mod', { name: 'beta' }), 422, NAME_TAKEN);
      await refused(
        () => admin.put('/api/mod/upd-mod', { name: 'BETA', pretty_name: 'Would Change' }),
        422,
        NAME_TAKEN,
      );
      expect((await anon.get('/api/mod/upd-mod')).body.pretty_name).toBe('Updated Name');
    });

    it('invalid values → 422 for the field, nothing changed', async () => {
      await refused(() => admin.put('/api/mod/upd-mod', { link: 'not a url' }), 422, {
        error: { link: ['The link field must be a valid URL.'] },
      });
      expectFieldErrors(await refused(() => admin.put('/api/mod/upd-mod', { pretty_name: 5 }), 422), ['pretty_name']);
      expectFieldErrors(await refused(() => admin.put('/api/mod/upd-mod', { name: 'bad name' }), 422), ['name']);
      expectFieldErrors(await refused(() => admin.put('/api/mod/upd-mod', { pretty_name: null }), 422), [
        'pretty_name',
      ]);
      expectFieldErrors(await refused(() => admin.put('/api/mod/upd-mod', { pretty_name: 'Valid', author: 12 }), 422), [
        'author',
      ]);
      expect((await anon.get('/api/mod/upd-mod')).body.pretty_name).toBe('Updated Name');
    });

    it('renaming moves the mod (and keeps its versions)', async () => {
      const res = await admin.put('/api/mod/upd-mod', { name: 'upd-renamed' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: original.id, name: 'upd-renamed', pretty_name: 'Updated Name' });
      expectReply(await anon.get('/api/mod/upd-mod'), 404, MOD_DOES_NOT_EXIST);
      const shown = await anon.get('/api/mod/upd-renamed');
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({ id: original.id, name: 'upd-renamed', versions: ['1.0'] });
      const list = (await anon.get('/api/mod')).body.mods;
      expect(list['upd-renamed']).toBe('Updated Name');
      expect(list).not.toHaveProperty('upd-mod');
      const version = await anon.get('/api/mod/upd-renamed/1.0');
      expectReply(version, 200, {
        id: expect.any(Number),
        md5: md5Of('upd-1.0'),
        filesize: null,
        url: 'https://mirror.example.test/repo/mods/upd-renamed/upd-renamed-1.0.zip',
      });
      // The old name is free again.
      const reuse = await admin.post('/api/mod', { name: 'upd-mod', pretty_name: 'Reused' });
      expect(reuse.status).toBe(201);
      expect(reuse.body.id).not.toBe(original.id);
      expectReply(await admin.delete('/api/mod/upd-mod'), 200, { success: 'Mod deleted.' });
    });

    it('PUT on an absent mod → 404 {"error":"Mod not found."}', async () => {
      await refused(() => admin.put('/api/mod/no-such-mod', { pretty_name: 'X' }), 404, MOD_NOT_FOUND);
      await refused(() => admin.put('/api/mod/no-such-mod', {}), 404, MOD_NOT_FOUND);
    });

    it('PUT on an absent mod with an invalid body → 404 before 422', async () => {
      await refused(() => admin.put('/api/mod/no-such-mod', { pretty_name: 5, link: 'bad' }), 404, MOD_NOT_FOUND);
      await refused(() => admin.put('/api/mod/no-such-mod', { name: 'beta' }), 404, MOD_NOT_FOUND);
    });

    it('PUT with a case-variant of an existing slug → 404 (exact lookup)', async () => {
      await refused(() => admin.put('/api/mod/UPD-RENAMED', { pretty_name: 'X' }), 404, MOD_NOT_FOUND);
    });
  });

  describe('delete', () => {
    it('DELETE → {"success":"Mod deleted."}, then reads 404 and its versions are gone', async () => {
      const created = await admin.post('/api/mod', { name: 'doomed', pretty_name: 'Doomed', author: 'X' });
      expect(created.status).toBe(201);
      for (const version of ['1.0', '2.0']) {
        expect((await admin.post('/api/mod/doomed/version', { version, md5: md5Of(`doomed-${version}`) })).status).toBe(
          201,
        );
      }
      expectReply(await admin.delete('/api/mod/doomed'), 200, { success: 'Mod deleted.' });
      expectReply(await anon.get('/api/mod/doomed'), 404, MOD_DOES_NOT_EXIST);
      expectReply(await anon.get('/api/mod/doomed/1.0'), 404, MOD_DOES_NOT_EXIST);
      expectReply(await anon.get('/api/mod/doomed/2.0'), 404, MOD_DOES_NOT_EXIST);
      expect((await anon.get('/api/mod')).body.mods).not.toHaveProperty('doomed');
      // Writes on the deleted mod answer the write 404.
      expectReply(await admin.put('/api/mod/doomed', { pretty_name: 'Back' }), 404, MOD_NOT_FOUND);
      expectReply(await admin.post('/api/mod/doomed/version', { version: '3.0', md5: md5Of('x') }), 404, MOD_NOT_FOUND);
      expectReply(await admin.delete('/api/mod/doomed/1.0'), 404, MOD_NOT_FOUND);
      // A new mod with the same name starts without the old versions.
      const again = await admin.post('/api/mod', { name: 'doomed', pretty_name: 'Doomed Again' });
      expect(again.status).toBe(201);
      expect(again.body.id).not.toBe(created.body.id);
      expectReply(await anon.get('/api/mod/doomed'), 200, {
        id: again.body.id,
        name: 'doomed',
        pretty_name: 'Doomed Again',
        author: null,
        description: null,
        link: null,
        versions: [],
      });
      expectReply(await anon.get('/api/mod/doomed/1.0'), 404, { error: 'Mod version does not exist' });
      expectReply(await admin.delete('/api/mod/doomed'), 200, { success: 'Mod deleted.' });
    });

    it('DELETE an absent mod → 404 {"error":"Mod not found."}', async () => {
      await refused(() => admin.delete('/api/mod/never-was'), 404, MOD_NOT_FOUND);
    });

    it('DELETE twice → the second answers 404', async () => {
      expect((await admin.post('/api/mod', { name: 'twice', pretty_name: 'Twice' })).status).toBe(201);
      expectReply(await admin.delete('/api/mod/twice'), 200, { success: 'Mod deleted.' });
      await refused(() => admin.delete('/api/mod/twice'), 404, MOD_NOT_FOUND);
    });

    it('deleting a mod only removes that mod', async () => {
      const before = await catalogState(admin);
      expect((await admin.post('/api/mod', { name: 'lonely', pretty_name: 'Lonely' })).status).toBe(201);
      expectReply(await admin.delete('/api/mod/lonely'), 200, { success: 'Mod deleted.' });
      expect(await catalogState(admin)).toEqual(before);
    });

    it('deleting a mod whose version is in a build detaches it from the build (within 5 s)', async () => {
      expect((await admin.post('/api/mod', { name: 'attached', pretty_name: 'Attached' })).status).toBe(201);
      expect((await admin.post('/api/mod', { name: 'stays', pretty_name: 'Stays' })).status).toBe(201);
      expect((await admin.post('/api/mod/attached/version', { version: '1.0', md5: md5Of('attached') })).status).toBe(
        201,
      );
      expect((await admin.post('/api/mod/stays/version', { version: '1.0', md5: md5Of('stays') })).status).toBe(201);
      expect(
        (await admin.post('/api/modpack', { name: 'Detach Pack', slug: 'detach-pack', hidden: false })).status,
      ).toBe(201);
      expect(
        (
          await admin.post('/api/modpack/detach-pack/build', {
            version: '1.0.0',
            minecraft: '1.20.1',
            is_published: true,
          })
        ).status,
      ).toBe(201);
      for (const mod_slug of ['attached', 'stays']) {
        expectReply(await admin.post('/api/modpack/detach-pack/1.0.0/mod', { mod_slug, mod_version: '1.0' }), 201, {
          success: 'Mod added to build.',
        });
      }
      const build = await anon.get('/api/modpack/detach-pack/1.0.0');
      expect(build.status).toBe(200);
      expect(build.body.mods.map((m: any) => m.name)).toEqual(['attached', 'stays']);
      // Deleting a mod is not blocked by its versions being in builds.
      expectReply(await admin.delete('/api/mod/attached'), 200, { success: 'Mod deleted.' });
      await eventually(async () => {
        const b = await anon.get('/api/modpack/detach-pack/1.0.0');
        return b.status === 200 && b.body.mods.length === 1;
      });
      const after = await anon.get('/api/modpack/detach-pack/1.0.0');
      expect(after.body.mods.map((m: any) => m.name)).toEqual(['stays']);
      expect((await anon.get('/api/mod/stays')).body.versions).toEqual(['1.0']);
    });
  });

  describe('authorization', () => {
    let createOnly: string;
    let manageOnly: string;
    let deleteOnly: string;
    let noPerms: string;
    let packsOnly: string;
    let fullUser: string;

    beforeAll(async () => {
      createOnly = await userWithToken(admin, 'createonly', ['mods_create']);
      manageOnly = await userWithToken(admin, 'manageonly', ['mods_manage']);
      deleteOnly = await userWithToken(admin, 'deleteonly', ['mods_delete']);
      noPerms = await userWithToken(admin, 'noperms', []);
      packsOnly = await userWithToken(admin, 'packsonly', [
        'modpacks_create',
        'modpacks_manage',
        'modpacks_delete',
        'solder_users',
        'solder_keys',
        'solder_clients',
      ]);
      fullUser = await userWithToken(admin, 'fulluser', ['solder_full']);
      expect((await admin.post('/api/mod', { name: 'guarded', pretty_name: 'Guarded' })).status).toBe(201);
      expect((await admin.post('/api/mod/guarded/version', { version: '1.0', md5: md5Of('guarded') })).status).toBe(
        201,
      );
    });

    const newMod = { name: 'sneaky', pretty_name: 'Sneaky' };

    it('no token → 401 {"error":"Unauthenticated."} on every write, nothing changed', async () => {
      await refused(() => anon.post('/api/mod', newMod), 401, UNAUTHENTICATED);
      await refused(() => anon.put('/api/mod/guarded', { pretty_name: 'Hacked' }), 401, UNAUTHENTICATED);
      await refused(() => anon.delete('/api/mod/guarded'), 401, UNAUTHENTICATED);
      await refused(
        () => anon.post('/api/mod/guarded/version', { version: '2.0', md5: md5Of('x') }),
        401,
        UNAUTHENTICATED,
      );
      await refused(() => anon.put('/api/mod/guarded/1.0', { md5: md5Of('y') }), 401, UNAUTHENTICATED);
      await refused(() => anon.delete('/api/mod/guarded/1.0'), 401, UNAUTHENTICATED);
      expectReply(await anon.get('/api/mod/sneaky'), 404, MOD_DOES_NOT_EXIST);
    });

    it('a malformed Authorization header → 401', async () => {
      for (const authorization of [
        `Token ${t.adminToken}`,
        `Basic ${Buffer.from('admin:pw').toString('base64')}`,
        'Bearer',
        'Bearer ',
        t.adminToken,
      ]) {
        await refused(() => anon.post('/api/mod', newMod, { headers: { authorization } }), 401, UNAUTHENTICATED);
      }
    });

    it('an unknown token → 401', async () => {
      await refused(() => anon.post('/api/mod', newMod, { token: 'definitely-not-a-token' }), 401, UNAUTHENTICATED);
      await refused(() => anon.post('/api/mod', newMod, { token: `${t.adminToken}x` }), 401, UNAUTHENTICATED);
      await refused(() => anon.put('/api/mod/guarded', { pretty_name: 'X' }, { token: 'nope' }), 401, UNAUTHENTICATED);
      await refused(() => anon.delete('/api/mod/guarded', { token: 'nope' }), 401, UNAUTHENTICATED);
    });

    it('401 comes before 404 and before 422', async () => {
      await refused(() => anon.put('/api/mod/missing-mod', { pretty_name: 'X' }), 401, UNAUTHENTICATED);
      await refused(() => anon.delete('/api/mod/missing-mod'), 401, UNAUTHENTICATED);
      await refused(() => anon.post('/api/mod', {}), 401, UNAUTHENTICATED);
      await refused(
        () => anon.post('/api/mod', { name: 'guarded', pretty_name: 'Dup' }, { token: 'bad' }),
        401,
        UNAUTHENTICATED,
      );
    });

    it('a token without mods_create → 403 on create, nothing created', async () => {
      for (const token of [manageOnly, deleteOnly, noPerms, packsOnly]) {
        await refused(() => anon.post('/api/mod', newMod, { token }), 403, FORBIDDEN);
      }
      expectReply(await anon.get('/api/mod/sneaky'), 404, MOD_DOES_NOT_EXIST);
    });

    it('403 comes before 422 on create', async () => {
      await refused(() => anon.post('/api/mod', {}, { token: manageOnly }), 403, FORBIDDEN);
      await refused(
        () => anon.post('/api/mod', { name: 'guarded', pretty_name: 'Dup' }, { token: noPerms }),
        403,
        FORBIDDEN,
      );
    });

    it('mods_create may create a mod but not update or delete it', async () => {
      const res = await anon.post('/api/mod', { name: 'by-creator', pretty_name: 'By Creator' }, { token: createOnly });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('by-creator');
      await refused(
        () => anon.put('/api/mod/by-creator', { pretty_name: 'Changed' }, { token: createOnly }),
        403,
        FORBIDDEN,
      );
      await refused(() => anon.delete('/api/mod/by-creator', { token: createOnly }), 403, FORBIDDEN);
      await refused(
        () => anon.post('/api/mod/by-creator/version', { version: '1.0', md5: md5Of('c') }, { token: createOnly }),
        403,
        FORBIDDEN,
      );
      expect((await anon.get('/api/mod/by-creator')).body.pretty_name).toBe('By Creator');
    });

    it('mods_manage may update and manage versions but not create or delete the mod', async () => {
      const upd = await anon.put('/api/mod/guarded', { pretty_name: 'Guarded Managed' }, { token: manageOnly });
      expect(upd.status).toBe(200);
      expect(upd.body.pretty_name).toBe('Guarded Managed');
      const ver = await anon.post(
        '/api/mod/guarded/version',
        { version: '2.0', md5: md5Of('g2') },
        { token: manageOnly },
      );
      expect(ver.status).toBe(201);
      expect((await anon.put('/api/mod/guarded/2.0', { filesize: 10 }, { token: manageOnly })).status).toBe(200);
      expectReply(await anon.delete('/api/mod/guarded/2.0', { token: manageOnly }), 200, {
        success: 'Mod version deleted.',
      });
      await refused(() => anon.delete('/api/mod/guarded', { token: manageOnly }), 403, FORBIDDEN);
      expect((await anon.get('/api/mod/guarded')).status).toBe(200);
    });

    it('mods_delete may delete the mod but not update it or touch versions', async () => {
      await refused(() => anon.put('/api/mod/by-creator', { pretty_name: 'X' }, { token: deleteOnly }), 403, FORBIDDEN);
      await refused(
        () => anon.post('/api/mod/by-creator/version', { version: '1', md5: md5Of('d') }, { token: deleteOnly }),
        403,
        FORBIDDEN,
      );
      await refused(() => anon.delete('/api/mod/guarded/1.0', { token: deleteOnly }), 403, FORBIDDEN);
      expectReply(await anon.delete('/api/mod/by-creator', { token: deleteOnly }), 200, { success: 'Mod deleted.' });
      expectReply(await anon.get('/api/mod/by-creator'), 404, MOD_DOES_NOT_EXIST);
    });

    it('403 comes before 404: a missing permission on an absent mod answers 403', async () => {
      await refused(
        () => anon.put('/api/mod/missing-mod', { pretty_name: 'X' }, { token: createOnly }),
        403,
        FORBIDDEN,
      );
      await refused(() => anon.delete('/api/mod/missing-mod', { token: manageOnly }), 403, FORBIDDEN);
      await refused(
        () => anon.post('/api/mod/missing-mod/version', { version: '1', md5: md5Of('m') }, { token: deleteOnly }),
        403,
        FORBIDDEN,
      );
    });

    it('the permitted user still gets 404 for an absent mod', async () => {
      await refused(
        () => anon.put('/api/mod/missing-mod', { pretty_name: 'X' }, { token: manageOnly }),
        404,
        MOD_NOT_FOUND,
      );
      await refused(() => anon.delete('/api/mod/missing-mod', { token: deleteOnly }), 404, MOD_NOT_FOUND);
    });

    it('solder_full passes every check', async () => {
      const res = await anon.post('/api/mod', { name: 'by-full', pretty_name: 'By Full' }, { token: fullUser });
      expect(res.status).toBe(201);
      expect((await anon.put('/api/mod/by-full', { author: 'Full' }, { token: fullUser })).status).toBe(200);
      expect(
        (await anon.post('/api/mod/by-full/version', { version: '1', md5: md5Of('f') }, { token: fullUser })).status,
      ).toBe(201);
      expectReply(await anon.delete('/api/mod/by-full', { token: fullUser }), 200, { success: 'Mod deleted.' });
    });

    it('reads need no credentials and ignore a bad bearer token (never 401)', async () => {
      for (const opts of [
        { token: null },
        { token: 'garbage-token' },
        { headers: { authorization: 'Basic abc' }, token: null },
      ]) {
        const list = await anon.get('/api/mod', opts);
        expect(list.status).toBe(200);
        expect(list.body.mods.guarded).toBe('Guarded Managed');
        expect((await anon.get('/api/mod/guarded', opts)).status).toBe(200);
        expect((await anon.get('/api/mod/guarded/1.0', opts)).status).toBe(200);
        expectReply(await anon.get('/api/mod/absent-one', opts), 404, MOD_DOES_NOT_EXIST);
      }
    });
  });
});
