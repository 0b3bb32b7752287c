/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// The management reads (docs/api.md#management-reads) against a real stack: exact bodies with
// unpublished and private builds, assignments in the launcher's order, the builds using each mod
// version; who may read them (who may write the same records), and the 404s worded as the writes'.
import { Api, eventually, md5Of, must, startTestStack, userWithToken, type TestStack } from '../support';

let t: TestStack;
let admin: Api;
let manager: Api;
let librarian: Api;
let plain: Api;
const mods: Record<string, any> = {};
const versions: Record<string, any> = {};
const builds: Record<string, any> = {};
const packs: Record<string, any> = {};

const UNAUTHORIZED = { error: 'This action is unauthorized.' };

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  for (const [name, vs] of [
    ['zeta', ['1.0', '2.0']],
    ['Alpha', ['1.0']],
    ['mod10', ['1']],
    ['mod2', ['1']],
  ] as const) {
    mods[name] = must(await admin.post('/api/mod', { name, pretty_name: `Pretty ${name}` }), 201, `mod ${name}`);
    for (const v of vs) {
      versions[`${name}@${v}`] = must(
        await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(`${name}-${v}`), filesize: 1000 }),
        201,
        `version ${name} ${v}`,
      );
    }
  }
  for (const slug of ['pack-a', 'pack-b']) {
    must(await admin.post('/api/modpack', { name: `Pack ${slug}`, slug, hidden: false }), 201, slug);
  }
  const build = async (slug: string, version: string, flags: Record<string, unknown>) => {
    builds[`${slug}/${version}`] = must(
      await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', ...flags }),
      201,
      `build ${slug} ${version}`,
    );
  };
  await build('pack-a', '1.0', { is_published: true, forge: '47.2.0', min_memory: 4096 });
  await build('pack-a', '1.1 beta', {});
  await build('pack-a', '2.0', { is_published: true, private: true });
  await build('pack-b', 'only', {});
  const add = async (slug: string, version: string, key: string) => {
    const [mod_slug, mod_version] = key.split('@');
    must(
      await admin.post(`/api/modpack/${slug}/${encodeURIComponent(version)}/mod`, { mod_slug, mod_version }),
      201,
      `add ${key} to ${slug} ${version}`,
    );
  };
  for (const key of ['zeta@1.0', 'mod10@1', 'Alpha@1.0', 'mod2@1']) await add('pack-a', '1.0', key);
  await add('pack-a', '1.1 beta', 'zeta@2.0');
  await add('pack-b', 'only', 'zeta@1.0');
  for (const slug of ['pack-a', 'pack-b']) {
    packs[slug] = must(await admin.put(`/api/modpack/${slug}`, { recommended: '1.0' }), 200, `recommend ${slug}`);
  }
  manager = admin.as(await userWithToken(admin, 'manager', ['modpacks_manage'], ['pack-a']));
  librarian = admin.as(await userWithToken(admin, 'librarian', ['mods_manage']));
  plain = admin.as(await userWithToken(admin, 'plain', []));
});

afterAll(async () => {
  await t?.stop();
});

const assignment = (key: string) => {
  const [name] = key.split('@');
  const v = versions[key];
  return {
    mod: { id: mods[name].id, name, pretty_name: `Pretty ${name}` },
    version: { id: v.id, version: v.version, md5: v.md5, filesize: 1000 },
  };
};

