// Uploading a version's archive through the gateway (PUT /api/mod/{slug}/{version}/archive) against
// a real stack with an fs store of the test's own: a jar in one request creates its version, the
// order of checks, and every refusal with nothing stored or recorded (read back from the API and
// from the store's folder).
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, expectReply, must, startTestStack, TIMESTAMP, userWithToken, type TestStack } from '../support';
import { chunksOf, makeJar, makeZip, md5Hex, putFile, rawPut, sha256Hex, storeContents } from '../support/archives';

const MAX = 2_000_000;
let t: TestStack;
let dir: string;
let modder: string;
let reader: string;

const archiveUrl = (slug: string, version: string, query: string) =>
  `${t.url}/api/mod/${encodeURIComponent(slug)}/${encodeURIComponent(version)}/archive?${query}`;
/** What the API and the store show: compared before and after every refusal. */
const state = async () => ({
  mod: (await t.admin.get('/api/manage/mods/upl')).body,
  store: storeContents(dir),
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-upload-'));
  t = await startTestStack({ env: { ARCHIVE_STORE_DIR: dir, ARCHIVE_MAX_BYTES: String(MAX) } });
  modder = await userWithToken(t.admin, 'uploader', ['mods_manage']);
  reader = await userWithToken(t.admin, 'reader', ['mods_create']);
  must(await t.admin.post('/api/mod', { name: 'upl', pretty_name: 'Upload' }), 201, 'mod');
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('a jar in one request creates its version (201) with the digests of the stored zip; again: 200, nothing changed', async () => {
  const jar = await makeJar();
  const res = await putFile(archiveUrl('upl', '1.0', 'file_name=upl-1.0.jar&create=true&notes=first'), jar, {
    token: modder,
    type: 'application/java-archive',
  });
  expect(res.status).toBe(201);
  const { version } = res.body;
  expect(res.body).toEqual({
    version: {
      id: expect.any(Number),
      mod_id: expect.any(Number),
      version: '1.0',
      md5: expect.stringMatching(/^[0-9a-f]{32}$/),
      filesize: expect.any(Number),
      notes: 'first',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      sha1: expect.stringMatching(/^[0-9a-f]{40}$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      sha512: expect.stringMatching(/^[0-9a-f]{128}$/),
      hosted_at: expect.stringMatching(TIMESTAMP),
      // Read from the jar: it has no metadata file.
      metadata: { mods: [] },
    },
    created_version: true,
    changed: true,
    stored: true,
    packaged: true,
    warnings: [],
    builds: [],
  });
  // The object in the store is the zip the record describes.
  const stored = fs.readFileSync(
    path.join(dir, 'sha256', version.sha256.slice(0, 2), version.sha256.slice(2, 4), version.sha256),
  );
  expect({ md5: md5Hex(stored), size: stored.length, sha256: sha256Hex(stored) }).toEqual({
    md5: version.md5,
    size: version.filesize,
    sha256: version.sha256,
  });
  // Read back as management and the public API show it.
  const managed = (await t.admin.get('/api/manage/mods/upl')).body;
  expect(managed.versions.map((v: any) => v.version)).toEqual([version]);
  expectReply(await t.anon.get('/api/mod/upl/1.0'), 200, {
    id: version.id,
    md5: version.md5,
    filesize: version.filesize,
    url: `${t.mirrorUrl}mods/upl/upl-1.0.zip`,
  });

  // The same jar dropped again (create=true on an existing version): nothing changes.
  const again = await putFile(archiveUrl('upl', '1.0', 'file_name=upl-1.0.jar&create=1'), jar, { token: modder });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ created_version: false, changed: false, stored: false, packaged: true });
  expect(again.body.version).toEqual(version);
});

test('a zip sent chunked is stored as it is; one without mods/, config/ or bin/ has a warning', async () => {
  must(await t.admin.post('/api/mod/upl/version', { version: '2.0', md5: 'a'.repeat(32) }), 201, 'version');
  const zip = await makeZip({ 'Readme.txt': 'hello' });
  const res = await putFile(
    archiveUrl('upl', '2.0', 'file_name=pack.zip&replace=true'),
    [zip.subarray(0, 10), zip.subarray(10)],
    {
      token: modder,
      type: 'application/zip',
    },
  );
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ created_version: false, changed: true, packaged: false });
  expect(res.body.warnings).toEqual([expect.stringContaining('none of mods/, config/, bin/')]);
  expect(res.body.version).toMatchObject({ md5: md5Hex(zip), filesize: zip.length, sha256: sha256Hex(zip) });
});

