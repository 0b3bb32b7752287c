// What an author's uploads may create (issue "a blank version deletes the whole mod"), against a
// real stack with an fs store of the test's own and Depot as its own mirror: a version created by an
// upload follows the rules of every new version; a path with an empty segment is not found, never a
// shorter route; a file refused while creating a mod leaves no mod; a replace that builds would feel
// names them and waits for a confirmation; the pack doctor knows an archive Depot itself misses.
// Every refusal is read back: the mod, its versions and the store as they were.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectReply, md5Of, must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeJar, putFile, rawPut, storeContents } from '../support/archives';

let t: TestStack;
let dir: string;
/** mods_manage */
let modder: string;
/** mods_create and mods_manage */
let author: string;
/** mods_create alone */
let creator: string;

const FORMAT = { error: { version: ['The version field format is invalid.'] } };
const e = encodeURIComponent;

/** The mod as management reads it, and the store: compared before and after every refusal. */
const state = async (slug: string) => ({
  mod: (await t.admin.get(`/api/manage/mods/${e(slug)}`)).body,
  store: storeContents(dir),
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-rules-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  modder = await userWithToken(t.admin, 'modder', ['mods_manage']);
  author = await userWithToken(t.admin, 'author', ['mods_create', 'mods_manage']);
  creator = await userWithToken(t.admin, 'creator', ['mods_create']);
  must(await t.admin.post('/api/mod', { name: 'jei', pretty_name: 'JEI' }), 201, 'mod');
  must(await t.admin.post('/api/mod/jei/version', { version: '1.0', md5: md5Of('jei 1.0') }), 201, 'version');
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a version created by an upload follows the rules of every new version', () => {
  // As the probe sent them: each segment raw on the wire (node:http normalises nothing).
  const refused: [string, string, unknown][] = [
    ['climbing out of the cache folder', '%2F..%2F..%2Fevil', FORMAT],
    ['a Windows path', 'a%5C..%5Cb', FORMAT],
    ['a dot', '.', FORMAT],
    ['two dots', '..', FORMAT],
    ['a line feed', 'a%0Ab', FORMAT],
    ['U+0085 (a line break to Java)', 'a%C2%85b', FORMAT],
    ['U+202E (right-to-left override)', 'a%E2%80%AEb', FORMAT],
    [
      '300 characters (the column holds 255)',
      'v'.repeat(300),
      { error: { version: ['The version field must not be greater than 255 characters.'] } },
    ],
  ];
  test.each(refused)('%s: 422, nothing created or stored', async (_what, segment, body) => {
    const before = await state('jei');
    const res = await rawPut(t.url, {
      path: `/api/mod/jei/${segment}/archive?file_name=create.jar&create=true`,
      headers: { authorization: `Bearer ${modder}`, 'content-type': 'application/java-archive' },
      chunks: [await makeJar()],
    });
    expect(res).toMatchObject({ status: 422, body });
    expect(await state('jei')).toEqual(before);
  });

  test('an empty version segment names no version: 404, nothing created', async () => {
    const before = await state('jei');
    const res = await putFile(`${t.url}/api/mod/jei//archive?file_name=create.jar&create=true`, await makeJar(), {
      token: modder,
    });
    expectReply({ ...res, text: '' }, 404, { error: 'Mod version not found.' });
    expect(await state('jei')).toEqual(before);
  });

  test('the same rules as POST /api/mod/{slug}/version, which refuses them alike', async () => {
    for (const version of ['a\\b', 'a\u202eb', 'a\u0085b']) {
      expectReply(await t.admin.post('/api/mod/jei/version', { version, md5: md5Of(version) }), 422, FORMAT);
    }
    expect((await t.anon.get('/api/mod/jei')).body.versions).toEqual(['1.0']);
  });
});

