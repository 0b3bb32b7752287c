// An upload's file name from each place a client may put it (docs/api.md#the-files-name), against a
// real stack: the path's last segment as `curl -T <file> …/archive/` sends it, a Content-Disposition
// header's `filename` and `filename*`, and the query; the query wins over the header, the header
// over the path; a bad name from any of them is refused as from the query, and a last segment that
// is no archive's name is an unknown path. What is stored is read back: the name is the jar's entry
// in the zip launchers download (`mods/<name>`), and a refusal changes nothing.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeJar, md5Hex, putFile, storeContents, unzip } from '../support/archives';

let t: TestStack;
let dir: string;
let modder: string;

const MOD = 'names';
const base = (version: string) => `${t.url}/api/mod/${MOD}/${encodeURIComponent(version)}/archive`;
const disposition = (value: string) => ({ 'content-disposition': value });
/** What the API and the store show: compared before and after every refusal. */
const state = async () => ({
  mod: (await t.admin.get(`/api/manage/mods/${MOD}`)).body,
  mods: (await t.admin.get('/api/mod')).body,
  store: storeContents(dir),
});

/** The archive launchers download for a version (from the URL its read gives), and its entries. */
async function download(version: string): Promise<{ md5: string; zip: Buffer; entries: Map<string, Buffer> }> {
  const read = must(await t.anon.get(`/api/mod/${MOD}/${encodeURIComponent(version)}`), 200, 'version');
  const res = await fetch(read.url);
  expect([read.url, res.status]).toEqual([read.url, 200]);
  const zip = Buffer.from(await res.arrayBuffer());
  return { md5: read.md5, zip, entries: unzip(zip) };
}

