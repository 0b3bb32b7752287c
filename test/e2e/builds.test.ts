/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Builds (docs/api.md#builds, #order-of-checks): create with defaults and clone_from, partial
// updates, renames, strict types, deletion leaving mods intact, and the exact error bodies.
import { Api, TIMESTAMP, TestStack, md5Of, startTestStack, must, userWithToken } from '../support';

let t: TestStack;
let admin: Api;
let anon: Api;
let pack: any;
let otherPack: any;
const versions: Record<string, any> = {};

const MIRROR = 'https://mirror.example.test/repo';

beforeAll(async () => {
  t = await startTestStack();
  admin = t.admin;
  anon = t.anon;
  pack = must(await admin.post('/api/modpack', { name: 'Build Pack', slug: 'build-pack', hidden: false }), 201, 'pack');
  otherPack = must(
    await admin.post('/api/modpack', { name: 'Other Pack', slug: 'other-pack', hidden: false }),
    201,
    'pack',
  );
  for (const [mod, vs] of [
    ['bmod-alpha', ['1.0', '2.0']],
    ['bmod-beta', ['1.0']],
    ['bmod-gamma', ['0.1']],
  ] as const) {
    must(await admin.post('/api/mod', { name: mod, pretty_name: `Pretty ${mod}` }), 201, `mod ${mod}`);
    for (const v of vs) {
      versions[`${mod}@${v}`] = must(
        await admin.post(`/api/mod/${mod}/version`, { version: v, md5: md5Of(`${mod}-${v}`), filesize: 1000 }),
        201,
        `version ${mod} ${v}`,
      );
    }
  }
});

afterAll(async () => {
  await t?.stop();
});

// ---------------------------------------------------------------------------------------------
// helpers

const ts = () => expect.stringMatching(TIMESTAMP);

function expectedBuild(over: Record<string, unknown>) {
  return {
    id: expect.any(Number),
    modpack_id: pack.id,
    version: expect.any(String),
    minecraft: expect.any(String),
    forge: null,
    is_published: false,
    private: false,
    min_java: null,
    min_memory: null,
    created_at: ts(),
    updated_at: ts(),
    ...over,
  };
}

const BUILD_KEYS = [
  'created_at',
  'forge',
  'id',
  'is_published',
  'min_java',
  'min_memory',
  'minecraft',
  'modpack_id',
  'private',
  'updated_at',
  'version',
];

async function createBuild(body: Record<string, unknown>, slug = 'build-pack'): Promise<any> {
  return must(await admin.post(`/api/modpack/${slug}/build`, body), 201, `create build ${JSON.stringify(body)}`);
}

async function assign(build: string, mod: string, version: string, slug = 'build-pack') {
  must(
    await admin.post(`/api/modpack/${slug}/${build}/mod`, { mod_slug: mod, mod_version: version }),
    201,
    `assign ${mod}`,
  );
}

/** The full build record, read back through a PUT that changes nothing. */
async function readBuild(version: string, slug = 'build-pack'): Promise<any> {
  return must(await admin.put(`/api/modpack/${slug}/${encodeURIComponent(version)}`, {}), 200, `read build ${version}`);
}

function stable(rec: any) {
  const { updated_at: _u, ...rest } = rec;
  return rest;
}

async function showBuilds(slug = 'build-pack', api: Api = admin): Promise<string[]> {
  return must(await api.get(`/api/modpack/${slug}`), 200, `show ${slug}`).builds;
}

function modEntry(key: string) {
  const [name, version] = key.split('@');
  return {
    id: versions[key].id,
    name,
    version,
    md5: md5Of(`${name}-${version}`),
    filesize: 1000,
    url: `${MIRROR}/mods/${name}/${name}-${version}.zip`,
  };
}

// ---------------------------------------------------------------------------------------------
// create

describe('POST /api/modpack/{slug}/build', () => {
  test('minimal create: defaults false/null, unpublished so invisible to launchers', async () => {
    const r = await admin.post('/api/modpack/build-pack/build', { version: 'min-1', minecraft: '1.20.1' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(expectedBuild({ version: 'min-1', minecraft: '1.20.1' }));
    expect(Object.keys(r.body).sort()).toEqual(BUILD_KEYS);
    expect(r.body).not.toHaveProperty('clone_from');

    expect(await showBuilds()).not.toContain('min-1');
    expect(await admin.get('/api/modpack/build-pack/min-1')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    expect(stable(await readBuild('min-1'))).toEqual(stable(r.body));
  });

  test('full create stores every field; the launcher sees java, memory and forge', async () => {
    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'full-1',
      minecraft: '1.20.1',
      forge: '47.2.0',
      is_published: true,
      private: false,
      min_java: '17',
      min_memory: 4096,
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(
      expectedBuild({
        version: 'full-1',
        minecraft: '1.20.1',
        forge: '47.2.0',
        is_published: true,
        min_java: '17',
        min_memory: 4096,
      }),
    );
    const read = await anon.get('/api/modpack/build-pack/full-1');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: r.body.id,
      minecraft: '1.20.1',
      java: '17',
      memory: 4096,
      forge: '47.2.0',
      mods: [],
    });
    expect(await showBuilds('build-pack', anon)).toContain('full-1');
  });

  test('min_memory 0 and a private published build are stored as sent', async () => {
    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'priv-1',
      minecraft: '1.12.2',
      is_published: true,
      private: true,
      min_memory: 0,
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(
      expectedBuild({ version: 'priv-1', minecraft: '1.12.2', is_published: true, private: true, min_memory: 0 }),
    );
    expect(await showBuilds('build-pack', anon)).not.toContain('priv-1');
    expect(await showBuilds()).toContain('priv-1');
    expect((await admin.get('/api/modpack/build-pack/priv-1')).body).toMatchObject({
      memory: 0,
      java: null,
      forge: null,
    });
  });

  test('unknown body fields (id, modpack_id, timestamps) are ignored', async () => {
    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'ignore-1',
      minecraft: '1.20.1',
      id: 777777,
      modpack_id: otherPack.id,
      created_at: '2001-01-01T00:00:00.000000Z',
      mods: [1, 2, 3],
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(expectedBuild({ version: 'ignore-1', minecraft: '1.20.1' }));
    expect(r.body.id).not.toBe(777777);
    expect(r.body.created_at).not.toBe('2001-01-01T00:00:00.000000Z');
  });

  test('required fields: 422 with one entry per missing field, nothing created', async () => {
    const before = await showBuilds();
    const none = await admin.post('/api/modpack/build-pack/build', {});
    expect(none.status).toBe(422);
    expect(none.body).toEqual({
      error: { version: ['The version field is required.'], minecraft: ['The minecraft field is required.'] },
    });
    const noMc = await admin.post('/api/modpack/build-pack/build', { version: 'req-1', is_published: true });
    expect(noMc.status).toBe(422);
    expect(noMc.body).toEqual({ error: { minecraft: ['The minecraft field is required.'] } });
    const noVersion = await admin.post('/api/modpack/build-pack/build', { minecraft: '1.20.1', is_published: true });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body).toEqual({ error: { version: ['The version field is required.'] } });
    const emptyStrings = await admin.post('/api/modpack/build-pack/build', { version: '', minecraft: '' });
    expect(emptyStrings.status).toBe(422);
    expect(emptyStrings.body).toEqual({
      error: { version: ['The version field is required.'], minecraft: ['The minecraft field is required.'] },
    });
    const nulls = await admin.post('/api/modpack/build-pack/build', { version: null, minecraft: null });
    expect(nulls.status).toBe(422);
    expect(nulls.body).toEqual({
      error: { version: ['The version field is required.'], minecraft: ['The minecraft field is required.'] },
    });

    expect(await showBuilds()).toEqual(before);
    // req-1 was never stored: it can be created now
    expect((await admin.post('/api/modpack/build-pack/build', { version: 'req-1', minecraft: '1.20.1' })).status).toBe(
      201,
    );
  });

  test('duplicate version in the same modpack: 422; the same version in another modpack is fine', async () => {
    const first = await createBuild({ version: 'dup-1', minecraft: '1.20.1', forge: '1' });
    const dup = await admin.post('/api/modpack/build-pack/build', {
      version: 'dup-1',
      minecraft: '1.7.10',
      is_published: true,
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ error: 'Build version already exists for this modpack.' });
    expect(stable(await readBuild('dup-1'))).toEqual(stable(first));

    const elsewhere = await admin.post('/api/modpack/other-pack/build', { version: 'dup-1', minecraft: '1.7.10' });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body).toEqual(expectedBuild({ modpack_id: otherPack.id, version: 'dup-1', minecraft: '1.7.10' }));
  });

  test('concurrent creates of the same version: exactly one 201, the rest 422, no 500', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.post('/api/modpack/build-pack/build', { version: 'race-1', minecraft: `1.${i}`, is_published: true }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of replies.filter((x) => x.status === 422)) {
      expect(r.body).toEqual({ error: 'Build version already exists for this modpack.' });
    }
    const winner = replies.find((r) => r.status === 201)!;
    expect((await anon.get('/api/modpack/build-pack/race-1')).body).toMatchObject({
      id: winner.body.id,
      minecraft: winner.body.minecraft,
    });
    expect((await showBuilds()).filter((v) => v === 'race-1')).toHaveLength(1);
  });

  test('missing modpack: 404 Modpack not found. (before validation)', async () => {
    const r = await admin.post('/api/modpack/no-such-pack/build', { version: '1.0', minecraft: '1.20.1' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Modpack not found.' });
    const invalid = await admin.post('/api/modpack/no-such-pack/build', {});
    expect(invalid.status).toBe(404);
    expect(invalid.body).toEqual({ error: 'Modpack not found.' });
    // slugs are looked up exactly as stored
    const cased = await admin.post('/api/modpack/Build-Pack/build', { version: 'cased-1', minecraft: '1.20.1' });
    expect(cased.status).toBe(404);
    expect(cased.body).toEqual({ error: 'Modpack not found.' });
  });

  test.each([
    ['min_memory as a string', { min_memory: '2048' }, 'min_memory'],
    ['min_memory negative', { min_memory: -1 }, 'min_memory'],
    ['min_memory fractional', { min_memory: 1.5 }, 'min_memory'],
    ['is_published as 1', { is_published: 1 }, 'is_published'],
    ['is_published as "true"', { is_published: 'true' }, 'is_published'],
    ['private as 0', { private: 0 }, 'private'],
    ['min_java as a number', { min_java: 17 }, 'min_java'],
    ['minecraft as a number', { minecraft: 1.2 }, 'minecraft'],
    ['forge as a number', { forge: 47 }, 'forge'],
    ['version as a number', { version: 10 }, 'version'],
    ['version with a slash', { version: '1.0/2' }, 'version'],
    ['version of 256 characters', { version: 'v'.repeat(256) }, 'version'],
    ['version with a control character', { version: 'v1\u0007' }, 'version'],
  ])('strict types on create (%s): 422 for that field only, nothing created', async (_label, override, field) => {
    const version = `strict-${Math.random().toString(36).slice(2, 10)}`;
    const before = await showBuilds();
    const r = await admin.post('/api/modpack/build-pack/build', {
      version,
      minecraft: '1.20.1',
      is_published: true,
      ...override,
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error)).toEqual([field]);
    expect(r.body.error[field]).toEqual([expect.any(String)]);
    expect(await showBuilds()).toEqual(before);
    if (field !== 'version') {
      expect(await admin.put(`/api/modpack/build-pack/${version}`, {})).toMatchObject({
        status: 404,
        body: { error: 'Build not found.' },
      });
    }
  });

  test('a body over 1 MiB: 413 Payload too large., nothing created', async () => {
    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'huge-1',
      minecraft: '1.20.1',
      forge: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: 'Payload too large.' });
    expect(await admin.put('/api/modpack/build-pack/huge-1', {})).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
  });

  test('a version of 255 printable characters with spaces and symbols is fine', async () => {
    const version = '1.0 beta+build#5 '.padEnd(255, 'x');
    expect(version).toHaveLength(255);
    const r = await admin.post('/api/modpack/build-pack/build', { version, minecraft: '1.20.1', is_published: true });
    expect(r.status).toBe(201);
    expect(r.body.version).toBe(version);
    expect(await anon.get(`/api/modpack/build-pack/${encodeURIComponent(version)}`)).toMatchObject({ status: 200 });
  });
});