describe('refusals: in the order of checks, with nothing stored or recorded', () => {
  let jar: Buffer;
  beforeAll(async () => {
    jar = await makeJar();
  });

  const refused = async (write: () => Promise<{ status: number; body: unknown }>, status: number, body: unknown) => {
    const before = await state();
    const res = await write();
    expect({ status: res.status, body: res.body }).toEqual({ status, body });
    expect(await state()).toEqual(before);
  };

  test('401, 403, 404 before the body is judged', async () => {
    const url = archiveUrl('upl', '3.0', 'file_name=a.jar&create=true');
    await refused(() => putFile(url, jar), 401, { error: 'Unauthenticated.' });
    await refused(() => putFile(url, jar, { token: reader }), 403, { error: 'This action is unauthorized.' });
    await refused(
      () => putFile(archiveUrl('nope', '3.0', 'file_name=a.jar&create=true'), jar, { token: modder }),
      404,
      { error: 'Mod not found.' },
    );
    await refused(() => putFile(archiveUrl('upl', '3.0', 'file_name=a.jar'), jar, { token: modder }), 404, {
      error: 'Mod version not found.',
    });
    // A wrong media type or query on a missing target: the 404 first.
    await refused(
      () => putFile(archiveUrl('nope', '3.0', 'create=true'), jar, { token: modder, type: 'text/plain' }),
      404,
      { error: 'Mod not found.' },
    );
  });

  test('415 a media type other than a file, 422 a missing or bad file_name or flag, 422 not a zip or jar', async () => {
    const url = (q: string) => archiveUrl('upl', '3.0', q);
    await refused(
      () => putFile(url('file_name=a.jar&create=true'), jar, { token: modder, type: 'application/json' }),
      415,
      {
        error:
          'Unsupported media type: send the file as application/octet-stream, application/zip, application/java-archive or application/x-java-archive.',
      },
    );
    await refused(() => putFile(url('create=true'), jar, { token: modder }), 422, {
      error: { file_name: ['The file_name field is required.'] },
    });
    await refused(() => putFile(url('file_name=a.jar&create=maybe'), jar, { token: modder }), 422, {
      error: { create: ['The create field must be true or false.'] },
    });
    await refused(() => putFile(url('file_name=a.txt&create=true'), jar, { token: modder }), 422, {
      error: 'The file is not a zip or jar archive: a.txt is neither a .zip nor a .jar.',
    });
    const notZip = await putFile(url('file_name=a.zip&create=true'), Buffer.from('not a zip at all'), {
      token: modder,
    });
    expect(notZip.status).toBe(422);
    expect(notZip.body.error).toMatch(/^The file is not a zip or jar archive/);
    expect(await state()).toEqual(await state());
    expect((await t.admin.get('/api/mod/upl/3.0')).status).toBe(404);
  });

  test('409 a different archive without replace=true; the version keeps its own', async () => {
    await refused(() => putFile(archiveUrl('upl', '1.0', 'file_name=other.jar'), jar, { token: modder }), 409, {
      error: 'The version already has a different archive: ask to replace it.',
    });
  });

  test('413 when Content-Length is over ARCHIVE_MAX_BYTES, at once (no byte of the body sent)', async () => {
    const before = await state();
    const res = await rawPut(archiveUrl('upl', '4.0', 'file_name=big.jar&create=true'), {
      headers: {
        authorization: `Bearer ${modder}`,
        'content-type': 'application/java-archive',
        'content-length': String(MAX + 1),
      },
    });
    expect(res).toEqual({
      status: 413,
      body: { error: 'The archive is larger than the server accepts (ARCHIVE_MAX_BYTES).' },
      sent: 0,
    });
    expect(await state()).toEqual(before);
  });

  test('413 as soon as a chunked body passes ARCHIVE_MAX_BYTES, long before its end', async () => {
    const before = await state();
    const res = await rawPut(archiveUrl('upl', '4.0', 'file_name=big.zip&create=true'), {
      headers: { authorization: `Bearer ${modder}`, 'content-type': 'application/zip', 'transfer-encoding': 'chunked' },
      // A zip's signature, then 64 MB that never arrive: the answer comes at ARCHIVE_MAX_BYTES.
      chunks: (function* () {
        yield Buffer.from('PK\u0003\u0004');
        yield* chunksOf(1000);
      })(),
      // A sender on a real link: between its writes it reads the answer, before the server, done
      // lingering, closes the connection (writing flat out, it could still be writing then: EPIPE).
      pauseMs: 5,
    });
    expect(res).toEqual({
      status: 413,
      body: { error: 'The archive is larger than the server accepts (ARCHIVE_MAX_BYTES).' },
      sent: expect.any(Number),
    });
    expect((res as { sent: number }).sent).toBeLessThan(16 * MAX);
    // The gateway answers as soon as the count passes the limit and cancels its call to the
    // catalog, which then removes what it had staged (as for an upload cut short, below): the
    // staging area is empty again a moment after the answer (the comparison shows what is left if not).
    await eventually(async () => JSON.stringify(await state()) === JSON.stringify(before), 5_000).catch(() => false);
    expect(await state()).toEqual(before);
  });

  test('an upload cut short leaves nothing stored or recorded', async () => {
    const before = await state();
    const big = await makeJar(1_500_000);
    const res = await rawPut(archiveUrl('upl', '5.0', 'file_name=cut.jar&create=true'), {
      headers: {
        authorization: `Bearer ${modder}`,
        'content-type': 'application/java-archive',
        'content-length': String(big.length),
      },
      chunks: [big.subarray(0, 300_000), big.subarray(300_000, 600_000), big.subarray(600_000)],
      cutAfter: 600_000,
    });
    expect(res).toEqual({ cut: true, sent: 600_000 });
    // The catalog removes the staged bytes once it sees the call cancelled.
    await eventually(async () => JSON.stringify(await state()) === JSON.stringify(before), 5_000);
    expect((await t.admin.get('/api/mod/upl/5.0')).status).toBe(404);
  });
});