describe('GET /api/manage/modpacks', () => {
  it('lists the modpacks on the access list, with their build counts', async () => {
    const res = await manager.get('/api/manage/modpacks');
    expect([res.status, res.body]).toEqual([
      200,
      { modpacks: [{ modpack: packs['pack-a'], build_count: 3, published_build_count: 2 }] },
    ]);
  });

  it('lists every modpack for solder_full', async () => {
    expect(must(await admin.get('/api/manage/modpacks'), 200, 'list').modpacks).toEqual([
      { modpack: packs['pack-a'], build_count: 3, published_build_count: 2 },
      { modpack: packs['pack-b'], build_count: 1, published_build_count: 0 },
    ]);
  });

  it('refuses users without modpacks_manage', async () => {
    for (const api of [librarian, plain]) {
      const res = await api.get('/api/manage/modpacks');
      expect([res.status, res.body]).toEqual([403, UNAUTHORIZED]);
    }
    const res = await t.anon.get('/api/manage/modpacks');
    expect([res.status, res.body]).toEqual([401, { error: 'Unauthenticated.' }]);
  });
});

describe('GET /api/manage/modpacks/{slug}', () => {
  it('answers every build, unpublished and private ones included, with its mod count', async () => {
    const res = await manager.get('/api/manage/modpacks/pack-a');
    expect([res.status, res.body]).toEqual([
      200,
      {
        modpack: packs['pack-a'],
        builds: [
          { build: builds['pack-a/1.0'], mod_count: 4 },
          { build: builds['pack-a/1.1 beta'], mod_count: 1 },
          { build: builds['pack-a/2.0'], mod_count: 0 },
        ],
      },
    ]);
    // What the launcher sees of the same pack: the published, public builds only.
    expect(must(await t.anon.get('/api/modpack/pack-a'), 200, 'launcher').builds).toEqual(['1.0']);
  });

  it('404 for a missing modpack, 403 without access to an existing one', async () => {
    let res = await manager.get('/api/manage/modpacks/absent');
    expect([res.status, res.body]).toEqual([404, { error: 'Modpack not found.' }]);
    res = await manager.get('/api/manage/modpacks/pack-b');
    expect([res.status, res.body]).toEqual([403, UNAUTHORIZED]);
    res = await librarian.get('/api/manage/modpacks/pack-a');
    expect([res.status, res.body]).toEqual([403, UNAUTHORIZED]);
  });
});

describe('GET /api/manage/modpacks/{slug}/builds/{build}', () => {
  it("answers the build and its mods in the launcher's order", async () => {
    const res = await manager.get('/api/manage/modpacks/pack-a/builds/1.0');
    expect([res.status, res.body]).toEqual([
      200,
      {
        build: builds['pack-a/1.0'],
        // No loader set: its forge field says Forge (docs/archives.md#loaders).
        loader: { name: 'forge', version: builds['pack-a/1.0'].forge },
        mods: ['Alpha@1.0', 'mod2@1', 'mod10@1', 'zeta@1.0'].map(assignment),
      },
    ]);
    const launcher = must(await t.anon.get('/api/modpack/pack-a/1.0'), 200, 'launcher build');
    expect(res.body.mods.map((m: any) => m.mod.name)).toEqual(launcher.mods.map((m: any) => m.name));
  });

  it('answers an unpublished build, which launchers never see', async () => {
    const res = await manager.get('/api/manage/modpacks/pack-a/builds/1.1%20beta');
    expect([res.status, res.body]).toEqual([
      200,
      // (no loader set, and no forge version)
      { build: builds['pack-a/1.1 beta'], loader: null, mods: [assignment('zeta@2.0')] },
    ]);
    expect((await t.anon.get('/api/modpack/pack-a/1.1%20beta')).status).toBe(404);
  });

  it('404 for a missing modpack or build; 403 without access, whether the build exists or not', async () => {
    const cases: [Api, string, number, unknown][] = [
      [manager, '/api/manage/modpacks/absent/builds/1.0', 404, { error: 'Modpack not found.' }],
      [manager, '/api/manage/modpacks/pack-a/builds/9.9', 404, { error: 'Build not found.' }],
      [manager, '/api/manage/modpacks/pack-a/builds/a%00b', 404, { error: 'Build not found.' }],
      [manager, '/api/manage/modpacks/pack-b/builds/only', 403, UNAUTHORIZED],
      [manager, '/api/manage/modpacks/pack-b/builds/9.9', 403, UNAUTHORIZED],
      [plain, '/api/manage/modpacks/pack-a/builds/1.0', 403, UNAUTHORIZED],
    ];
    for (const [api, path, status, body] of cases) {
      const res = await api.get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status, body });
    }
  });
});

