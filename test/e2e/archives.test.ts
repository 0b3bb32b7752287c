// Mod archives against a real stack and a mirror served by this test (some archives as recorded,
// one missing, one altered): a version's own download url in every read that shows a download
// address, the rehash route, the admin CLI's rehash and audit-mirror, and private notes on writes.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expectReply, must, startTestStack, userWithToken, type TestStack } from '../support';

const REPO = path.resolve(__dirname, '../..');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** path → archive body; requests counted by path. */
const archives = new Map<string, string>();
const requests: string[] = [];
let mirror: http.Server;
let mirrorUrl: string;
let t: TestStack;
let manager: string;
let creator: string;

const archive = (mod: string, version: string) => `/repo/mods/${mod}/${mod}-${version}.zip`;
/** The version record as it always was: no url, no notes. */
const VERSION_RECORD_KEYS = ['id', 'mod_id', 'version', 'md5', 'filesize', 'created_at', 'updated_at'];

beforeAll(async () => {
  mirror = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = archives.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end('Not Found');
    else res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/repo/`;
  // The mirror is on loopback: private addresses allowed.
  t = await startTestStack({ mirrorUrl, env: { ARCHIVE_ALLOW_PRIVATE: 'true', MOD_VERSION_URLS: 'true' } });
  manager = await userWithToken(t.admin, 'modder', ['mods_manage']);
  creator = await userWithToken(t.admin, 'creator', ['mods_create']);

  // The catalogue: right, unrecorded size, missing, altered, its own url, a host not allowed.
  const versions: [string, string, string, number | null, string?][] = [
    ['alpha', '1.0', 'alpha one', 9],
    ['alpha', '2.0', 'alpha two', null],
    ['beta', '1.0', 'beta one', 8],
    ['gamma', '1.0', 'gamma one', 9],
    ['delta', '1.0', 'delta one', 9, `${mirrorUrl}elsewhere/Delta%201.0.jar`],
    ['epsilon', '1.0', 'epsilon one', 11, 'https://cdn.example.invalid/epsilon.zip'],
  ];
  for (const mod of new Set(versions.map((v) => v[0]))) {
    must(await t.admin.post('/api/mod', { name: mod, pretty_name: mod.toUpperCase() }), 201, `mod ${mod}`);
  }
  for (const [mod, version, body, filesize, url] of versions) {
    must(
      await t.admin.post(`/api/mod/${mod}/version`, { version, md5: md5(body), filesize, ...(url ? { url } : {}) }),
      201,
      `version ${mod} ${version}`,
    );
    archives.set(url ? new URL(url).pathname : archive(mod, version), body);
  }
  archives.delete(archive('beta', '1.0'));
  archives.set(archive('gamma', '1.0'), 'gamma one, repacked');
});

afterAll(async () => {
  await t?.stop();
  mirror?.close();
});

/** The admin CLI as an operator runs it, against the stack's catalog. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', 'services/admin/src/cli.ts', ...args],
      {
        cwd: REPO,
        // Only where the catalog is: the catalog fetches, with its own settings.
        env: { ...process.env, CATALOG_GRPC_ADDR: `127.0.0.1:${t.stack.ports.catalog}` },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run admin -- audit-mirror', () => {
  it('reports the missing archive, the altered one and the refused host, and exits 3', async () => {
    const { code, stdout, stderr } = await cli('audit-mirror', '--json', '--concurrency', '3');
    expect({ code, stderr: stderr.split('\n').filter(Boolean).pop() }).toEqual({
      code: 3,
      stderr: 'depot-admin: 3 problem(s) found',
    });
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      mirror_url: mirrorUrl,
      checked: 6,
      ok: 3,
      counts: { missing: 1, md5_mismatch: 1, size_mismatch: 0, refused: 1, failed: 0 },
      concurrency: 3,
    });
    expect(report.problems).toEqual([
      {
        problem: 'missing',
        mod: 'beta',
        version: '1.0',
        url: `${mirrorUrl}mods/beta/beta-1.0.zip`,
        detail: `${mirrorUrl}mods/beta/beta-1.0.zip answered 404`,
      },
      {
        problem: 'md5_mismatch',
        mod: 'gamma',
        version: '1.0',
        url: `${mirrorUrl}mods/gamma/gamma-1.0.zip`,
        detail: `the version records md5 ${md5('gamma one')}, the archive is ${md5('gamma one, repacked')}`,
        recorded_md5: md5('gamma one'),
        archive_md5: md5('gamma one, repacked'),
        recorded_filesize: 9,
        archive_filesize: 19,
      },
      {
        problem: 'refused',
        mod: 'epsilon',
        version: '1.0',
        url: 'https://cdn.example.invalid/epsilon.zip',
        detail: 'the host cdn.example.invalid is not one archives may be fetched from (ARCHIVE_HOSTS)',
      },
    ]);
    // Progress went to stderr as plain lines (no terminal here).
    expect(stderr).toContain('audit-mirror: 6 version(s) to check\n');
    expect(stderr).toContain(
      'audit-mirror: 6/6 checked, 1 missing, 1 md5 mismatch, 0 size mismatch, 1 refused, 0 failed\n',
    );
  });

  it('says it in words without --json', async () => {
    const { code, stdout } = await cli('audit-mirror');
    expect(code).toBe(3);
    expect(stdout).toMatch(new RegExp(`^Mirror audit of 6 version\\(s\\) on ${mirrorUrl.replace(/\./g, '\\.')} in `));
    expect(stdout).toContain(
      `\nMissing archives:\n  beta 1.0  ${mirrorUrl}mods/beta/beta-1.0.zip\n    ${mirrorUrl}mods/beta/beta-1.0.zip answered 404\n`,
    );
  });
});

describe('POST /api/mod/{slug}/{version}/rehash', () => {
  const rehash = (mod: string, version: string, body?: unknown, token?: string | null) =>
    t.admin.post(`/api/mod/${mod}/${encodeURIComponent(version)}/rehash`, body, token === undefined ? {} : { token });

  it('needs mods_manage', async () => {
    expectReply(await rehash('alpha', '1.0', undefined, null), 401, { error: 'Unauthenticated.' });
    expectReply(await rehash('alpha', '1.0', undefined, creator), 403, { error: 'This action is unauthorized.' });
  });

  it('answers what the archive is; a match stores nothing', async () => {
    expectReply(await rehash('alpha', '1.0', undefined, manager), 200, {
      url: `${mirrorUrl}mods/alpha/alpha-1.0.zip`,
      md5: md5('alpha one'),
      filesize: 9,
      recorded_md5: md5('alpha one'),
      recorded_filesize: 9,
      md5_matches: true,
      filesize_matches: true,
      stored: false,
    });
  });

  it('reports a mismatch without changing anything, and stores it when asked', async () => {
    const before = (await t.anon.get('/api/mod/gamma/1.0')).body;
    const found = {
      url: `${mirrorUrl}mods/gamma/gamma-1.0.zip`,
      md5: md5('gamma one, repacked'),
      filesize: 19,
      recorded_md5: md5('gamma one'),
      recorded_filesize: 9,
      md5_matches: false,
      filesize_matches: false,
    };
    expectReply(await rehash('gamma', '1.0', { store: false }), 200, { ...found, stored: false });
    expectReply(await t.anon.get('/api/mod/gamma/1.0'), 200, before);

    expectReply(await rehash('gamma', '1.0', { store: true }), 200, { ...found, stored: true });
    // Read back at once (the cached read was invalidated).
    expectReply(await t.anon.get('/api/mod/gamma/1.0'), 200, {
      id: before.id,
      md5: md5('gamma one, repacked'),
      filesize: 19,
      url: `${mirrorUrl}mods/gamma/gamma-1.0.zip`,
    });
    expectReply(await rehash('gamma', '1.0', { store: true }), 200, {
      ...found,
      recorded_md5: md5('gamma one, repacked'),
      recorded_filesize: 19,
      md5_matches: true,
      filesize_matches: true,
      stored: false,
    });
  });

  it("fetches a version's own url", async () => {
    const res = await rehash('delta', '1.0');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: `${mirrorUrl}elsewhere/Delta%201.0.jar`, md5_matches: true });
    expect(requests).toContain('/repo/elsewhere/Delta%201.0.jar');
  });

  it('a missing archive is a 502, a refused URL a 422, an absent version a 404; nothing changes', async () => {
    expectReply(await rehash('beta', '1.0', { store: true }), 502, {
      error: `The archive is missing: ${mirrorUrl}mods/beta/beta-1.0.zip answered 404.`,
    });
    expectReply(await rehash('epsilon', '1.0', { store: true }), 422, {
      error:
        'The archive URL may not be fetched: the host cdn.example.invalid is not one archives may be fetched from (ARCHIVE_HOSTS).',
    });
    expect(requests.some((r) => r.includes('epsilon'))).toBe(false);
    expectReply(await rehash('beta', '9.9'), 404, { error: 'Mod version not found.' });
    expectReply(await rehash('nope', '1.0'), 404, { error: 'Mod not found.' });
    expectReply(await rehash('beta', '1.0', { store: 'yes' }), 422, {
      error: { store: ['The store field must be true or false.'] },
    });
    expect((await t.anon.get('/api/mod/beta/1.0')).body).toMatchObject({ md5: md5('beta one'), filesize: 8 });
  });

  it('the CLI rehash answers the same, exit 3 while a mismatch is left as it is', async () => {
    archives.set(archive('alpha', '2.0'), 'alpha two, rebuilt');
    const left = await cli('rehash', 'alpha', '2.0');
    expect(left.code).toBe(3);
    expect(JSON.parse(left.stdout)).toEqual({
      url: `${mirrorUrl}mods/alpha/alpha-2.0.zip`,
      md5: md5('alpha two, rebuilt'),
      filesize: 18,
      recorded_md5: md5('alpha two'),
      recorded_filesize: null,
      md5_matches: false,
      filesize_matches: false,
      stored: false,
    });
    const stored = await cli('rehash', 'alpha', '2.0', '--store');
    expect(stored.code).toBe(0);
    expect(JSON.parse(stored.stdout)).toMatchObject({ stored: true });
    expect((await t.anon.get('/api/mod/alpha/2.0')).body).toMatchObject({
      md5: md5('alpha two, rebuilt'),
      filesize: 18,
    });
    const missing = await cli('rehash', 'beta', '1.0');
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toBe(
      `depot-admin: The archive is missing: ${mirrorUrl}mods/beta/beta-1.0.zip answered 404.\n`,
    );
  });
});

describe("a version's own download url", () => {
  const own = () => `${mirrorUrl}elsewhere/Delta%201.0.jar`;

  beforeAll(async () => {
    must(await t.admin.post('/api/modpack', { name: 'Pack', slug: 'pack', hidden: false }), 201, 'modpack');
    must(
      await t.admin.post('/api/modpack/pack/build', { version: '1', minecraft: '1.20.1', is_published: true }),
      201,
      'build',
    );
    for (const mod of ['alpha', 'delta']) {
      must(await t.admin.post('/api/modpack/pack/1/mod', { mod_slug: mod, mod_version: '1.0' }), 201, mod);
    }
  });

  const urls = async (query = '') =>
    (await t.anon.get(`/api/modpack/pack/1${query}`)).body.mods.map((m: any) => [m.name, m.url]);

  it('shows in the version read, the build read and include=mods instead of the mirror form', async () => {
    expect((await t.anon.get('/api/mod/delta/1.0')).body.url).toBe(own());
    for (const query of ['', '?include=mods']) {
      expect(await urls(query)).toEqual([
        ['alpha', `${mirrorUrl}mods/alpha/alpha-1.0.zip`],
        ['delta', own()],
      ]);
    }
  });

  it('is answered in the version record when set, and cleared with null: reads go back to the mirror form', async () => {
    const moved = 'https://cdn.example.invalid/delta-1.0.jar';
    const res = await t.admin.put('/api/mod/delta/1.0', { url: moved });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([
      'id',
      'mod_id',
      'version',
      'md5',
      'filesize',
      'url',
      'created_at',
      'updated_at',
    ]);
    expect(res.body.url).toBe(moved);
    expect((await t.anon.get('/api/mod/delta/1.0')).body.url).toBe(moved);
    expect(await urls('?include=mods')).toEqual([
      ['alpha', `${mirrorUrl}mods/alpha/alpha-1.0.zip`],
      ['delta', moved],
    ]);

    const cleared = await t.admin.put('/api/mod/delta/1.0', { url: null });
    expect(Object.keys(cleared.body)).toEqual(VERSION_RECORD_KEYS);
    const mirrorForm = `${mirrorUrl}mods/delta/delta-1.0.zip`;
    expect((await t.anon.get('/api/mod/delta/1.0')).body.url).toBe(mirrorForm);
    for (const query of ['', '?include=mods']) {
      expect(await urls(query)).toEqual([
        ['alpha', `${mirrorUrl}mods/alpha/alpha-1.0.zip`],
        ['delta', mirrorForm],
      ]);
    }
  });

  it('must be an http(s) URL', async () => {
    for (const url of ['ftp://x.example/a.zip', 'javascript:alert(1)', 'x'.repeat(10)]) {
      expectReply(await t.admin.put('/api/mod/delta/1.0', { url }), 422, {
        error: { url: ['The url field must be a valid URL.'] },
      });
    }
  });
});

describe('notes on writes', () => {
  const RECORD_KEYS = ['id', 'name', 'pretty_name', 'author', 'description', 'link', 'created_at', 'updated_at'];

  it('without notes, write answers are exactly as they were, for the admin token too', async () => {
    const created = await t.admin.post('/api/mod', { name: 'plain', pretty_name: 'Plain' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(RECORD_KEYS);
    const version = await t.admin.post('/api/mod/plain/version', { version: '1', md5: md5('p') });
    expect(Object.keys(version.body)).toEqual(VERSION_RECORD_KEYS);
  });

  it('are answered to mods_manage and solder_full, never to mods_create alone', async () => {
    const withNotes = await t.admin.post('/api/mod', { name: 'noted', pretty_name: 'Noted', notes: 'keep 1.x' });
    expect(withNotes.status).toBe(201);
    expect(Object.keys(withNotes.body)).toEqual([...RECORD_KEYS.slice(0, 6), 'notes', ...RECORD_KEYS.slice(6)]);
    expect(withNotes.body.notes).toBe('keep 1.x');

    const byCreator = await t.admin.post(
      '/api/mod',
      { name: 'noted2', pretty_name: 'Noted 2', notes: 'x' },
      { token: creator },
    );
    expect(byCreator.status).toBe(201);
    expect(Object.keys(byCreator.body)).toEqual(RECORD_KEYS);

    const updated = await t.admin.put('/api/mod/noted2', { description: 'd' }, { token: manager });
    expect(updated.body.notes).toBe('x');
    const version = await t.admin.post(
      '/api/mod/noted/version',
      { version: '1', md5: md5('n'), notes: 'beta build' },
      { token: manager },
    );
    expect(version.body.notes).toBe('beta build');
  });
});

describe('notes on the mod reads', () => {
  const VIEW_KEYS = ['id', 'name', 'pretty_name', 'author', 'description', 'link', 'versions'];
  const read = (path: string, token: string | null) => t.anon.get(path, { token });

  it('anonymous: absent; a mods_manage token or the admin: present; another token: absent', async () => {
    for (const token of [null, creator, 'depot_not-a-token']) {
      const mod = await read('/api/mod/noted', token);
      expect({ status: mod.status, keys: Object.keys(mod.body) }).toEqual({ status: 200, keys: VIEW_KEYS });
      const version = await read('/api/mod/noted/1', token);
      expect({ status: version.status, keys: Object.keys(version.body) }).toEqual({
        status: 200,
        keys: ['id', 'md5', 'filesize', 'url'],
      });
    }
    for (const token of [manager, t.adminToken]) {
      const mod = await read('/api/mod/noted', token);
      expect(Object.keys(mod.body)).toEqual([...VIEW_KEYS.slice(0, 6), 'notes', 'versions']);
      expect(mod.body.notes).toBe('keep 1.x');
      expect((await read('/api/mod/noted/1', token)).body).toMatchObject({ notes: 'beta build' });
    }
  });

  it('the anonymous read stays cached and right after notes change; the private one follows the write', async () => {
    const before = await read('/api/mod/noted', null);
    expect((await t.admin.put('/api/mod/noted', { notes: 'keep 2.x' })).status).toBe(200);
    expectReply(await read('/api/mod/noted', null), 200, before.body);
    expect((await read('/api/mod/noted', manager)).body.notes).toBe('keep 2.x');
    expect((await t.admin.put('/api/mod/noted', { notes: null })).status).toBe(200);
    expectReply(await read('/api/mod/noted', manager), 200, before.body);
  });

  it('without notes, every read is byte for byte what anyone reads, with the admin token too', async () => {
    for (const path of ['/api/mod/plain', '/api/mod/plain/1']) {
      const anonymous = await read(path, null);
      const admin = await read(path, t.adminToken);
      expect({ status: admin.status, text: admin.text, etag: admin.headers.get('etag') }).toEqual({
        status: 200,
        text: anonymous.text,
        etag: anonymous.headers.get('etag'),
      });
    }
  });
});