describe('a path with an empty segment is not found, never a shorter route', () => {
  test('DELETE /api/mod/jei/ (the version "" of the console\'s delete) is 404: the mod and its versions stay', async () => {
    const before = await state('jei');
    expectReply(await t.admin.delete('/api/mod/jei/'), 404, { error: 'Not found.' });
    expectReply(await t.admin.delete('/api/mod/jei//'), 404, { error: 'Not found.' });
    expect(await state('jei')).toEqual(before);
    expect((await t.anon.get('/api/mod/jei')).body.versions).toEqual(['1.0']);
  });

  test('reads keep answering with one trailing slash, as launchers may send it', async () => {
    expect((await t.anon.get('/api/mod/jei/')).status).toBe(200);
    expect((await t.anon.get('/api/modpack/')).status).toBe(200);
  });
});

describe('PUT /api/manage/mods/{slug}/{version}/archive: a mod created with its first version', () => {
  const newMod = (slug: string, version: string, query: string) =>
    `${t.url}/api/manage/mods/${e(slug)}/${e(version)}/archive?${query}`;

  test('needs mods_create and mods_manage: 403 with either alone, nothing created', async () => {
    for (const token of [modder, creator]) {
      const res = await putFile(newMod('fresh', '1.0', 'file_name=fresh-1.0.jar&pretty_name=Fresh'), await makeJar(), {
        token,
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: { error: 'This action is unauthorized.' },
      });
    }
    expectReply(await t.anon.get('/api/mod/fresh'), 404, { error: 'Mod does not exist' });
  });

  test('a refused file (text named .jar, an empty jar, a bad version) leaves no mod and nothing stored', async () => {
    const before = storeContents(dir);
    const cases: [string, Buffer, number, unknown][] = [
      [
        '1.0',
        Buffer.from('these are my notes'),
        422,
        { error: 'The file is not a zip or jar archive: the jar does not start as a zip does.' },
      ],
      ['1.0', Buffer.alloc(0), 422, { error: 'The file is not a zip or jar archive: the jar is empty or too short.' }],
      ['a/b', await makeJar(), 422, FORMAT],
    ];
    for (const [version, file, status, body] of cases) {
      const res = await putFile(newMod('notes', version, 'file_name=notes.jar&pretty_name=Notes'), file, {
        token: author,
      });
      expect({ status: res.status, body: res.body }).toEqual({ status, body });
    }
    expectReply(await t.anon.get('/api/mod/notes'), 404, { error: 'Mod does not exist' });
    expect((await t.anon.get('/api/mod')).body.mods).not.toHaveProperty('notes');
    expect(storeContents(dir)).toEqual(before);
  });

  test('a file Depot takes creates both (201), listed at once; the same slug again is taken', async () => {
    const res = await putFile(newMod('create', '0.5.1', 'file_name=create.jar&pretty_name=Create'), await makeJar(), {
      token: author,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created_version: true, changed: true, packaged: true, builds: [] });
    expect((await t.anon.get('/api/mod/create')).body).toMatchObject({ pretty_name: 'Create', versions: ['0.5.1'] });
    expect((await t.anon.get('/api/mod')).body.mods).toMatchObject({ create: 'Create' });
    const again = await putFile(newMod('create', '0.6', 'file_name=create.jar&pretty_name=Create'), await makeJar(), {
      token: author,
    });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 422,
      body: { error: { name: ['The name has already been taken.'] } },
    });
    expect((await t.anon.get('/api/mod/create')).body.versions).toEqual(['0.5.1']);
  });

  test("a slug POST /api/mod would refuse, or no display name: 422 in the API's words", async () => {
    const slug = await putFile(newMod('Bad Slug!', '1.0', 'file_name=x.jar&pretty_name=X'), await makeJar(), {
      token: author,
    });
    expect({ status: slug.status, body: slug.body }).toEqual({
      status: 422,
      body: { error: { name: ['The name field format is invalid.'] } },
    });
    const unnamed = await putFile(newMod('unnamed', '1.0', 'file_name=x.jar'), await makeJar(), { token: author });
    expect({ status: unnamed.status, body: unnamed.body }).toEqual({
      status: 422,
      body: { error: { pretty_name: ['The pretty_name field is required.'] } },
    });
  });
});