describe('GET /api/manage/mods/{slug}', () => {
  const use = (slug: string, version: string) => ({
    modpack: { id: packs[slug].id, slug, name: `Pack ${slug}` },
    build: { id: builds[`${slug}/${version}`].id, version, is_published: builds[`${slug}/${version}`].is_published },
  });

  it('answers the mod, its version records and every build of every modpack using each', async () => {
    const res = await librarian.get('/api/manage/mods/zeta');
    expect([res.status, res.body]).toEqual([
      200,
      {
        mod: mods.zeta,
        versions: [
          { version: versions['zeta@1.0'], builds: [use('pack-a', '1.0'), use('pack-b', 'only')] },
          { version: versions['zeta@2.0'], builds: [use('pack-a', '1.1 beta')] },
        ],
      },
    ]);
    // The 409 of a version delete counts the same builds.
    const refused = await admin.delete('/api/mod/zeta/1.0');
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: 'Mod version is in use by 2 build(s) and cannot be deleted.' },
    ]);
  });

  it('a mod without versions, and one whose versions no build holds', async () => {
    const lonely = must(await admin.post('/api/mod', { name: 'lonely', pretty_name: 'Lonely' }), 201, 'mod');
    expect(must(await librarian.get('/api/manage/mods/lonely'), 200, 'lonely')).toEqual({ mod: lonely, versions: [] });
    const v = must(await admin.post('/api/mod/lonely/version', { version: '1', md5: md5Of('l') }), 201, 'version');
    expect(must(await librarian.get('/api/manage/mods/lonely'), 200, 'lonely')).toEqual({
      mod: lonely,
      versions: [{ version: v, builds: [] }],
    });
  });

  it('404 for a missing mod (matched exactly); 403 without mods_manage', async () => {
    let res = await librarian.get('/api/manage/mods/ZETA');
    expect([res.status, res.body]).toEqual([404, { error: 'Mod not found.' }]);
    res = await manager.get('/api/manage/mods/zeta');
    expect([res.status, res.body]).toEqual([403, UNAUTHORIZED]);
  });
});

describe('the pickers', () => {
  it('every mod and the versions of one, for any user', async () => {
    const list = must(await plain.get('/api/manage/mods'), 200, 'mods');
    expect(list.mods.slice(0, 4)).toEqual(
      ['zeta', 'Alpha', 'mod10', 'mod2'].map((name) => ({
        id: mods[name].id,
        name,
        pretty_name: `Pretty ${name}`,
      })),
    );
    expect(must(await plain.get('/api/manage/mods/zeta/versions'), 200, 'versions')).toEqual({
      versions: [
        { id: versions['zeta@1.0'].id, version: '1.0' },
        { id: versions['zeta@2.0'].id, version: '2.0' },
      ],
    });
    const res = await plain.get('/api/manage/mods/absent/versions');
    expect([res.status, res.body]).toEqual([404, { error: 'Mod not found.' }]);
  });
});

describe('after a mod is deleted', () => {
  it('its versions leave the build at once, and its assignments leave the counts within seconds', async () => {
    must(await admin.delete('/api/mod/mod2'), 200, 'delete mod2');
    expect(must(await manager.get('/api/manage/modpacks/pack-a/builds/1.0'), 200, 'build').mods).toEqual(
      ['Alpha@1.0', 'mod10@1', 'zeta@1.0'].map(assignment),
    );
    await eventually(async () => {
      const pack = must(await manager.get('/api/manage/modpacks/pack-a'), 200, 'pack');
      expect(pack.builds[0].mod_count).toBe(3);
      return true;
    });
  });
});
