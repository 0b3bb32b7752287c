/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Build-mod assignments (docs/api.md#build-mods): add, change version, remove, with every error body, and
// mod version changes (md5, filesize) showing in build responses at once.
import { Api, TestStack, md5Of, startTestStack, must } from '../support';

let t: TestStack;
let admin: Api;
let anon: Api;
const versions: Record<string, any> = {};
const MIRROR = 'https://mirror.example.test/repo';

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
  must(await admin.post('/api/modpack', { name: 'Assign Pack', slug: 'assign-pack', hidden: false }), 201, 'pack');
  must(await admin.post('/api/modpack', { name: 'Second Pack', slug: 'second-pack', hidden: false }), 201, 'pack');
  for (const [mod, vs] of [
    ['amod', ['1.0', '2.0', '3.0-beta']],
    ['bmod', ['1.0']],
    ['cmod', ['0.5+mc 1.20.1']],
    ['racemod', ['1', '2', '3']],
  ] as const) {
    must(await admin.post('/api/mod', { name: mod, pretty_name: `Pretty ${mod}` }), 201, `mod ${mod}`);
    for (const v of vs) {
      versions[`${mod}@${v}`] = must(
        await admin.post(`/api/mod/${mod}/version`, { version: v, md5: md5Of(`${mod}-${v}`), filesize: 4096 }),
        201,
        `version ${mod} ${v}`,
      );
    }
  }
});

afterAll(async () => {
  await t?.stop();
});

async function build(version: string, slug = 'assign-pack', extra: Record<string, unknown> = {}): Promise<any> {
  return must(
    await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', is_published: true, ...extra }),
    201,
    `build ${version}`,
  );
}

async function mods(version: string, slug = 'assign-pack'): Promise<any[]> {
  return must(await anon.get(`/api/modpack/${slug}/${encodeURIComponent(version)}`), 200, `read ${slug}/${version}`)
    .mods;
}

function entry(key: string, over: Record<string, unknown> = {}) {
  const [name, version] = key.split('@');
  return {
    id: versions[key].id,
    name,
    version,
    md5: md5Of(`${name}-${version}`),
    filesize: 4096,
    url: `${MIRROR}/mods/${encodeURIComponent(name)}/${encodeURIComponent(name)}-${encodeURIComponent(version)}.zip`,
    ...over,
  };
}

