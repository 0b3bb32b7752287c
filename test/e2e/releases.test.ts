// A release in one request (docs/releases.md), against a real stack: files looked up by hash, held
// once, then a build made from them, published, latest and recommended; the launcher reads it and
// downloads every mod with its md5 matching. The same request again changes nothing; a dry run
// answers the diff and changes nothing; every refusal (a file not held, no such mod, no version, a
// version with another archive, a mod twice, a removal not in from, an unknown from, a build that
// exists otherwise, no access) leaves everything as it was, the versions a refused release had
// created included.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeZip, md5Hex, putFile } from '../support/archives';

let t: TestStack;
let dir: string;
let author: string;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const fabricJar = (id: string, version: string, extra = '') =>
  makeZip({
    'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id, version, name: id.toUpperCase(), environment: '*' }),
    [`${id}/Mod.class`]: `${id} ${version} ${extra}`.repeat(40),
  });

interface LocalFile {
  name: string;
  bytes: Buffer;
}
const ref = (f: LocalFile) => ({ name: f.name, sha256: sha256(f.bytes) });
const hold = (f: LocalFile, token = author) =>
  putFile(`${t.url}/api/manage/archives?file_name=${encodeURIComponent(f.name)}`, f.bytes, { token });
const release = (body: object, token = author) => t.admin.as(token).post('/api/manage/modpacks/relpack/releases', body);

/** Everything a refused release must leave as it was: the launcher's view, the builds, the mods' versions. */
async function state() {
  const modpack = (await t.admin.get('/api/manage/modpacks/relpack')).body;
  const builds = await Promise.all(
    (modpack.builds ?? []).map(
      async (b: any) => (await t.admin.get(`/api/manage/modpacks/relpack/builds/${b.build.version}`)).body,
    ),
  );
  const mods = await Promise.all(
    ['jei', 'sodium', 'lithium', 'create'].map(async (m) => (await t.admin.get(`/api/mod/${m}`)).body),
  );
  return { launcher: (await t.anon.get('/api/modpack/relpack')).body, modpack, builds, mods };
}

/** What a launcher installs: the build's mods, each downloaded from its URL, its bytes' md5 checked. */
async function install(build: string): Promise<Record<string, string>> {
  const read = must(await t.anon.get(`/api/modpack/relpack/${build}`), 200, 'build read');
  const installed: Record<string, string> = {};
  for (const mod of read.mods) {
    const res = await fetch(mod.url);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect({ mod: mod.name, status: res.status, md5: md5Hex(bytes) }).toEqual({
      mod: mod.name,
      status: 200,
      md5: mod.md5,
    });
    installed[mod.name] = mod.version;
  }
  return installed;
}

let files: Record<string, LocalFile>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-releases-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  must(await t.admin.post('/api/modpack', { name: 'Release Pack', slug: 'relpack' }), 201, 'modpack');
  author = await userWithToken(t.admin, 'releaser', ['mods_manage', 'modpacks_manage'], ['relpack']);
  for (const [name, pretty_name] of [
    ['jei', 'Just Enough Items'],
    ['sodium', 'Sodium'],
    ['lithium', 'Lithium'],
    ['create', 'Create'],
  ])
    must(await t.admin.post('/api/mod', { name, pretty_name }), 201, name);
  files = {
    jei1: { name: 'jei-1.0.jar', bytes: await fabricJar('jei', '1.0') },
    jei2: { name: 'jei-2.0.jar', bytes: await fabricJar('jei', '2.0') },
    sodium: { name: 'sodium.jar', bytes: await fabricJar('sodium', '0.5.8') },
    lithium: { name: 'lithium.jar', bytes: await fabricJar('lithium', '0.11.2') },
    unknown: { name: 'mystery.jar', bytes: await fabricJar('mystery', '1.0') },
    noversion: { name: 'create.jar', bytes: await makeZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n' }) },
  };
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('files looked up by hash and held once', () => {
  test('unknown, then held (201), again (200, kept once), then found by the lookup with its mod', async () => {
    const before = must(
      await t.admin.as(author).post('/api/manage/archives/lookup', { files: [ref(files.jei1)] }),
      200,
      'lookup',
    );
    expect(before).toEqual({ files: [{ ...ref(files.jei1), held: false, versions: [] }] });
    const first = await hold(files.jei1);
    expect([first.status, first.body]).toEqual([
      201,
      {
        ...ref(files.jei1),
        held: true,
        versions: [],
        metadata: {
          mods: [
            {
              format: 'fabric',
              id: 'jei',
              name: 'JEI',
              version: '1.0',
              authors: [],
              loader: { name: 'fabric' },
              side: 'both',
            },
          ],
        },
        mod: 'jei',
        archive: { md5: expect.stringMatching(/^[0-9a-f]{32}$/), filesize: expect.any(Number), packaged: true },
        warnings: [],
      },
    ]);
    const again = await hold(files.jei1);
    expect([again.status, again.body.archive]).toEqual([200, first.body.archive]);
    const after = must(
      await t.admin.as(author).post('/api/manage/archives/lookup', { files: [ref(files.jei1), ref(files.sodium)] }),
      200,
      'lookup',
    );
    expect(after.files.map((f: any) => [f.name, f.held, f.mod])).toEqual([
      ['jei-1.0.jar', true, 'jei'],
      ['sodium.jar', false, undefined],
    ]);
    // The same jar under another name is another file (it is packaged under its name).
    const renamed = must(
      await t.admin
        .as(author)
        .post('/api/manage/archives/lookup', { files: [{ ...ref(files.jei1), name: 'jei.jar' }] }),
      200,
      'lookup',
    );
    expect(renamed.files[0].held).toBe(false);
  });

  test('a lookup judged as every body: 422 for a bad hash, no files, too many', async () => {
    const lookup = (body: object) => t.admin.as(author).post('/api/manage/archives/lookup', body);
    expect((await lookup({ files: [{ name: 'a.jar', sha256: 'xyz' }] })).body).toEqual({
      // (The body's shape is judged per top-level field, as every route's: docs/api.md#validation-messages.)
      error: { files: ['The files field format is invalid.'] },
    });
    expect((await lookup({ files: [] })).body).toEqual({
      error: { files: ['The files field must have at least 1 items.'] },
    });
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `${i}.jar`, sha256: 'a'.repeat(64) }));
    expect((await lookup({ files: many })).body).toEqual({
      error: { files: ['The files field must not have more than 1000 items.'] },
    });
  });
});

