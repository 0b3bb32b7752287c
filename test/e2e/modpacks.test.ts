/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Modpack records (docs/api.md#modpacks): create, update, delete (with its effects on builds, access lists
// and client links) and clone, driven over HTTP against a whole stack.
import { randomUUID } from 'node:crypto';
import { Api, TIMESTAMP, TestStack, eventually, md5Of, startTestStack, userWithToken, must } from '../support';

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

// ---------------------------------------------------------------------------------------------
// helpers

async function createPack(body: Record<string, unknown>): Promise<any> {
  return must(await admin.post('/api/modpack', body), 201, `create modpack ${JSON.stringify(body)}`);
}

async function createMod(name: string): Promise<any> {
  return must(await admin.post('/api/mod', { name, pretty_name: `Pretty ${name}` }), 201, `create mod ${name}`);
}

async function createVersion(mod: string, version: string, filesize?: number): Promise<any> {
  const body: Record<string, unknown> = { version, md5: md5Of(`${mod}-${version}`) };
  if (filesize !== undefined) body.filesize = filesize;
  return must(await admin.post(`/api/mod/${mod}/version`, body), 201, `create version ${mod} ${version}`);
}

async function createBuild(pack: string, body: Record<string, unknown>): Promise<any> {
  return must(
    await admin.post(`/api/modpack/${pack}/build`, body),
    201,
    `create build ${pack} ${JSON.stringify(body)}`,
  );
}

async function assign(pack: string, build: string, mod: string, version: string): Promise<void> {
  must(
    await admin.post(`/api/modpack/${pack}/${build}/mod`, { mod_slug: mod, mod_version: version }),
    201,
    `assign ${mod} ${version} to ${pack}/${build}`,
  );
}

/** The full build record, read back through a PUT that changes nothing. */
async function buildRecord(pack: string, version: string): Promise<any> {
  return must(
    await admin.put(`/api/modpack/${pack}/${encodeURIComponent(version)}`, {}),
    200,
    `read build ${pack}/${version}`,
  );
}

/** The full modpack record, read back through a PUT that changes nothing. */
async function packRecord(slug: string): Promise<any> {
  return must(await admin.put(`/api/modpack/${slug}`, {}), 200, `read modpack ${slug}`);
}

function withoutUpdatedAt<T extends Record<string, unknown>>(rec: T): Omit<T, 'updated_at'> {
  const { updated_at: _ignored, ...rest } = rec;
  return rest;
}

const ts = () => expect.stringMatching(TIMESTAMP);

function expectedPack(over: Record<string, unknown>) {
  return {
    id: expect.any(Number),
    name: expect.any(String),
    slug: expect.any(String),
    url: null,
    hidden: true,
    private: false,
    order: null,
    recommended: null,
    latest: null,
    created_at: ts(),
    updated_at: ts(),
    ...over,
  };
}

async function adminList(): Promise<Record<string, string>> {
  return must(await admin.get('/api/modpack'), 200, 'list modpacks').modpacks;
}

async function userEntry(username: string): Promise<any> {
  const users = must(await admin.get('/api/user'), 200, 'list users').users as any[];
  const u = users.find((x) => x.username === username);
  if (!u) throw new Error(`user ${username} not listed`);
  return u;
}

async function clientEntry(uuid: string): Promise<any> {
  const clients = must(await admin.get('/api/client'), 200, 'list clients').clients as any[];
  const c = clients.find((x) => x.uuid === uuid);
  if (!c) throw new Error(`client ${uuid} not listed`);
  return c;
}

// ---------------------------------------------------------------------------------------------
// create

describe('POST /api/modpack', () => {
  // docs/api.md#null-and-absent-fields: "An optional field that was never set is null in every response"; `order` has
  // no stated default, unlike hidden (true) and private (false).
  test('creates with Solder defaults: hidden true, private false, nulls (order included) for what was never set', async () => {
    const r = await admin.post('/api/modpack', { name: 'Default Pack', slug: 'default-pack' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(expectedPack({ name: 'Default Pack', slug: 'default-pack', order: r.body.order }));
    expect(Object.keys(r.body).sort()).toEqual(
      [
        'created_at',
        'hidden',
        'id',
        'latest',
        'name',
        'order',
        'private',
        'recommended',
        'slug',
        'updated_at',
        'url',
      ].sort(),
    );

    // hidden and public: anyone can show it, nobody without access sees it listed
    const show = await anon.get('/api/modpack/default-pack');
    expect(show.status).toBe(200);
    expect(show.body).toEqual({
      id: r.body.id,
      name: 'default-pack',
      display_name: 'Default Pack',
      url: null,
      icon: null,
      icon_md5: null,
      logo: null,
      logo_md5: null,
      background: null,
      background_md5: null,
      recommended: null,
      latest: null,
      builds: [],
    });
    const list = await anon.get('/api/modpack');
    expect(list.status).toBe(200);
    expect(list.body.modpacks).not.toHaveProperty('default-pack');
    expect((await adminList())['default-pack']).toBe('Default Pack');
    // last, so that the checks above run whatever it says
    expect(r.body.order).toBeNull();
  });

  test('stores every field it is given', async () => {
    const r = await admin.post('/api/modpack', {
      name: 'Full Pack',
      slug: 'Full_Pack.v2',
      url: 'https://example.test/full',
      hidden: false,
      private: true,
      order: 5,
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(
      expectedPack({
        name: 'Full Pack',
        slug: 'Full_Pack.v2',
        url: 'https://example.test/full',
        hidden: false,
        private: true,
        order: 5,
      }),
    );
    // looked up exactly as stored
    const show = await admin.get('/api/modpack/Full_Pack.v2');
    expect(show.status).toBe(200);
    expect(show.body).toMatchObject({
      id: r.body.id,
      name: 'Full_Pack.v2',
      display_name: 'Full Pack',
      url: 'https://example.test/full',
    });
    // private: invisible to anonymous callers
    expect(await anon.get('/api/modpack/Full_Pack.v2')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
  });

  test('ignores unknown body fields, including id and timestamps', async () => {
    const r = await admin.post('/api/modpack', {
      name: 'Ignoring Pack',
      slug: 'ignoring-pack',
      id: 987654,
      created_at: '2001-01-01T00:00:00.000000Z',
      updated_at: '2001-01-01T00:00:00.000000Z',
      icon: 'https://evil.test/icon.png',
      builds: ['9.9'],
    });
    expect(r.status).toBe(201);
    // (the `order` default itself is pinned by the defaults test above)
    expect(r.body).toEqual(expectedPack({ name: 'Ignoring Pack', slug: 'ignoring-pack', order: r.body.order }));
    expect(r.body.id).not.toBe(987654);
    expect(r.body.created_at).not.toBe('2001-01-01T00:00:00.000000Z');
    const show = await admin.get('/api/modpack/ignoring-pack');
    expect(show.body).toMatchObject({ id: r.body.id, icon: null, builds: [] });
  });

  test('ids increase in creation order and the list is in id order', async () => {
    const a = await createPack({ name: 'Order Z', slug: 'order-z', hidden: false });
    const b = await createPack({ name: 'Order A', slug: 'order-a', hidden: false });
    expect(b.id).toBeGreaterThan(a.id);
    const keys = Object.keys(await adminList());
    expect(keys.indexOf('order-z')).toBeLessThan(keys.indexOf('order-a'));
  });

  test('missing name and slug: 422 with one entry per field, nothing created', async () => {
    const before = await adminList();
    const r = await admin.post('/api/modpack', {});
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: { name: ['The name field is required.'], slug: ['The slug field is required.'] } });

    const onlyName = await admin.post('/api/modpack', { name: 'Nameonly' });
    expect(onlyName.status).toBe(422);
    expect(onlyName.body).toEqual({ error: { slug: ['The slug field is required.'] } });

    const onlySlug = await admin.post('/api/modpack', { slug: 'slugonly' });
    expect(onlySlug.status).toBe(422);
    expect(onlySlug.body).toEqual({ error: { name: ['The name field is required.'] } });

    expect(await adminList()).toEqual(before);
    expect(await admin.get('/api/modpack/slugonly')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
  });

  test.each([
    ['slug with a space', { slug: 'bad slug' }, 'slug'],
    ['slug with a slash', { slug: 'bad/slug' }, 'slug'],
    ['slug starting with a dash', { slug: '-bad' }, 'slug'],
    ['slug of 256 characters', { slug: 'a'.repeat(256) }, 'slug'],
    ['slug as a number', { slug: 12345 }, 'slug'],
    ['name as a number', { name: 12345 }, 'name'],
    ['url that is not a URL', { url: 'not a url' }, 'url'],
    ['url with an ftp scheme', { url: 'ftp://example.test/pack' }, 'url'],
    ['hidden as 1', { hidden: 1 }, 'hidden'],
    ['hidden as a string', { hidden: 'true' }, 'hidden'],
    ['private as 0', { private: 0 }, 'private'],
    ['order as a string', { order: '3' }, 'order'],
    ['order as a fraction', { order: 1.5 }, 'order'],
  ])('%s: 422 for that field only, nothing created', async (_label, override, field) => {
    const slug = `valid-${Math.random().toString(36).slice(2, 10)}`;
    const body = { name: `Valid ${slug}`, slug, ...override };
    const before = await adminList();
    const r = await admin.post('/api/modpack', body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error)).toEqual([field]);
    expect(r.body.error[field]).toEqual([expect.any(String)]);
    if (field === 'url') expect(r.body.error.url).toEqual(['The url field must be a valid URL.']);
    expect(await adminList()).toEqual(before);
  });

  test('concurrent creates with the same slug in different cases: exactly one 201, the rest 422', async () => {
    const replies = await Promise.all(
      ['race-pack', 'Race-Pack', 'RACE-PACK', 'race-PACK'].map((slug, i) =>
        admin.post('/api/modpack', { name: `Race ${i}`, slug }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    for (const r of replies.filter((x) => x.status === 422)) {
      expect(r.body).toEqual({ error: { slug: ['The slug has already been taken.'] } });
    }
    const list = await adminList();
    expect(Object.keys(list).filter((k) => k.toLowerCase() === 'race-pack')).toHaveLength(1);
  });

  test('a null or empty name and slug count as missing', async () => {
    const r = await admin.post('/api/modpack', { name: null, slug: '' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: { name: ['The name field is required.'], slug: ['The slug field is required.'] } });
  });

  test('a 255-character slug is fine', async () => {
    const slug = `s${'x'.repeat(254)}`;
    const r = await admin.post('/api/modpack', { name: 'Long Slug Pack', slug });
    expect(r.status).toBe(201);
    expect(r.body.slug).toBe(slug);
  });

  test('duplicate name or slug (case-insensitive): 422 with field errors, nothing created', async () => {
    const original = await createPack({ name: 'Dup Pack', slug: 'dup-pack' });
    const before = await adminList();

    const sameName = await admin.post('/api/modpack', { name: 'Dup Pack', slug: 'dup-other' });
    expect(sameName.status).toBe(422);
    expect(sameName.body).toEqual({ error: { name: ['The name has already been taken.'] } });

    const sameSlugOtherCase = await admin.post('/api/modpack', { name: 'Dup Other', slug: 'DUP-Pack' });
    expect(sameSlugOtherCase.status).toBe(422);
    expect(sameSlugOtherCase.body).toEqual({ error: { slug: ['The slug has already been taken.'] } });

    const bothOtherCase = await admin.post('/api/modpack', { name: 'DUP PACK', slug: 'Dup-Pack' });
    expect(bothOtherCase.status).toBe(422);
    expect(bothOtherCase.body).toEqual({
      error: { name: ['The name has already been taken.'], slug: ['The slug has already been taken.'] },
    });

    expect(await adminList()).toEqual(before);
    expect(await admin.get('/api/modpack/dup-other')).toMatchObject({ status: 404 });
    expect(await admin.get('/api/modpack/DUP-Pack')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    expect(withoutUpdatedAt(await packRecord('dup-pack'))).toEqual(withoutUpdatedAt(original));
  });

  test('the creator (modpacks_create + modpacks_manage, no solder_full) gets access at once', async () => {
    const token = await userWithToken(admin, 'pack-creator', ['modpacks_create', 'modpacks_manage']);
    const me = new Api(t.url, token);

    const created = await me.post('/api/modpack', { name: 'Creator Pack', slug: 'creator-pack', private: true });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expectedPack({ name: 'Creator Pack', slug: 'creator-pack', private: true, order: created.body.order }),
    );

    // immediately: build create, build update, modpack update, and the private pack readable
    const build = await me.post('/api/modpack/creator-pack/build', {
      version: '1.0',
      minecraft: '1.20.1',
      is_published: true,
    });
    expect(build.status).toBe(201);
    expect(build.body).toMatchObject({ modpack_id: created.body.id, version: '1.0', is_published: true });
    const upd = await me.put('/api/modpack/creator-pack/1.0', { forge: '47.2.0' });
    expect(upd.status).toBe(200);
    expect(upd.body.forge).toBe('47.2.0');
    const packUpd = await me.put('/api/modpack/creator-pack', { recommended: '1.0' });
    expect(packUpd.status).toBe(200);
    expect(packUpd.body.recommended).toBe('1.0');

    const show = await me.get('/api/modpack/creator-pack');
    expect(show.status).toBe(200);
    expect(show.body.builds).toEqual(['1.0']);
    const list = await me.get('/api/modpack');
    expect(list.body.modpacks['creator-pack']).toBe('Creator Pack');

    // listed in the creator's access list
    const u = await userEntry('pack-creator');
    expect(u.modpacks.some((m: unknown) => m === 'creator-pack' || m === created.body.id)).toBe(true);

    // but no access to anyone else's private pack
    await createPack({ name: 'Not Yours', slug: 'not-yours', private: true });
    const foreign = await me.post('/api/modpack/not-yours/build', { version: '1.0', minecraft: '1.20.1' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'This action is unauthorized.' });
  });
});

// ---------------------------------------------------------------------------------------------
// update

describe('PUT /api/modpack/{slug}', () => {
  test('missing modpack: 404 Modpack not found.', async () => {
    const r = await admin.put('/api/modpack/no-such-pack', { name: 'Whatever' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Modpack not found.' });
    // 404 comes before validation
    const invalid = await admin.put('/api/modpack/no-such-pack', { hidden: 'nope' });
    expect(invalid.status).toBe(404);
    expect(invalid.body).toEqual({ error: 'Modpack not found.' });
  });

  test('changes only the fields it is given', async () => {
    const created = await createPack({
      name: 'Partial Pack',
      slug: 'partial-pack',
      url: 'https://example.test/partial',
      hidden: true,
      private: false,
      order: 3,
    });

    const r1 = await admin.put('/api/modpack/partial-pack', { hidden: false });
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ ...created, hidden: false, updated_at: ts() });
    expect(r1.body.updated_at >= created.updated_at).toBe(true);

    const r2 = await admin.put('/api/modpack/partial-pack', { recommended: '1.0', latest: '2.0', order: 7 });
    expect(r2.status).toBe(200);
    expect(r2.body).toEqual({
      ...created,
      hidden: false,
      recommended: '1.0',
      latest: '2.0',
      order: 7,
      updated_at: ts(),
    });

    const r3 = await admin.put('/api/modpack/partial-pack', {
      private: true,
      url: 'https://example.test/partial2',
      name: 'Partial Renamed',
    });
    expect(r3.status).toBe(200);
    expect(r3.body).toEqual({
      ...created,
      name: 'Partial Renamed',
      url: 'https://example.test/partial2',
      hidden: false,
      private: true,
      recommended: '1.0',
      latest: '2.0',
      order: 7,
      updated_at: ts(),
    });

    // unknown fields are ignored
    const r4 = await admin.put('/api/modpack/partial-pack', {
      id: 424242,
      created_at: '2001-01-01T00:00:00.000000Z',
      icon: 'x',
    });
    expect(r4.status).toBe(200);
    expect(withoutUpdatedAt(r4.body)).toEqual(withoutUpdatedAt(r3.body));

    // the launcher view follows
    const show = await admin.get('/api/modpack/partial-pack');
    expect(show.body).toMatchObject({
      id: created.id,
      name: 'partial-pack',
      display_name: 'Partial Renamed',
      url: 'https://example.test/partial2',
      recommended: '1.0',
      latest: '2.0',
    });
  });

  test('hidden and private changes show in launcher reads at once', async () => {
    await createPack({ name: 'Toggle Pack', slug: 'toggle-pack' });
    expect((await anon.get('/api/modpack')).body.modpacks).not.toHaveProperty('toggle-pack');
    must(await admin.put('/api/modpack/toggle-pack', { hidden: false }), 200, 'unhide');
    expect((await anon.get('/api/modpack')).body.modpacks).toHaveProperty('toggle-pack', 'Toggle Pack');
    must(await admin.put('/api/modpack/toggle-pack', { private: true }), 200, 'privatize');
    expect((await anon.get('/api/modpack')).body.modpacks).not.toHaveProperty('toggle-pack');
    expect(await anon.get('/api/modpack/toggle-pack')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    must(await admin.put('/api/modpack/toggle-pack', { private: false, name: 'Toggled Pack' }), 200, 'publicize');
    expect((await anon.get('/api/modpack')).body.modpacks).toHaveProperty('toggle-pack', 'Toggled Pack');
    expect((await anon.get('/api/modpack/toggle-pack')).body.display_name).toBe('Toggled Pack');
  });

  test('renaming the slug moves the pack and its builds; the old slug is gone', async () => {
    const created = await createPack({ name: 'Slug Move', slug: 'slug-move', hidden: false });
    await createBuild('slug-move', { version: '1.0', minecraft: '1.20.1', is_published: true });

    const r = await admin.put('/api/modpack/slug-move', { slug: 'slug-moved' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...created, slug: 'slug-moved', updated_at: ts() });

    expect(await admin.put('/api/modpack/slug-move', {})).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    expect(await anon.get('/api/modpack/slug-move')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    const show = await anon.get('/api/modpack/slug-moved');
    expect(show.status).toBe(200);
    expect(show.body).toMatchObject({ id: created.id, name: 'slug-moved', builds: ['1.0'] });
    expect(await anon.get('/api/modpack/slug-moved/1.0')).toMatchObject({ status: 200 });
    const list = await anon.get('/api/modpack');
    expect(list.body.modpacks).toHaveProperty('slug-moved', 'Slug Move');
    expect(list.body.modpacks).not.toHaveProperty('slug-move');
  });

  test('renaming onto another pack’s name or slug (any case) is a 422 and changes nothing', async () => {
    await createPack({ name: 'Taken Pack', slug: 'taken-pack' });
    const mine = await createPack({ name: 'Mine Pack', slug: 'mine-pack' });

    const byName = await admin.put('/api/modpack/mine-pack', { name: 'taken pack' });
    expect(byName.status).toBe(422);
    expect(byName.body).toEqual({ error: { name: ['The name has already been taken.'] } });

    const bySlug = await admin.put('/api/modpack/mine-pack', { slug: 'Taken-Pack' });
    expect(bySlug.status).toBe(422);
    expect(bySlug.body).toEqual({ error: { slug: ['The slug has already been taken.'] } });

    // a partly valid update is refused as a whole
    const mixed = await admin.put('/api/modpack/mine-pack', {
      url: 'https://example.test/changed',
      slug: 'taken-pack',
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body).toEqual({ error: { slug: ['The slug has already been taken.'] } });

    expect(withoutUpdatedAt(await packRecord('mine-pack'))).toEqual(withoutUpdatedAt(mine));
  });

  test('renaming a pack to its own name and slug is not a duplicate', async () => {
    const created = await createPack({ name: 'Self Pack', slug: 'self-pack' });
    const r = await admin.put('/api/modpack/self-pack', { name: 'Self Pack', slug: 'self-pack' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...created, updated_at: ts() });
    // a case-only change of its own slug is allowed too
    const recased = await admin.put('/api/modpack/self-pack', { slug: 'Self-Pack' });
    expect(recased.status).toBe(200);
    expect(recased.body.slug).toBe('Self-Pack');
  });

  test.each([
    ['hidden as a string', { hidden: 'yes' }, 'hidden'],
    ['private as 1', { private: 1 }, 'private'],
    ['order as a string', { order: '1' }, 'order'],
    ['url not a URL', { url: 'javascript:alert(1)' }, 'url'],
    ['slug with spaces', { slug: 'no spaces allowed' }, 'slug'],
    ['empty name', { name: '' }, 'name'],
  ])('strict types on update (%s): 422 for that field, nothing changed', async (_label, body, field) => {
    const slug = `strict-${Math.random().toString(36).slice(2, 10)}`;
    const created = await createPack({ name: `Strict ${slug}`, slug });
    const r = await admin.put(`/api/modpack/${slug}`, body);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error)).toEqual([field]);
    expect(r.body.error[field]).toEqual([expect.any(String)]);
    expect(withoutUpdatedAt(await packRecord(slug))).toEqual(withoutUpdatedAt(created));
  });
});

// ---------------------------------------------------------------------------------------------
// delete

describe('DELETE /api/modpack/{slug}', () => {
  test('missing modpack: 404 Modpack not found.', async () => {
    const r = await admin.delete('/api/modpack/no-such-pack');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Modpack not found.' });
  });

  test('deletes the pack and its builds; within 5 s it leaves every access list and client link', async () => {
    await createMod('doomed-mod');
    await createVersion('doomed-mod', '1.0', 100);
    const doomed = await createPack({ name: 'Doomed Pack', slug: 'doomed-pack', private: true, hidden: false });
    const keep = await createPack({ name: 'Kept Pack', slug: 'kept-pack', private: true, hidden: false });
    await createBuild('doomed-pack', { version: '1.0', minecraft: '1.20.1', is_published: true });
    await createBuild('doomed-pack', { version: '2.0', minecraft: '1.20.1', is_published: false });
    await assign('doomed-pack', '1.0', 'doomed-mod', '1.0');
    await assign('doomed-pack', '2.0', 'doomed-mod', '1.0');
    await createBuild('kept-pack', { version: '1.0', minecraft: '1.20.1', is_published: true });

    // a user and a launcher client with access to both
    const token = await userWithToken(admin, 'doomed-reader', [], ['doomed-pack', 'kept-pack']);
    const reader = new Api(t.url, token);
    const uuid = randomUUID();
    must(await admin.post('/api/client', { name: 'Doomed launcher', uuid }), 201, 'create client');
    must(await admin.put(`/api/client/${uuid}`, { modpacks: [doomed.id, keep.id] }), 200, 'link client');

    // before: access works through both
    expect(await reader.get('/api/modpack/doomed-pack')).toMatchObject({ status: 200, body: { builds: ['1.0'] } });
    expect(await anon.get(`/api/modpack/doomed-pack?cid=${uuid}`)).toMatchObject({ status: 200 });
    const userBefore = await userEntry('doomed-reader');
    expect(userBefore.modpacks).toHaveLength(2);
    const keepEntry = userBefore.modpacks.find((m: unknown) => m === 'kept-pack' || m === keep.id);
    expect(keepEntry).toBeDefined();
    expect([...(await clientEntry(uuid)).modpacks].sort((a: number, b: number) => a - b)).toEqual(
      [doomed.id, keep.id].sort((a, b) => a - b),
    );
    // the version is in use by the two doomed builds
    expect(await admin.delete('/api/mod/doomed-mod/1.0')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 2 build(s) and cannot be deleted.' },
    });

    const del = await admin.delete('/api/modpack/doomed-pack');
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: 'Modpack deleted.' });

    // the pack and its builds are gone at once
    expect(await admin.get('/api/modpack/doomed-pack')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    expect(await admin.get('/api/modpack/doomed-pack/1.0')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    expect(await admin.put('/api/modpack/doomed-pack', {})).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    expect(await admin.post('/api/modpack/doomed-pack/build', { version: '3.0', minecraft: '1' })).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    expect(await admin.delete('/api/modpack/doomed-pack')).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    expect(await adminList()).not.toHaveProperty('doomed-pack');

    // its assignments went with it: the version is free now
    expect(await admin.delete('/api/mod/doomed-mod/1.0')).toMatchObject({
      status: 200,
      body: { success: 'Mod version deleted.' },
    });
    // mods are not deleted with a modpack
    expect(await anon.get('/api/mod/doomed-mod')).toMatchObject({
      status: 200,
      body: { name: 'doomed-mod', versions: [] },
    });

    // within 5 s: out of the access list and the client's links; the other pack untouched
    await eventually(async () => {
      const u = await userEntry('doomed-reader');
      expect(u.modpacks).toEqual([keepEntry]);
      return true;
    }, 5000);
    await eventually(async () => {
      const c = await clientEntry(uuid);
      expect(c.modpacks).toEqual([keep.id]);
      return true;
    }, 5000);
    expect(await reader.get('/api/modpack/kept-pack')).toMatchObject({ status: 200, body: { builds: ['1.0'] } });
    expect(await anon.get(`/api/modpack/kept-pack?cid=${uuid}`)).toMatchObject({
      status: 200,
      body: { builds: ['1.0'] },
    });

    // a new pack under the same slug is a different pack: no builds, no inherited access
    const reborn = await createPack({ name: 'Doomed Pack', slug: 'doomed-pack', private: true });
    expect(reborn.id).not.toBe(doomed.id);
    expect(await admin.get('/api/modpack/doomed-pack')).toMatchObject({
      status: 200,
      body: { id: reborn.id, builds: [] },
    });
    expect(await admin.get('/api/modpack/doomed-pack/1.0')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    expect(await reader.get('/api/modpack/doomed-pack')).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    expect(await anon.get(`/api/modpack/doomed-pack?cid=${uuid}`)).toMatchObject({
      status: 404,
      body: { error: 'Modpack does not exist' },
    });
    // and a build of the old version name can be created in it
    await createBuild('doomed-pack', { version: '1.0', minecraft: '1.20.1' });
    expect(await admin.put('/api/modpack/doomed-pack/1.0', {})).toMatchObject({
      status: 200,
      body: { modpack_id: reborn.id },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// clone

describe('POST /api/modpack/{slug}/clone', () => {
  let source: any;
  const sourceBuilds: Record<string, any> = {};
  const versions: Record<string, any> = {};

  beforeAll(async () => {
    await createMod('clone-alpha');
    await createMod('clone-beta');
    versions['clone-alpha@1.0'] = await createVersion('clone-alpha', '1.0', 10);
    versions['clone-alpha@2.0'] = await createVersion('clone-alpha', '2.0', 20);
    versions['clone-beta@1.0'] = await createVersion('clone-beta', '1.0');
    source = await createPack({
      name: 'Clone Source',
      slug: 'clone-source',
      hidden: false,
      url: 'https://example.test/src',
    });
    sourceBuilds.b1 = await createBuild('clone-source', { version: 'b1', minecraft: '1.19.2', is_published: true });
    sourceBuilds.b2 = await createBuild('clone-source', {
      version: 'b2',
      minecraft: '1.20.1',
      forge: '47.2.0',
      is_published: true,
      private: true,
      min_java: '17',
      min_memory: 4096,
    });
    sourceBuilds.b3 = await createBuild('clone-source', { version: 'b3', minecraft: '1.20.4', is_published: false });
    sourceBuilds.b4 = await createBuild('clone-source', { version: 'b4', minecraft: '1.20.4' });
    await assign('clone-source', 'b1', 'clone-alpha', '1.0');
    await assign('clone-source', 'b1', 'clone-beta', '1.0');
    await assign('clone-source', 'b2', 'clone-alpha', '2.0');
    await assign('clone-source', 'b3', 'clone-beta', '1.0');
    await assign('clone-source', 'b3', 'clone-alpha', '2.0');
    must(await admin.put('/api/modpack/clone-source', { recommended: 'b1', latest: 'b2' }), 200, 'set recommended');
  });

  function modEntry(key: string) {
    const [name, version] = key.split('@');
    const v = versions[key];
    return {
      id: v.id,
      name,
      version,
      md5: md5Of(`${name}-${version}`),
      filesize: v.filesize,
      url: `https://mirror.example.test/repo/mods/${name}/${name}-${version}.zip`,
    };
  }

  test('copies every build (flags and all) and every assignment', async () => {
    const r = await admin.post('/api/modpack/clone-source/clone', {
      name: 'Clone Copy',
      slug: 'clone-copy',
      hidden: false,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Clone Copy', slug: 'clone-copy', hidden: false });
    expect(r.body).toEqual({
      id: expect.any(Number),
      name: 'Clone Copy',
      slug: 'clone-copy',
      url: r.body.url,
      hidden: false,
      private: expect.any(Boolean),
      order: r.body.order,
      recommended: r.body.recommended,
      latest: r.body.latest,
      created_at: ts(),
      updated_at: ts(),
    });
    expect(r.body.id).not.toBe(source.id);

    // every build, as it is
    for (const v of ['b1', 'b2', 'b3', 'b4']) {
      const copy = await buildRecord('clone-copy', v);
      const orig = sourceBuilds[v];
      expect(copy).toEqual({
        ...orig,
        id: expect.any(Number),
        modpack_id: r.body.id,
        created_at: ts(),
        updated_at: ts(),
      });
      expect(copy.id).not.toBe(orig.id);
    }

    // published builds visible with their mods; private b2 visible to admin only
    const show = await admin.get('/api/modpack/clone-copy');
    expect(show.status).toBe(200);
    expect(show.body.builds).toEqual(['b1', 'b2']);
    expect((await anon.get('/api/modpack/clone-copy')).body.builds).toEqual(['b1']);

    const b1 = await admin.get('/api/modpack/clone-copy/b1');
    expect(b1.status).toBe(200);
    expect(b1.body.mods).toEqual([modEntry('clone-alpha@1.0'), modEntry('clone-beta@1.0')]);
    const b2 = await admin.get('/api/modpack/clone-copy/b2');
    expect(b2.body).toEqual({
      id: expect.any(Number),
      minecraft: '1.20.1',
      java: '17',
      memory: 4096,
      forge: '47.2.0',
      mods: [modEntry('clone-alpha@2.0')],
    });
    expect(await anon.get('/api/modpack/clone-copy/b2')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    // unpublished copy: still unpublished, assignments there once published
    expect(await admin.get('/api/modpack/clone-copy/b3')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    must(await admin.put('/api/modpack/clone-copy/b3', { is_published: true }), 200, 'publish b3 copy');
    expect((await admin.get('/api/modpack/clone-copy/b3')).body.mods).toEqual([
      modEntry('clone-alpha@2.0'),
      modEntry('clone-beta@1.0'),
    ]);
    must(await admin.put('/api/modpack/clone-copy/b4', { is_published: true }), 200, 'publish b4 copy');
    expect((await admin.get('/api/modpack/clone-copy/b4')).body.mods).toEqual([]);

    // the copies are independent of the source
    must(await admin.delete('/api/modpack/clone-copy/b1/mod/clone-beta'), 200, 'remove beta from copy');
    must(await admin.put('/api/modpack/clone-copy/b1/mod/clone-alpha', { mod_version: '2.0' }), 200, 'move copy alpha');
    expect((await admin.get('/api/modpack/clone-source/b1')).body.mods).toEqual([
      modEntry('clone-alpha@1.0'),
      modEntry('clone-beta@1.0'),
    ]);
    expect(await buildRecord('clone-source', 'b3')).toMatchObject({ is_published: false });
    // the usage count sees the source and the copies
    expect(await admin.delete('/api/mod/clone-beta/1.0')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 3 build(s) and cannot be deleted.' },
    });
  });

  test('clone of a missing modpack: 404 Modpack not found.', async () => {
    const r = await admin.post('/api/modpack/no-such-pack/clone', { name: 'Ghost Clone', slug: 'ghost-clone' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Modpack not found.' });
    expect(await admin.get('/api/modpack/ghost-clone')).toMatchObject({ status: 404 });
  });

  test('clone validation: required fields, duplicates (any case), nothing created', async () => {
    const before = await adminList();
    const empty = await admin.post('/api/modpack/clone-source/clone', {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      error: { name: ['The name field is required.'], slug: ['The slug field is required.'] },
    });

    const dupSlug = await admin.post('/api/modpack/clone-source/clone', {
      name: 'Brand New Name',
      slug: 'CLONE-SOURCE',
    });
    expect(dupSlug.status).toBe(422);
    expect(dupSlug.body).toEqual({ error: { slug: ['The slug has already been taken.'] } });

    const dupName = await admin.post('/api/modpack/clone-source/clone', {
      name: 'clone source',
      slug: 'brand-new-slug',
    });
    expect(dupName.status).toBe(422);
    expect(dupName.body).toEqual({ error: { name: ['The name has already been taken.'] } });

    const badHidden = await admin.post('/api/modpack/clone-source/clone', {
      name: 'Bad Hidden',
      slug: 'bad-hidden',
      hidden: 'no',
    });
    expect(badHidden.status).toBe(422);
    expect(Object.keys(badHidden.body.error)).toEqual(['hidden']);

    expect(await adminList()).toEqual(before);
    expect(await admin.get('/api/modpack/brand-new-slug')).toMatchObject({ status: 404 });
  });

  test('a non-full cloner needs access to the source and gets access to the copy', async () => {
    const noAccess = new Api(
      t.url,
      await userWithToken(admin, 'cloner-without', ['modpacks_create', 'modpacks_manage']),
    );
    const denied = await noAccess.post('/api/modpack/clone-source/clone', {
      name: 'Denied Clone',
      slug: 'denied-clone',
      hidden: false,
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'This action is unauthorized.' });
    expect(await admin.get('/api/modpack/denied-clone')).toMatchObject({ status: 404 });

    const cloner = new Api(
      t.url,
      await userWithToken(admin, 'cloner-with', ['modpacks_create', 'modpacks_manage'], ['clone-source']),
    );
    const r = await cloner.post('/api/modpack/clone-source/clone', {
      name: 'Cloner Copy',
      slug: 'cloner-copy',
      hidden: true,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Cloner Copy', slug: 'cloner-copy', hidden: true });
    // immediately allowed to work on the copy
    const b = await cloner.post('/api/modpack/cloner-copy/build', {
      version: 'b9',
      minecraft: '1.20.1',
      clone_from: 'b1',
      is_published: true,
    });
    expect(b.status).toBe(201);
    expect((await cloner.get('/api/modpack/cloner-copy/b9')).body.mods).toEqual([
      modEntry('clone-alpha@1.0'),
      modEntry('clone-beta@1.0'),
    ]);
    const hidden = await cloner.get('/api/modpack');
    expect(hidden.body.modpacks).toHaveProperty('cloner-copy', 'Cloner Copy');
    expect((await anon.get('/api/modpack')).body.modpacks).not.toHaveProperty('cloner-copy');
  });
});