describe('replacing an archive that builds use', () => {
  let first: any;
  beforeAll(async () => {
    must(await t.admin.post('/api/mod', { name: 'rep', pretty_name: 'Rep' }), 201, 'mod');
    const up = await putFile(`${t.url}/api/mod/rep/1.0/archive?file_name=rep.jar&create=true`, await makeJar(1000), {
      token: modder,
    });
    first = must({ ...up, text: JSON.stringify(up.body) }, 201, 'upload').version;
    must(await t.admin.post('/api/modpack', { name: 'Rep Pack', slug: 'rp', hidden: false }), 201, 'pack');
    must(
      await t.admin.post('/api/modpack/rp/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
      201,
      'build',
    );
    must(await t.admin.post('/api/modpack/rp/1.0/mod', { mod_slug: 'rep', mod_version: '1.0' }), 201, 'assign');
  });

  const modOf = async () =>
    (await t.anon.get('/api/modpack/rp/1.0?include=mods')).body.mods.find((m: any) => m.name === 'rep');

  test('with replace alone: 409 naming the builds, before the file is read; nothing changes', async () => {
    const before = await state('rep');
    const res = await putFile(`${t.url}/api/mod/rep/1.0/archive?file_name=rep.jar&replace=true`, await makeJar(2000), {
      token: modder,
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 409,
      body: {
        error:
          'The version is in 1 build(s): rp 1.0 (published). Launchers would download the new archive under the ' +
          'same version at once: send replace_in_builds=true to replace it anyway.',
      },
    });
    expect(await state('rep')).toEqual(before);
    expect((await modOf()).md5).toBe(first.md5);
  });

  test('confirmed with replace_in_builds: replaced, and the answer names the builds launchers now get it from', async () => {
    const res = await putFile(
      `${t.url}/api/mod/rep/1.0/archive?file_name=rep.jar&replace=true&replace_in_builds=true`,
      await makeJar(3000),
      { token: modder },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      changed: true,
      builds: [{ modpack: 'rp', modpack_name: 'Rep Pack', build: '1.0', published: true }],
    });
    expect(res.body.version.md5).not.toBe(first.md5);
    expect((await modOf()).md5).toBe(res.body.version.md5);
  });
});

describe('the pack doctor, with Depot as its own mirror', () => {
  test('a version of the build that Depot does not host, with no upstream, is archive-missing (an error)', async () => {
    must(await t.admin.post('/api/mod', { name: 'nohost', pretty_name: 'No Host' }), 201, 'mod');
    must(await t.admin.post('/api/mod/nohost/version', { version: '2.0', md5: md5Of('nohost') }), 201, 'version');
    must(await t.admin.post('/api/modpack', { name: 'Doc Pack', slug: 'doc', hidden: false }), 201, 'pack');
    must(
      await t.admin.post('/api/modpack/doc/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
      201,
      'build',
    );
    must(await t.admin.post('/api/modpack/doc/1.0/mod', { mod_slug: 'nohost', mod_version: '2.0' }), 201, 'assign');
    must(await t.admin.put('/api/modpack/doc', { recommended: '1.0', latest: '1.0' }), 200, 'set');
    const report = must(await t.admin.get('/api/manage/modpacks/doc/doctor'), 200, 'doctor');
    expect(report.findings.filter((f: any) => f.code.startsWith('archive'))).toEqual([
      {
        code: 'archive-missing',
        severity: 'error',
        message:
          'The archive of nohost 2.0 (in build 1.0) is missing: Depot is its own mirror (SERVICE_MIRROR_URL is unset), ' +
          'hosts no archive of this version, and has no ARCHIVE_UPSTREAM_URL to pass its downloads to. Launchers ' +
          'fail to install the build.',
        fix: expect.stringContaining('PUT /api/mod/nohost/2.0/archive'),
      },
    ]);
  });
});