describe('POST /api/modpack/{slug}/{build}/mod', () => {
  test('adds a mod version: 201 Mod added to build., visible at once', async () => {
    await build('add-1');
    const r = await admin.post('/api/modpack/assign-pack/add-1/mod', { mod_slug: 'amod', mod_version: '1.0' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ success: 'Mod added to build.' });
    expect(await mods('add-1')).toEqual([entry('amod@1.0')]);

    const r2 = await admin.post('/api/modpack/assign-pack/add-1/mod', {
      mod_slug: 'cmod',
      mod_version: '0.5+mc 1.20.1',
    });
    expect(r2.status).toBe(201);
    expect(r2.body).toEqual({ success: 'Mod added to build.' });
    const list = await mods('add-1');
    expect(list).toEqual([entry('amod@1.0'), entry('cmod@0.5+mc 1.20.1')]);
    expect(list[1].url).toBe(`${MIRROR}/mods/cmod/cmod-0.5%2Bmc%201.20.1.zip`);
  });

  test('the same version twice: 422 Mod version already in build.', async () => {
    await build('twice-1');
    must(
      await admin.post('/api/modpack/assign-pack/twice-1/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );
    const r = await admin.post('/api/modpack/assign-pack/twice-1/mod', { mod_slug: 'amod', mod_version: '1.0' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: 'Mod version already in build.' });
    expect(await mods('twice-1')).toEqual([entry('amod@1.0')]);
  });

  test('another version of the same mod: 422 asking for PUT, build unchanged', async () => {
    await build('other-1');
    must(
      await admin.post('/api/modpack/assign-pack/other-1/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );
    const r = await admin.post('/api/modpack/assign-pack/other-1/mod', { mod_slug: 'amod', mod_version: '2.0' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: 'Another version of this mod is already in the build. Use PUT to update it.' });
    expect(await mods('other-1')).toEqual([entry('amod@1.0')]);
  });

  test('missing mod or version: 404 Mod not found. / Mod version not found., build unchanged', async () => {
    await build('missing-1');
    const noMod = await admin.post('/api/modpack/assign-pack/missing-1/mod', {
      mod_slug: 'no-such-mod',
      mod_version: '1.0',
    });
    expect(noMod.status).toBe(404);
    expect(noMod.body).toEqual({ error: 'Mod not found.' });
    const noVersion = await admin.post('/api/modpack/assign-pack/missing-1/mod', {
      mod_slug: 'amod',
      mod_version: '9.9',
    });
    expect(noVersion.status).toBe(404);
    expect(noVersion.body).toEqual({ error: 'Mod version not found.' });
    // slugs and versions match exactly as stored
    const casedMod = await admin.post('/api/modpack/assign-pack/missing-1/mod', {
      mod_slug: 'AMOD',
      mod_version: '1.0',
    });
    expect(casedMod.status).toBe(404);
    expect(casedMod.body).toEqual({ error: 'Mod not found.' });
    const casedVersion = await admin.post('/api/modpack/assign-pack/missing-1/mod', {
      mod_slug: 'amod',
      mod_version: '3.0-BETA',
    });
    expect(casedVersion.status).toBe(404);
    expect(casedVersion.body).toEqual({ error: 'Mod version not found.' });
    expect(await mods('missing-1')).toEqual([]);
  });

  test('missing modpack or build: 404 Modpack not found. / Build not found.', async () => {
    const noPack = await admin.post('/api/modpack/no-such-pack/1.0/mod', { mod_slug: 'amod', mod_version: '1.0' });
    expect(noPack.status).toBe(404);
    expect(noPack.body).toEqual({ error: 'Modpack not found.' });
    const noBuild = await admin.post('/api/modpack/assign-pack/no-such-build/mod', {
      mod_slug: 'amod',
      mod_version: '1.0',
    });
    expect(noBuild.status).toBe(404);
    expect(noBuild.body).toEqual({ error: 'Build not found.' });
  });

  test('required and typed fields: 422 per field, nothing added', async () => {
    await build('fields-1');
    const empty = await admin.post('/api/modpack/assign-pack/fields-1/mod', {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      error: { mod_slug: ['The mod_slug field is required.'], mod_version: ['The mod_version field is required.'] },
    });
    const noVersion = await admin.post('/api/modpack/assign-pack/fields-1/mod', { mod_slug: 'amod' });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body).toEqual({ error: { mod_version: ['The mod_version field is required.'] } });
    const numeric = await admin.post('/api/modpack/assign-pack/fields-1/mod', { mod_slug: 'amod', mod_version: 1 });
    expect(numeric.status).toBe(422);
    expect(Object.keys(numeric.body.error)).toEqual(['mod_version']);
    // a mod the body names that does not exist answers 404 before the other fields (docs/api.md#order-of-checks)
    for (const body of [{ mod_slug: 'no-such-mod' }, { mod_slug: 'no-such-mod', mod_version: 5 }]) {
      expect(await admin.post('/api/modpack/assign-pack/fields-1/mod', body)).toMatchObject({
        status: 404,
        body: { error: 'Mod not found.' },
      });
    }
    expect(await mods('fields-1')).toEqual([]);
  });

  test('into an unpublished build: listed once it is published', async () => {
    await build('draft-1', 'assign-pack', { is_published: false });
    must(
      await admin.post('/api/modpack/assign-pack/draft-1/mod', { mod_slug: 'bmod', mod_version: '1.0' }),
      201,
      'add',
    );
    expect(await anon.get('/api/modpack/assign-pack/draft-1')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    must(await admin.put('/api/modpack/assign-pack/draft-1', { is_published: true }), 200, 'publish');
    expect(await mods('draft-1')).toEqual([entry('bmod@1.0')]);
  });

  test('the same version in builds of two modpacks', async () => {
    await build('shared-1');
    await build('shared-1', 'second-pack');
    must(
      await admin.post('/api/modpack/assign-pack/shared-1/mod', { mod_slug: 'bmod', mod_version: '1.0' }),
      201,
      'add',
    );
    must(
      await admin.post('/api/modpack/second-pack/shared-1/mod', { mod_slug: 'bmod', mod_version: '1.0' }),
      201,
      'add',
    );
    expect(await mods('shared-1')).toEqual([entry('bmod@1.0')]);
    expect(await mods('shared-1', 'second-pack')).toEqual([entry('bmod@1.0')]);
  });
});

describe('races and awkward characters', () => {
  test('concurrent adds of different versions of one mod: exactly one wins, the rest are 422', async () => {
    await build('race-1');
    const replies = await Promise.all(
      ['1', '2', '3', '1', '2', '3'].map((v) =>
        admin.post('/api/modpack/assign-pack/race-1/mod', { mod_slug: 'racemod', mod_version: v }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of replies.filter((x) => x.status === 422)) {
      expect([
        { error: 'Mod version already in build.' },
        { error: 'Another version of this mod is already in the build. Use PUT to update it.' },
      ]).toContainEqual(r.body);
    }
    const list = await mods('race-1');
    expect(list).toHaveLength(1);
    expect(list[0].name).toBe('racemod');
  });

  test('versions with spaces, +, ?, #, % and non-ASCII letters: added, read, updated and removed by encoded paths', async () => {
    const weird = ['2.0 final+build?x=1#frag', '100%-β'];
    must(await admin.post('/api/mod', { name: 'weird.mod_1', pretty_name: 'Weird' }), 201, 'mod');
    for (const v of weird) {
      versions[`weird.mod_1@${v}`] = must(
        await admin.post('/api/mod/weird.mod_1/version', {
          version: v,
          md5: md5Of(`weird.mod_1-${v}`),
          filesize: 4096,
        }),
        201,
        `version ${v}`,
      );
      const read = await anon.get(`/api/mod/weird.mod_1/${encodeURIComponent(v)}`);
      expect(read.status).toBe(200);
      expect(read.body.url).toBe(`${MIRROR}/mods/weird.mod_1/weird.mod_1-${encodeURIComponent(v)}.zip`);
    }
    expect(versions['weird.mod_1@100%-β']).toMatchObject({ version: '100%-β' });
    const b = 'weird build 1+2';
    await build(b);
    const path = `/api/modpack/assign-pack/${encodeURIComponent(b)}`;
    expect(await admin.post(`${path}/mod`, { mod_slug: 'weird.mod_1', mod_version: weird[0] })).toMatchObject({
      status: 201,
    });
    expect(await mods(b)).toEqual([entry(`weird.mod_1@${weird[0]}`)]);
    expect((await mods(b))[0].url).toBe(
      `${MIRROR}/mods/weird.mod_1/weird.mod_1-2.0%20final%2Bbuild%3Fx%3D1%23frag.zip`,
    );
    expect(await admin.put(`${path}/mod/weird.mod_1`, { mod_version: weird[1] })).toMatchObject({ status: 200 });
    expect(await mods(b)).toEqual([entry(`weird.mod_1@${weird[1]}`)]);
    expect((await mods(b))[0].url).toBe(`${MIRROR}/mods/weird.mod_1/weird.mod_1-100%25-%CE%B2.zip`);
    const upd = await admin.put(`/api/mod/weird.mod_1/${encodeURIComponent(weird[1])}`, { md5: md5Of('other') });
    expect(upd.status).toBe(200);
    expect((await mods(b))[0].md5).toBe(md5Of('other'));
    expect(await admin.delete(`${path}/mod/weird.mod_1`)).toMatchObject({
      status: 200,
      body: { success: 'Mod removed from build.' },
    });
    expect(await mods(b)).toEqual([]);
  });
});

describe('PUT /api/modpack/{slug}/{build}/mod/{mod_slug}', () => {
  test('changes the version: 200 Mod version updated in build.', async () => {
    await build('put-1');
    await build('put-other');
    must(await admin.post('/api/modpack/assign-pack/put-1/mod', { mod_slug: 'amod', mod_version: '1.0' }), 201, 'add');
    must(await admin.post('/api/modpack/assign-pack/put-1/mod', { mod_slug: 'bmod', mod_version: '1.0' }), 201, 'add');
    must(
      await admin.post('/api/modpack/assign-pack/put-other/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );

    const r = await admin.put('/api/modpack/assign-pack/put-1/mod/amod', { mod_version: '3.0-beta' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Mod version updated in build.' });
    expect(await mods('put-1')).toEqual([entry('amod@3.0-beta'), entry('bmod@1.0')]);
    // another build holding the old version is untouched
    expect(await mods('put-other')).toEqual([entry('amod@1.0')]);
    // afterwards a POST of another version is still refused (one version per mod)
    expect(
      await admin.post('/api/modpack/assign-pack/put-1/mod', { mod_slug: 'amod', mod_version: '1.0' }),
    ).toMatchObject({
      status: 422,
      body: { error: 'Another version of this mod is already in the build. Use PUT to update it.' },
    });
    // and the freed version's usage count fell
    expect(await admin.delete('/api/mod/amod/3.0-beta')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
    });
  });

  test('mod not in the build: 404 Mod not in this build.', async () => {
    await build('put-missing');
    must(
      await admin.post('/api/modpack/assign-pack/put-missing/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );
    const r = await admin.put('/api/modpack/assign-pack/put-missing/mod/bmod', { mod_version: '1.0' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Mod not in this build.' });
    expect(await mods('put-missing')).toEqual([entry('amod@1.0')]);
  });

  test('missing mod, version, build or modpack: exact 404s, build unchanged', async () => {
    await build('put-404');
    must(
      await admin.post('/api/modpack/assign-pack/put-404/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );
    expect(await admin.put('/api/modpack/assign-pack/put-404/mod/no-such-mod', { mod_version: '1.0' })).toMatchObject({
      status: 404,
      body: { error: 'Mod not found.' },
    });
    const noVersion = await admin.put('/api/modpack/assign-pack/put-404/mod/amod', { mod_version: '9.9' });
    expect(noVersion.status).toBe(404);
    expect(noVersion.body).toEqual({ error: 'Mod version not found.' });
    expect(await admin.put('/api/modpack/assign-pack/no-such-build/mod/amod', { mod_version: '2.0' })).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await admin.put('/api/modpack/no-such-pack/put-404/mod/amod', { mod_version: '2.0' })).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    expect(await mods('put-404')).toEqual([entry('amod@1.0')]);
  });

  test('mod_version required and a string: 422, build unchanged', async () => {
    await build('put-422');
    must(
      await admin.post('/api/modpack/assign-pack/put-422/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );
    const empty = await admin.put('/api/modpack/assign-pack/put-422/mod/amod', {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ error: { mod_version: ['The mod_version field is required.'] } });
    const numeric = await admin.put('/api/modpack/assign-pack/put-422/mod/amod', { mod_version: 2 });
    expect(numeric.status).toBe(422);
    expect(Object.keys(numeric.body.error)).toEqual(['mod_version']);
    expect(await mods('put-422')).toEqual([entry('amod@1.0')]);
  });

  test('an invalid body on an absent mod or assignment: the 404 first (docs/api.md#order-of-checks)', async () => {
    await build('put-order');
    must(
      await admin.post('/api/modpack/assign-pack/put-order/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      'add',
    );
    for (const body of [{}, { mod_version: 5 }]) {
      expect(await admin.put('/api/modpack/assign-pack/put-order/mod/no-such-mod', body)).toMatchObject({
        status: 404,
        body: { error: 'Mod not found.' },
      });
      expect(await admin.put('/api/modpack/assign-pack/put-order/mod/bmod', body)).toMatchObject({
        status: 404,
        body: { error: 'Mod not in this build.' },
      });
    }
    expect(await mods('put-order')).toEqual([entry('amod@1.0')]);
  });
});

describe('DELETE /api/modpack/{slug}/{build}/mod/{mod_slug}', () => {
  test('removes the mod: 200 Mod removed from build.; a second time 404 Mod not in this build.', async () => {
    await build('rm-1');
    must(await admin.post('/api/modpack/assign-pack/rm-1/mod', { mod_slug: 'amod', mod_version: '2.0' }), 201, 'add');
    must(await admin.post('/api/modpack/assign-pack/rm-1/mod', { mod_slug: 'bmod', mod_version: '1.0' }), 201, 'add');

    const r = await admin.delete('/api/modpack/assign-pack/rm-1/mod/amod');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Mod removed from build.' });
    expect(await mods('rm-1')).toEqual([entry('bmod@1.0')]);

    const again = await admin.delete('/api/modpack/assign-pack/rm-1/mod/amod');
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Mod not in this build.' });

    // the version and mod are untouched, and it can be added again in any version
    expect(await anon.get('/api/mod/amod/2.0')).toMatchObject({ status: 200, body: { id: versions['amod@2.0'].id } });
    must(
      await admin.post('/api/modpack/assign-pack/rm-1/mod', { mod_slug: 'amod', mod_version: '1.0' }),
      201,
      're-add',
    );
    expect(await mods('rm-1')).toEqual([entry('amod@1.0'), entry('bmod@1.0')]);
  });

  test('missing mod, build or modpack: exact 404s', async () => {
    await build('rm-404');
    must(await admin.post('/api/modpack/assign-pack/rm-404/mod', { mod_slug: 'bmod', mod_version: '1.0' }), 201, 'add');
    expect(await admin.delete('/api/modpack/assign-pack/rm-404/mod/no-such-mod')).toMatchObject({
      status: 404,
      body: { error: 'Mod not found.' },
    });
    expect(await admin.delete('/api/modpack/assign-pack/rm-404/mod/amod')).toMatchObject({
      status: 404,
      body: { error: 'Mod not in this build.' },
    });
    expect(await admin.delete('/api/modpack/assign-pack/no-such-build/mod/bmod')).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await admin.delete('/api/modpack/no-such-pack/rm-404/mod/bmod')).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    expect(await mods('rm-404')).toEqual([entry('bmod@1.0')]);
  });
});

describe('mod version changes show in build responses at once', () => {
  test('PUT /api/mod/{slug}/{version} md5 and filesize: the next build read carries them', async () => {
    must(await admin.post('/api/mod', { name: 'hashmod', pretty_name: 'Hash Mod' }), 201, 'mod');
    const v = must(
      await admin.post('/api/mod/hashmod/version', { version: '1.0', md5: md5Of('old'), filesize: 10 }),
      201,
      'version',
    );
    await build('hash-1');
    await build('hash-1', 'second-pack');
    must(
      await admin.post('/api/modpack/assign-pack/hash-1/mod', { mod_slug: 'hashmod', mod_version: '1.0' }),
      201,
      'add',
    );
    must(
      await admin.post('/api/modpack/second-pack/hash-1/mod', { mod_slug: 'hashmod', mod_version: '1.0' }),
      201,
      'add',
    );
    // warm whatever caches there are
    for (let i = 0; i < 3; i++) {
      expect((await mods('hash-1'))[0]).toMatchObject({ md5: md5Of('old'), filesize: 10 });
      expect((await mods('hash-1', 'second-pack'))[0]).toMatchObject({ md5: md5Of('old'), filesize: 10 });
      expect((await anon.get('/api/modpack/assign-pack/hash-1?include=mods')).status).toBeLessThan(500);
    }

    const newMd5 = md5Of('new');
    const upd = await admin.put('/api/mod/hashmod/1.0', { md5: newMd5.toUpperCase() });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id: v.id, mod_id: v.mod_id, version: '1.0', md5: newMd5, filesize: 10 });

    const expected = {
      id: v.id,
      name: 'hashmod',
      version: '1.0',
      md5: newMd5,
      filesize: 10,
      url: `${MIRROR}/mods/hashmod/hashmod-1.0.zip`,
    };
    expect(await mods('hash-1')).toEqual([expected]);
    expect(await mods('hash-1', 'second-pack')).toEqual([expected]);
    expect((await anon.get('/api/modpack/assign-pack/hash-1/?include=mods')).body.mods).toEqual([
      { ...expected, pretty_name: 'Hash Mod', author: null, description: null, link: null },
    ]);
    expect(await anon.get('/api/mod/hashmod/1.0')).toMatchObject({ status: 200, body: { md5: newMd5, filesize: 10 } });

    const size = await admin.put('/api/mod/hashmod/1.0', { filesize: 12345 });
    expect(size.status).toBe(200);
    expect(await mods('hash-1')).toEqual([{ ...expected, filesize: 12345 }]);
    expect(await mods('hash-1', 'second-pack')).toEqual([{ ...expected, filesize: 12345 }]);
  });

  test('a renamed mod (PUT /api/mod/{slug} name) shows with its new name and url at once, and re-sorts', async () => {
    must(await admin.post('/api/mod', { name: 'zz-renamed', pretty_name: 'Renamed' }), 201, 'mod');
    const v = must(
      await admin.post('/api/mod/zz-renamed/version', { version: '1', md5: md5Of('zz-renamed-1') }),
      201,
      'v',
    );
    await build('rename-1');
    must(
      await admin.post('/api/modpack/assign-pack/rename-1/mod', { mod_slug: 'bmod', mod_version: '1.0' }),
      201,
      'add',
    );
    must(
      await admin.post('/api/modpack/assign-pack/rename-1/mod', { mod_slug: 'zz-renamed', mod_version: '1' }),
      201,
      'add',
    );
    expect((await mods('rename-1')).map((m) => m.name)).toEqual(['bmod', 'zz-renamed']);
    must(await admin.put('/api/mod/zz-renamed', { name: 'aa-renamed' }), 200, 'rename');
    expect(await mods('rename-1')).toEqual([
      {
        id: v.id,
        name: 'aa-renamed',
        version: '1',
        md5: md5Of('zz-renamed-1'),
        filesize: null,
        url: `${MIRROR}/mods/aa-renamed/aa-renamed-1.zip`,
      },
      entry('bmod@1.0'),
    ]);
    // and assignment routes follow the new slug
    expect(await admin.delete('/api/modpack/assign-pack/rename-1/mod/zz-renamed')).toMatchObject({
      status: 404,
      body: { error: 'Mod not found.' },
    });
    expect(await admin.delete('/api/modpack/assign-pack/rename-1/mod/aa-renamed')).toMatchObject({
      status: 200,
      body: { success: 'Mod removed from build.' },
    });
  });

  test('a renamed or re-described mod shows in include=mods at once', async () => {
    must(await admin.post('/api/mod', { name: 'descmod', pretty_name: 'Desc Mod' }), 201, 'mod');
    const v = must(
      await admin.post('/api/mod/descmod/version', { version: '2', md5: md5Of('descmod-2') }),
      201,
      'version',
    );
    await build('desc-1');
    must(
      await admin.post('/api/modpack/assign-pack/desc-1/mod', { mod_slug: 'descmod', mod_version: '2' }),
      201,
      'add',
    );
    expect((await anon.get('/api/modpack/assign-pack/desc-1?include=mods')).body.mods).toEqual([
      {
        id: v.id,
        name: 'descmod',
        version: '2',
        md5: md5Of('descmod-2'),
        filesize: null,
        url: `${MIRROR}/mods/descmod/descmod-2.zip`,
        pretty_name: 'Desc Mod',
        author: null,
        description: null,
        link: null,
      },
    ]);
    must(
      await admin.put('/api/mod/descmod', {
        pretty_name: 'Described Mod',
        author: 'Ann',
        link: 'https://example.test/d',
      }),
      200,
      'update mod',
    );
    expect((await anon.get('/api/modpack/assign-pack/desc-1?include=mods')).body.mods).toEqual([
      {
        id: v.id,
        name: 'descmod',
        version: '2',
        md5: md5Of('descmod-2'),
        filesize: null,
        url: `${MIRROR}/mods/descmod/descmod-2.zip`,
        pretty_name: 'Described Mod',
        author: 'Ann',
        description: null,
        link: 'https://example.test/d',
      },
    ]);
  });
});