describe('a release', () => {
  const first = () => ({
    build: '1.0',
    minecraft: '1.20.1',
    mods: [{ file: ref(files.jei1) }, { file: ref(files.sodium) }, { file: ref(files.lithium) }],
    notes: 'First release.',
    publish: true,
    set_latest: true,
    set_recommended: true,
  });

  test('made, published, latest and recommended in one request; the launcher installs it', async () => {
    for (const f of [files.sodium, files.lithium]) expect((await hold(f)).status).toBe(201);
    const res = await release(first());
    expect([res.status, res.body]).toEqual([
      201,
      {
        build: expect.objectContaining({ version: '1.0', minecraft: '1.20.1', is_published: true }),
        changed: true,
        created: true,
        dry_run: false,
        from: null,
        added: expect.arrayContaining([
          { mod: 'jei', version: '1.0' },
          { mod: 'sodium', version: '0.5.8' },
          { mod: 'lithium', version: '0.11.2' },
        ]),
        removed: [],
        updated: [],
        unchanged: 0,
        versions_created: [
          { mod: 'jei', version: '1.0' },
          { mod: 'sodium', version: '0.5.8' },
          { mod: 'lithium', version: '0.11.2' },
        ],
        latest: true,
        recommended: true,
      },
    ]);
    expect(res.body.added).toHaveLength(3);
    const pack = must(await t.anon.get('/api/modpack/relpack'), 200, 'modpack');
    expect([pack.recommended, pack.latest, pack.builds]).toEqual(['1.0', '1.0', ['1.0']]);
    expect(await install('1.0')).toEqual({ jei: '1.0', lithium: '0.11.2', sodium: '0.5.8' });
  });

  test('the same request again: 200, nothing changed', async () => {
    const before = await state();
    const res = await release(first());
    expect([res.status, res.body.changed, res.body.versions_created]).toEqual([200, false, []]);
    expect(await state()).toEqual(before);
  });

  test('a dry run answers the diff from recommended and changes nothing; then the release itself', async () => {
    expect((await hold(files.jei2)).status).toBe(201);
    const body = {
      build: '1.1',
      from: 'recommended',
      mods: [{ file: ref(files.jei2) }],
      remove: ['lithium'],
      publish: true,
      set_latest: true,
    };
    const before = await state();
    const dry = await release({ ...body, dry_run: true });
    expect([dry.status, dry.body]).toEqual([
      200,
      {
        changed: true,
        created: false,
        dry_run: true,
        from: '1.0',
        added: [],
        removed: [{ mod: 'lithium', version: '0.11.2' }],
        updated: [{ mod: 'jei', from: '1.0', to: '2.0' }],
        unchanged: 1,
        versions_created: [{ mod: 'jei', version: '2.0' }],
        latest: true,
        recommended: false,
      },
    ]);
    expect(await state()).toEqual(before);
    const real = await release(body);
    expect([real.status, real.body.updated, real.body.removed, real.body.build.minecraft]).toEqual([
      201,
      [{ mod: 'jei', from: '1.0', to: '2.0' }],
      [{ mod: 'lithium', version: '0.11.2' }],
      '1.20.1',
    ]);
    const pack = must(await t.anon.get('/api/modpack/relpack'), 200, 'modpack');
    expect([pack.recommended, pack.latest]).toEqual(['1.0', '1.1']);
    expect(await install('1.1')).toEqual({ jei: '2.0', sodium: '0.5.8' });
    // Promoted later by asking again with set_recommended: only the flag changes (200).
    const promoted = await release({ ...body, set_recommended: true });
    expect([promoted.status, promoted.body.changed, promoted.body.recommended]).toEqual([200, true, true]);
    expect(must(await t.anon.get('/api/modpack/relpack'), 200, 'modpack').recommended).toBe('1.1');
  });
});