/** The entries of a version's archive as launchers download it (a packaged jar: `mods/<its name>`). */
const storedName = async (version: string) => [...(await download(version)).entries.keys()];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-upload-names-'));
  t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: dir } });
  modder = await userWithToken(t.admin, 'namer', ['mods_manage', 'mods_create']);
  must(await t.admin.post('/api/mod', { name: MOD, pretty_name: 'Names' }), 201, 'mod');
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the file named by the path, as curl -T sends it', () => {
  test('PUT …/archive/jei-1.0.jar without file_name: 201, and launchers download those bytes', async () => {
    const jar = await makeJar();
    // No Content-Type either: curl -T sends none.
    const res = await fetch(`${base('1.0')}/jei-1.0.jar?create=true`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${modder}` },
      body: jar,
    });
    const body: any = await res.json();
    expect([res.status, body.created_version, body.packaged]).toEqual([201, true, true]);
    const got = await download('1.0');
    expect(md5Hex(got.zip)).toBe(body.version.md5);
    expect([...got.entries.keys()]).toEqual(['mods/jei-1.0.jar']);
    expect(Buffer.compare(got.entries.get('mods/jei-1.0.jar')!, jar)).toBe(0);
    // Again with no query at all: the same archive, nothing changed.
    const again = await putFile(`${base('1.0')}/jei-1.0.jar`, jar, { token: modder });
    expect([again.status, again.body.changed, again.body.version]).toEqual([200, false, body.version]);
  });

  // curl is on every machine the tests run on; without it the test is skipped, except under CI=true,
  // where a test that lacks what it needs fails (docs/testing.md).
  const hasCurl = spawnSync('curl', ['--version']).status === 0;
  const curl = hasCurl || process.env.CI === 'true' ? test : test.skip;
  curl('with curl itself: the local name appended to …/archive/, percent-encoded', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-curl-'));
    try {
      const file = path.join(folder, 'my mod+été 2.0.jar');
      const jar = await makeJar();
      fs.writeFileSync(file, jar);
      const run = spawnSync(
        'curl',
        ['-sS', '-T', file, '-H', `Authorization: Bearer ${modder}`, `${base('2.0')}/?create=true`],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      const body = JSON.parse(run.stdout);
      expect(body).toMatchObject({ created_version: true, version: { version: '2.0' } });
      const got = await download('2.0');
      expect([...got.entries.keys()]).toEqual(['mods/my mod+été 2.0.jar']);
      expect(Buffer.compare(got.entries.get('mods/my mod+été 2.0.jar')!, jar)).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a zip named by the path in capitals is stored as it is', async () => {
    const jar = await makeJar();
    const res = await putFile(`${base('2.1')}/PACK-2.1.JAR?create=true`, jar, { token: modder });
    expect(res.status).toBe(201);
    expect(await storedName('2.1')).toEqual(['mods/PACK-2.1.JAR']);
  });
});

describe('the file named by a Content-Disposition header', () => {
  test('its filename', async () => {
    const res = await putFile(`${base('3.0')}?create=true`, await makeJar(), {
      token: modder,
      headers: disposition('attachment; filename="header name.jar"'),
    });
    expect(res.status).toBe(201);
    expect(await storedName('3.0')).toEqual(['mods/header name.jar']);
  });

  test('its filename* (UTF-8), over its filename', async () => {
    const res = await putFile(`${base('3.1')}?create=true`, await makeJar(), {
      token: modder,
      headers: disposition(`attachment; filename="ete.jar"; filename*=UTF-8''${encodeURIComponent('été ✓.jar')}`),
    });
    expect(res.status).toBe(201);
    expect(await storedName('3.1')).toEqual(['mods/été ✓.jar']);
  });

  test('for a new mod too', async () => {
    const res = await putFile(`${t.url}/api/manage/mods/fresh/1.0/archive?pretty_name=Fresh`, await makeJar(), {
      token: modder,
      headers: disposition('attachment; filename=fresh-1.0.jar'),
    });
    expect([res.status, res.body.created_version]).toEqual([201, true]);
    const read = must(await t.anon.get('/api/mod/fresh/1.0'), 200, 'version');
    const zip = Buffer.from(await (await fetch(read.url)).arrayBuffer());
    expect([...unzip(zip).keys()]).toEqual(['mods/fresh-1.0.jar']);
  });
});

describe('which wins', () => {
  test('the query over the header and the path', async () => {
    const res = await putFile(`${base('4.0')}/from-path.jar?file_name=from-query.jar&create=true`, await makeJar(), {
      token: modder,
      headers: disposition('attachment; filename=from-header.jar'),
    });
    expect(res.status).toBe(201);
    expect(await storedName('4.0')).toEqual(['mods/from-query.jar']);
  });

  test('the header over the path', async () => {
    const res = await putFile(`${base('4.1')}/from-path.jar?create=true`, await makeJar(), {
      token: modder,
      headers: disposition('attachment; filename=from-header.jar'),
    });
    expect(res.status).toBe(201);
    expect(await storedName('4.1')).toEqual(['mods/from-header.jar']);
  });

  test('the path under a header that names nothing', async () => {
    const res = await putFile(`${base('4.2')}/from-path.jar?create=true`, await makeJar(), {
      token: modder,
      headers: disposition('attachment'),
    });
    expect(res.status).toBe(201);
    expect(await storedName('4.2')).toEqual(['mods/from-path.jar']);
  });
});

describe('refusals: the same from every source, and nothing changed', () => {
  let jar: Buffer;
  beforeAll(async () => {
    jar = await makeJar();
  });

  /** The answers to the same upload with `name` in the query, the header and the path; nothing changed. */
  async function fromEach(name: string) {
    const before = await state();
    const answers = [
      await putFile(`${base('9.0')}?create=true&file_name=${encodeURIComponent(name)}`, jar, { token: modder }),
      await putFile(`${base('9.0')}?create=true`, jar, {
        token: modder,
        headers: disposition(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`),
      }),
      await putFile(`${base('9.0')}/${encodeURIComponent(name)}?create=true`, jar, { token: modder }),
    ].map((r) => ({ status: r.status, body: r.body }));
    expect(await state()).toEqual(before);
    return answers;
  }

  test.each([
    ['too long (the gateway’s rule)', `${'x'.repeat(300)}.jar`],
    ['a device name (the catalog’s rule)', 'CON.jar'],
    ['a character Windows refuses (the catalog’s rule)', 'a<b>.jar'],
    ['not storable text', 'a\u0000b.jar'],
  ])('a name %s: the 422 of the query from the header and the path', async (_what, name) => {
    const [query, header, segment] = await fromEach(name);
    expect(query).toEqual({ status: 422, body: { error: { file_name: [expect.any(String)] } } });
    expect({ header, segment }).toEqual({ header: query, segment: query });
  });

  test('an empty name in the query or the header: the 422 of no name at all', async () => {
    const none = { status: 422, body: { error: { file_name: ['The file_name field is required.'] } } };
    const before = await state();
    for (const [url, headers] of [
      [`${base('9.0')}?create=true`, {}],
      [`${base('9.0')}?create=true&file_name=`, {}],
      [`${base('9.0')}/x.jar?create=true&file_name=`, {}],
      [`${base('9.0')}?create=true`, disposition('attachment; filename=""')],
      [`${base('9.0')}/x.jar?create=true`, disposition('attachment; filename=""')],
    ] as const) {
      const res = await putFile(url, jar, { token: modder, headers });
      expect({ url, status: res.status, body: res.body }).toEqual({ url, ...none });
    }
    expect(await state()).toEqual(before);
  });

  test('a name that is no .jar or .zip from the header: the catalog’s 422, as from the query', async () => {
    const before = await state();
    const query = await putFile(`${base('9.0')}?create=true&file_name=notes.txt`, jar, { token: modder });
    const header = await putFile(`${base('9.0')}?create=true`, jar, {
      token: modder,
      headers: disposition('attachment; filename=notes.txt'),
    });
    expect(query).toMatchObject({
      status: 422,
      body: { error: 'The file is not a zip or jar archive: notes.txt is neither a .zip nor a .jar.' },
    });
    expect({ status: header.status, body: header.body }).toEqual({ status: query.status, body: query.body });
    expect(await state()).toEqual(before);
  });

  test.each([
    `/api/mod/${MOD}/9.0/archive/notes.txt`,
    `/api/mod/${MOD}/9.0/archive/jei-1.0.jar.part`,
    `/api/mod/${MOD}/9.0/archive/jar`,
    `/api/mod/${MOD}/1.0/archive/jei-1.0.jar/again`,
    '/api/manage/mods/other/1.0/archive/readme.md',
  ])('%s: 404 as any unknown path, with or without a token, nothing changed', async (where) => {
    const before = await state();
    for (const token of [modder, undefined]) {
      const res = await putFile(`${t.url}${where}?create=true&pretty_name=Other`, jar, { token });
      expect({ where, token: !!token, status: res.status, body: res.body }).toEqual({
        where,
        token: !!token,
        status: 404,
        body: { error: 'Not found.' },
      });
    }
    const unknown = await putFile(`${t.url}/api/nowhere/at/all.jar`, jar, { token: modder });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: { error: 'Not found.' } });
    expect(await state()).toEqual(before);
  });

  test('the path form checks what the upload checks, in the same order: 401, 403, 404', async () => {
    const reader = await userWithToken(t.admin, 'namer-reader', ['mods_create']);
    const before = await state();
    const url = `${base('9.0')}/jei-9.0.jar?create=true`;
    const answers = [
      await putFile(url, jar),
      await putFile(url, jar, { token: reader }),
      await putFile(`${t.url}/api/mod/absent/9.0/archive/jei-9.0.jar?create=true`, jar, { token: modder }),
      await putFile(`${base('9.0')}/jei-9.0.jar`, jar, { token: modder }),
    ].map((r: any) => [r.status, r.body]);
    expect(answers).toEqual([
      [401, { error: 'Unauthenticated.' }],
      [403, { error: 'This action is unauthorized.' }],
      [404, { error: 'Mod not found.' }],
      [404, { error: 'Mod version not found.' }],
    ]);
    expect(await state()).toEqual(before);
  });
});