// ---------------------------------------------------------------------------------------------
// clone_from

describe('clone_from', () => {
  test('copies every assignment of the named build; the copies are independent', async () => {
    await createBuild({ version: 'src-1', minecraft: '1.20.1', is_published: true });
    await assign('src-1', 'bmod-alpha', '2.0');
    await assign('src-1', 'bmod-beta', '1.0');
    await assign('src-1', 'bmod-gamma', '0.1');

    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'clone-1',
      minecraft: '1.20.2',
      is_published: true,
      clone_from: 'src-1',
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(expectedBuild({ version: 'clone-1', minecraft: '1.20.2', is_published: true }));
    expect(r.body).not.toHaveProperty('clone_from');

    const expectedMods = [modEntry('bmod-alpha@2.0'), modEntry('bmod-beta@1.0'), modEntry('bmod-gamma@0.1')];
    const copy = await anon.get('/api/modpack/build-pack/clone-1');
    expect(copy.status).toBe(200);
    expect(copy.body).toEqual({
      id: r.body.id,
      minecraft: '1.20.2',
      java: null,
      memory: null,
      forge: null,
      mods: expectedMods,
    });

    must(await admin.delete('/api/modpack/build-pack/clone-1/mod/bmod-beta'), 200, 'remove from clone');
    must(
      await admin.put('/api/modpack/build-pack/clone-1/mod/bmod-alpha', { mod_version: '1.0' }),
      200,
      'change clone',
    );
    expect((await anon.get('/api/modpack/build-pack/src-1')).body.mods).toEqual(expectedMods);
    expect((await anon.get('/api/modpack/build-pack/clone-1')).body.mods).toEqual([
      modEntry('bmod-alpha@1.0'),
      modEntry('bmod-gamma@0.1'),
    ]);
  });

  test('cloning from an unpublished build copies its assignments too', async () => {
    await createBuild({ version: 'hidden-src', minecraft: '1.20.1' });
    await assign('hidden-src', 'bmod-gamma', '0.1');
    await createBuild({ version: 'hidden-clone', minecraft: '1.20.1', is_published: true, clone_from: 'hidden-src' });
    expect((await anon.get('/api/modpack/build-pack/hidden-clone')).body.mods).toEqual([modEntry('bmod-gamma@0.1')]);
  });

  test('unknown clone_from is silently ignored: 201 and no mods', async () => {
    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'noclone-1',
      minecraft: '1.20.1',
      is_published: true,
      clone_from: 'does-not-exist',
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual(expectedBuild({ version: 'noclone-1', minecraft: '1.20.1', is_published: true }));
    expect((await anon.get('/api/modpack/build-pack/noclone-1')).body).toEqual({
      id: r.body.id,
      minecraft: '1.20.1',
      java: null,
      memory: null,
      forge: null,
      mods: [],
    });
  });

  test('clone_from only looks in the same modpack', async () => {
    await createBuild({ version: 'only-there', minecraft: '1.20.1' }, 'other-pack');
    await assign('only-there', 'bmod-beta', '1.0', 'other-pack');
    const r = await admin.post('/api/modpack/build-pack/build', {
      version: 'cross-clone',
      minecraft: '1.20.1',
      is_published: true,
      clone_from: 'only-there',
    });
    expect(r.status).toBe(201);
    expect((await anon.get('/api/modpack/build-pack/cross-clone')).body.mods).toEqual([]);
  });

  test('clone_from is matched case-sensitively', async () => {
    await createBuild({ version: 'Case-Src', minecraft: '1.20.1' });
    await assign('Case-Src', 'bmod-beta', '1.0');
    await createBuild({ version: 'case-clone', minecraft: '1.20.1', is_published: true, clone_from: 'case-src' });
    expect((await anon.get('/api/modpack/build-pack/case-clone')).body.mods).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// clone_from_modpack (Solder 1.1.0): a build of another modpack the caller may manage

describe('clone_from_modpack', () => {
  /** The mods of a build as the management read lists them: `mod@version`. */
  async function managedMods(slug: string, version: string): Promise<string[]> {
    const read = must(
      await admin.get(`/api/manage/modpacks/${slug}/builds/${version}`),
      200,
      `read ${slug}/${version}`,
    );
    return read.mods.map((m: any) => `${m.mod.name}@${m.version.version}`);
  }
  async function managedBuilds(slug: string): Promise<string[]> {
    const read = must(await admin.get(`/api/manage/modpacks/${slug}`), 200, `read ${slug}`);
    return read.builds.map((b: any) => b.build.version);
  }

  beforeAll(async () => {
    // Mods of their own: the usage counts other tests assert stay as they were.
    for (const mod of ['xmod-one', 'xmod-two', 'xmod-three']) {
      must(await admin.post('/api/mod', { name: mod, pretty_name: mod }), 201, `mod ${mod}`);
      must(await admin.post(`/api/mod/${mod}/version`, { version: '1', md5: md5Of(mod) }), 201, `version ${mod}`);
    }
    must(await admin.post('/api/modpack', { name: 'Src', slug: 'src', hidden: false }), 201, 'src');
    await createBuild({ version: '1.0.0', minecraft: '1.7.10', is_published: true }, 'src');
    await assign('1.0.0', 'xmod-one', '1', 'src');
    must(await admin.post('/api/modpack', { name: 'Target', slug: 'target' }), 201, 'target');
  });

  test("copies the mods of the other modpack's build (Solder's reproduction)", async () => {
    const r = await admin.post('/api/modpack/target/build', {
      version: '1.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: 'src',
    });
    expect(r.status).toBe(201);
    const target = must(await admin.get('/api/manage/modpacks/target'), 200, 'target').modpack;
    expect(r.body).toEqual(expectedBuild({ modpack_id: target.id, version: '1.0.0', minecraft: '1.20.1' }));
    expect(await managedMods('target', '1.0.0')).toEqual(['xmod-one@1']);
    expect(await managedMods('src', '1.0.0')).toEqual(['xmod-one@1']);
  });

  test('copies the source build even when the target has a build of that version', async () => {
    await createBuild({ version: 'shared', minecraft: '1.20.1' }, 'target');
    await assign('shared', 'xmod-three', '1', 'target');
    await createBuild({ version: 'shared', minecraft: '1.7.10' }, 'src');
    await assign('shared', 'xmod-two', '1', 'src');
    await createBuild(
      { version: 'from-src', minecraft: '1.20.1', clone_from: 'shared', clone_from_modpack: 'src' },
      'target',
    );
    expect(await managedMods('target', 'from-src')).toEqual(['xmod-two@1']);
    // Without clone_from_modpack, clone_from still names a build of the target itself.
    await createBuild({ version: 'from-self', minecraft: '1.20.1', clone_from: 'shared' }, 'target');
    expect(await managedMods('target', 'from-self')).toEqual(['xmod-three@1']);
  });

  test("a source the caller may not manage: 403 with Solder's message, nothing created or changed", async () => {
    const author = admin.as(await userWithToken(admin, 'clone-author', ['modpacks_manage'], ['target']));
    const before = await managedBuilds('target');
    const r = await author.post('/api/modpack/target/build', {
      version: 'stolen',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: 'src',
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'You do not have permission to clone from that modpack.' });
    // The same answer whether or not the source has that build: the caller learns nothing of its builds.
    const missing = await author.post('/api/modpack/target/build', {
      version: 'stolen',
      minecraft: '1.20.1',
      clone_from: 'no-such-build',
      clone_from_modpack: 'src',
    });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ error: 'You do not have permission to clone from that modpack.' });
    expect(await managedBuilds('target')).toEqual(before);
    expect(await admin.get('/api/manage/modpacks/target/builds/stolen')).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await managedMods('src', '1.0.0')).toEqual(['xmod-one@1']);

    // A version already taken answers first, as in Solder; the author's own packs are fine sources.
    const dup = await author.post('/api/modpack/target/build', {
      version: '1.0.0',
      minecraft: '1.20.1',
      clone_from: '1.0.0',
      clone_from_modpack: 'src',
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ error: 'Build version already exists for this modpack.' });
    const own = await author.post('/api/modpack/target/build', {
      version: 'own',
      minecraft: '1.20.1',
      clone_from: 'shared',
      clone_from_modpack: 'target',
    });
    expect(own.status).toBe(201);
    expect(await managedMods('target', 'own')).toEqual(['xmod-three@1']);
  });

  test('a modpack that does not exist: 422 for the field, with or without clone_from, nothing created', async () => {
    const before = await managedBuilds('target');
    for (const body of [
      { version: 'ghost', minecraft: '1.20.1', clone_from: '1.0.0', clone_from_modpack: 'no-such-pack' },
      { version: 'ghost', minecraft: '1.20.1', clone_from_modpack: 'no-such-pack' },
      { version: 'ghost', minecraft: '1.20.1', clone_from: '1.0.0', clone_from_modpack: 'SRC' },
    ]) {
      const r = await admin.post('/api/modpack/target/build', body);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ error: { clone_from_modpack: ['The selected clone_from_modpack is invalid.'] } });
    }
    const both = await admin.post('/api/modpack/target/build', {
      version: 'ghost',
      clone_from_modpack: 'no-such-pack',
    });
    expect(both.status).toBe(422);
    expect(both.body).toEqual({
      error: {
        minecraft: ['The minecraft field is required.'],
        clone_from_modpack: ['The selected clone_from_modpack is invalid.'],
      },
    });
    expect(await managedBuilds('target')).toEqual(before);
  });

  test('an unknown build of the source modpack is ignored, as clone_from is: 201 without mods', async () => {
    await createBuild(
      { version: 'empty', minecraft: '1.20.1', clone_from: 'no-such', clone_from_modpack: 'src' },
      'target',
    );
    expect(await managedMods('target', 'empty')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// update

describe('PUT /api/modpack/{slug}/{version}', () => {
  test('missing modpack: 404 Modpack not found.; missing build: 404 Build not found. (before validation)', async () => {
    expect(await admin.put('/api/modpack/no-such-pack/1.0', { minecraft: '1.0' })).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    const r = await admin.put('/api/modpack/build-pack/no-such-build', { minecraft: '1.0' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Build not found.' });
    const invalid = await admin.put('/api/modpack/build-pack/no-such-build', { min_memory: 'lots' });
    expect(invalid.status).toBe(404);
    expect(invalid.body).toEqual({ error: 'Build not found.' });
  });

  test('only the included fields change', async () => {
    const created = await createBuild({
      version: 'partial-1',
      minecraft: '1.12.2',
      forge: '14.23.5.2860',
      is_published: true,
      min_java: '8',
      min_memory: 3072,
    });
    await assign('partial-1', 'bmod-beta', '1.0');

    const r1 = await admin.put('/api/modpack/build-pack/partial-1', { minecraft: '1.12.1' });
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ ...created, minecraft: '1.12.1', updated_at: ts() });
    expect(r1.body.updated_at >= created.updated_at).toBe(true);

    const r2 = await admin.put('/api/modpack/build-pack/partial-1', { private: true, min_memory: 2048 });
    expect(r2.status).toBe(200);
    expect(r2.body).toEqual({ ...created, minecraft: '1.12.1', private: true, min_memory: 2048, updated_at: ts() });

    const r3 = await admin.put('/api/modpack/build-pack/partial-1', {
      forge: '14.23.5.2859',
      min_java: '11',
      private: false,
    });
    expect(r3.status).toBe(200);
    expect(r3.body).toEqual({
      ...created,
      minecraft: '1.12.1',
      forge: '14.23.5.2859',
      min_java: '11',
      min_memory: 2048,
      updated_at: ts(),
    });

    // unknown fields ignored, including ids and clone_from
    const r4 = await admin.put('/api/modpack/build-pack/partial-1', {
      id: 5,
      modpack_id: otherPack.id,
      created_at: '2001-01-01T00:00:00.000000Z',
      clone_from: 'src-1',
    });
    expect(r4.status).toBe(200);
    expect(stable(r4.body)).toEqual(stable(r3.body));

    const read = await anon.get('/api/modpack/build-pack/partial-1');
    expect(read.body).toEqual({
      id: created.id,
      minecraft: '1.12.1',
      java: '11',
      memory: 2048,
      forge: '14.23.5.2859',
      mods: [modEntry('bmod-beta@1.0')],
    });
  });

  test('publishing, unpublishing and privacy show in launcher reads at once', async () => {
    await createBuild({ version: 'flags-1', minecraft: '1.20.1' });
    expect(await showBuilds('build-pack', anon)).not.toContain('flags-1');

    must(await admin.put('/api/modpack/build-pack/flags-1', { is_published: true }), 200, 'publish');
    expect(await showBuilds('build-pack', anon)).toContain('flags-1');
    expect(await anon.get('/api/modpack/build-pack/flags-1')).toMatchObject({ status: 200 });

    must(await admin.put('/api/modpack/build-pack/flags-1', { private: true }), 200, 'privatize');
    expect(await showBuilds('build-pack', anon)).not.toContain('flags-1');
    expect(await anon.get('/api/modpack/build-pack/flags-1')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    expect(await showBuilds()).toContain('flags-1');

    must(await admin.put('/api/modpack/build-pack/flags-1', { private: false, is_published: false }), 200, 'unpublish');
    expect(await showBuilds()).not.toContain('flags-1');
    expect(await admin.get('/api/modpack/build-pack/flags-1')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
  });

  test('renaming onto an existing version: 422, both builds unchanged', async () => {
    const a = await createBuild({ version: 'ren-a', minecraft: '1.20.1', is_published: true });
    const b = await createBuild({ version: 'ren-b', minecraft: '1.19.4', is_published: true });
    await assign('ren-a', 'bmod-alpha', '1.0');

    const r = await admin.put('/api/modpack/build-pack/ren-a', { version: 'ren-b', minecraft: '1.18' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: 'Build version already exists for this modpack.' });
    expect(stable(await readBuild('ren-a'))).toEqual(stable(a));
    expect(stable(await readBuild('ren-b'))).toEqual(stable(b));
    expect((await anon.get('/api/modpack/build-pack/ren-a')).body.mods).toEqual([modEntry('bmod-alpha@1.0')]);
    expect((await anon.get('/api/modpack/build-pack/ren-b')).body.mods).toEqual([]);
  });

  test('renaming to its own version is fine; renaming to a new one moves the build with its mods', async () => {
    const created = await createBuild({ version: 'self-1', minecraft: '1.20.1', is_published: true });
    await assign('self-1', 'bmod-gamma', '0.1');

    const same = await admin.put('/api/modpack/build-pack/self-1', { version: 'self-1' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ ...created, updated_at: ts() });

    const moved = await admin.put('/api/modpack/build-pack/self-1', { version: 'self-2' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ ...created, version: 'self-2', updated_at: ts() });

    expect(await admin.put('/api/modpack/build-pack/self-1', {})).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await anon.get('/api/modpack/build-pack/self-1')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    const read = await anon.get('/api/modpack/build-pack/self-2');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: created.id,
      minecraft: '1.20.1',
      java: null,
      memory: null,
      forge: null,
      mods: [modEntry('bmod-gamma@0.1')],
    });
    const builds = await showBuilds('build-pack', anon);
    expect(builds).toContain('self-2');
    expect(builds).not.toContain('self-1');
  });

  test.each([
    ['min_memory as a string', { min_memory: '2048' }, 'min_memory'],
    ['is_published as 1', { is_published: 1 }, 'is_published'],
    ['private as "false"', { private: 'false' }, 'private'],
    ['minecraft as a number', { minecraft: 1.2 }, 'minecraft'],
    ['min_java as a number', { min_java: 8 }, 'min_java'],
    ['version with a slash', { version: 'a/b' }, 'version'],
    ['empty version', { version: '' }, 'version'],
  ])('strict types on update (%s): 422 for that field only, nothing changed', async (_label, body, field) => {
    const version = `pstrict-${Math.random().toString(36).slice(2, 10)}`;
    const created = await createBuild({ version, minecraft: '1.20.1', forge: '47.2.0', min_memory: 1024 });
    const r = await admin.put(`/api/modpack/build-pack/${version}`, { forge: '47.3.0', ...body });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error)).toEqual([field]);
    expect(r.body.error[field]).toEqual([expect.any(String)]);
    expect(stable(await readBuild(version))).toEqual(stable(created));
  });
});

// ---------------------------------------------------------------------------------------------
// delete

describe('DELETE /api/modpack/{slug}/{version}', () => {
  test('missing modpack / missing build: exact 404 bodies', async () => {
    expect(await admin.delete('/api/modpack/no-such-pack/1.0')).toMatchObject({
      status: 404,
      body: { error: 'Modpack not found.' },
    });
    const r = await admin.delete('/api/modpack/build-pack/no-such-build');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Build not found.' });
  });

  test('deletes the build and its assignments only; mods and versions stay', async () => {
    await createBuild({ version: 'del-1', minecraft: '1.20.1', is_published: true });
    await createBuild({ version: 'del-keep', minecraft: '1.20.1', is_published: true });
    await assign('del-1', 'bmod-alpha', '2.0');
    await assign('del-1', 'bmod-beta', '1.0');
    await assign('del-keep', 'bmod-alpha', '2.0');
    const modBefore = await anon.get('/api/mod/bmod-alpha');
    const versionBefore = await anon.get('/api/mod/bmod-alpha/2.0');

    const r = await admin.delete('/api/modpack/build-pack/del-1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Build deleted.' });

    expect(await anon.get('/api/modpack/build-pack/del-1')).toMatchObject({
      status: 404,
      body: { error: 'Build does not exist' },
    });
    expect(await showBuilds()).not.toContain('del-1');
    expect(await admin.delete('/api/modpack/build-pack/del-1')).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });
    expect(await admin.put('/api/modpack/build-pack/del-1', {})).toMatchObject({
      status: 404,
      body: { error: 'Build not found.' },
    });

    expect(await anon.get('/api/mod/bmod-alpha')).toEqual(
      expect.objectContaining({ status: 200, body: modBefore.body }),
    );
    expect(await anon.get('/api/mod/bmod-alpha/2.0')).toEqual(
      expect.objectContaining({ status: 200, body: versionBefore.body }),
    );
    expect((await anon.get('/api/modpack/build-pack/del-keep')).body.mods).toEqual([modEntry('bmod-alpha@2.0')]);

    // the usage count no longer includes the deleted build: only src-1 and del-keep hold alpha 2.0
    const inUse = await admin.delete('/api/mod/bmod-alpha/2.0');
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ error: 'Mod version is in use by 2 build(s) and cannot be deleted.' });

    // the version can be re-created as a build, fresh and empty
    const again = await createBuild({ version: 'del-1', minecraft: '1.16.5', is_published: true });
    expect((await anon.get('/api/modpack/build-pack/del-1')).body).toEqual({
      id: again.id,
      minecraft: '1.16.5',
      java: null,
      memory: null,
      forge: null,
      mods: [],
    });
  });

  test('the 409 count drops by exactly one when a build holding the version is deleted', async () => {
    must(await admin.post('/api/mod', { name: 'count-mod', pretty_name: 'Count' }), 201, 'mod');
    must(await admin.post('/api/mod/count-mod/version', { version: '1', md5: md5Of('count-mod-1') }), 201, 'version');
    await createBuild({ version: 'count-a', minecraft: '1.20.1' });
    await createBuild({ version: 'count-b', minecraft: '1.20.1' });
    await assign('count-a', 'count-mod', '1');
    await assign('count-b', 'count-mod', '1');
    expect(await admin.delete('/api/mod/count-mod/1')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 2 build(s) and cannot be deleted.' },
    });
    must(await admin.delete('/api/modpack/build-pack/count-a'), 200, 'delete build');
    expect(await admin.delete('/api/mod/count-mod/1')).toMatchObject({
      status: 409,
      body: { error: 'Mod version is in use by 1 build(s) and cannot be deleted.' },
    });
    must(await admin.delete('/api/modpack/build-pack/count-b'), 200, 'delete build');
    const r = await admin.delete('/api/mod/count-mod/1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Mod version deleted.' });
  });
});