describe('refusals change nothing', () => {
  const refused = async (body: object, status: number, error: unknown, token = author) => {
    const before = await state();
    const res = await release(body, token);
    expect([res.status, res.body]).toEqual([status, { error }]);
    expect(await state()).toEqual(before);
  };

  test('each refusal of the mods, with the field it concerns', async () => {
    expect((await hold(files.unknown)).status).toBe(201);
    expect((await hold(files.noversion)).status).toBe(201);
    const base = { build: '2.0', minecraft: '1.20.1' };
    await refused({ ...base, mods: [{ file: { name: 'nothing.jar', sha256: 'a'.repeat(64) } }] }, 422, {
      'mods.0.file': ['Depot does not hold nothing.jar with this sha256: send it first.'],
    });
    await refused({ ...base, mods: [{ file: ref(files.unknown) }] }, 422, {
      'mods.0.mod': ['No mod "mystery": create it first, or give the mod.'],
    });
    await refused({ ...base, mods: [{ file: ref(files.noversion), mod: 'create' }] }, 422, {
      'mods.0.version': ["The file's metadata names no version: give the version."],
    });
    await refused({ ...base, mods: [{ file: ref(files.jei2), version: '1.0' }] }, 422, {
      'mods.0.version': ['Version 1.0 of jei has another archive.'],
    });
    await refused({ ...base, mods: [{ file: ref(files.jei1) }, { mod: 'jei', version: '2.0' }] }, 422, {
      'mods.1.mod': ['jei is in the list twice.'],
    });
    await refused({ ...base, mods: [{ mod: 'jei', version: '9.9' }] }, 422, {
      'mods.0.version': ['No version 9.9 of jei.'],
    });
    await refused({ ...base, from: '1.0', remove: ['create'] }, 422, {
      'remove.0': ['The mod is not in the build the release starts from.'],
    });
    await refused({ ...base, from: '7.7' }, 422, { from: ['The selected from is invalid.'] });
    await refused({ build: '2.0' }, 422, { minecraft: ['The minecraft field is required.'] });
  });

  test('a build that exists with other contents: 409; no access to the modpack: 403; none: 404', async () => {
    await refused({ build: '1.0', minecraft: '1.20.2' }, 409, 'Build 1.0 exists with other contents.');
    const outsider = await userWithToken(t.admin, 'outsider', ['mods_manage', 'modpacks_manage']);
    await refused({ build: '3.0', minecraft: '1.20.1' }, 403, 'This action is unauthorized.', outsider);
    const noMods = await userWithToken(t.admin, 'nomods', ['modpacks_manage'], ['relpack']);
    await refused({ build: '3.0', minecraft: '1.20.1' }, 403, 'This action is unauthorized.', noMods);
    const res = await t.admin.as(author).post('/api/manage/modpacks/nopack/releases', { build: '1.0', minecraft: '1' });
    expect([res.status, res.body]).toEqual([404, { error: 'Modpack not found.' }]);
  });

  test('the build step refusing after versions were made from held files: those versions are gone again', async () => {
    const lithium2 = { name: 'lithium-2.jar', bytes: await fabricJar('lithium', '0.12.0') };
    expect((await hold(lithium2)).status).toBe(201);
    // The catalog makes lithium 0.12.0; the builds service then finds 1.0 exists otherwise (409).
    await refused(
      { build: '1.0', minecraft: '1.20.1', mods: [{ file: ref(lithium2) }] },
      409,
      'Build 1.0 exists with other contents.',
    );
    expect(must(await t.admin.get('/api/mod/lithium'), 200, 'lithium').versions).toEqual(['0.11.2']);
    // Still held: the next release takes it without sending it again.
    const lookup = must(
      await t.admin.as(author).post('/api/manage/archives/lookup', { files: [ref(lithium2)] }),
      200,
      'lookup',
    );
    expect(lookup.files[0].held).toBe(true);
  });
});
