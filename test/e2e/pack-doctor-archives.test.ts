// The pack doctor's archive checks (issue 21, item 6), the case that gave a false all-clear: a
// recommended and latest build with one mod whose md5 has a one-digit typo and one whose zip was
// never put on the mirror. The doctor (route and CLI) names both, with their fixes; a hosted
// archive is checked in the store and passes; a mirror that cannot be reached gives no all-clear.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminCli, must, startTestStack, type TestStack } from '../support';
import { folderWith, md5Hex, modZip } from '../support/archives';

let t: TestStack;
let mirror: http.Server;
const files = new Map<string, Buffer>();
let repo: { dir: string; remove(): void };

beforeAll(async () => {
  mirror = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (!body) res.writeHead(404).end('Not Found');
    else res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  const mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/repo/`;
  t = await startTestStack({ mirrorUrl, env: { ARCHIVE_ALLOW_PRIVATE: 'true' } });
  const typoZip = await modZip('typo', '1.0');
  files.set('/repo/mods/typo/typo-1.0.zip', typoZip);
  const right = md5Hex(typoZip);
  const typo = right.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  const hostedZip = await modZip('hosted', '1.0');
  for (const [mod, md5] of [
    ['typo', typo],
    ['absent', md5Hex('never uploaded')],
    ['hosted', md5Hex(hostedZip)],
  ]) {
    must(await t.admin.post('/api/mod', { name: mod, pretty_name: mod }), 201, mod);
    must(await t.admin.post(`/api/mod/${mod}/version`, { version: '1.0', md5 }), 201, `${mod} 1.0`);
  }
  repo = folderWith({ 'mods/hosted/hosted-1.0.zip': hostedZip });
  expect((await adminCli(t, ['archives', 'push', repo.dir])).code).toBe(0);
  must(await t.admin.post('/api/modpack', { name: 'Typo Pack', slug: 'typo-pack', hidden: false }), 201, 'pack');
  must(
    await t.admin.post('/api/modpack/typo-pack/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  for (const mod of ['typo', 'absent', 'hosted'])
    must(await t.admin.post('/api/modpack/typo-pack/1.0/mod', { mod_slug: mod, mod_version: '1.0' }), 201, mod);
  must(await t.admin.put('/api/modpack/typo-pack', { recommended: '1.0', latest: '1.0' }), 200, 'recommended');
});

afterAll(async () => {
  await t?.stop();
  mirror?.close();
  repo?.remove();
});

test('names the archive with the md5 typo and the missing one, each with its fix; the hosted one passes', async () => {
  const d = must(await t.admin.get('/api/manage/modpacks/typo-pack/doctor'), 200, 'doctor');
  const archives = d.findings.filter((f: any) => f.code.startsWith('archive'));
  expect(archives.map((f: any) => [f.code, f.severity])).toEqual([
    ['archive-missing', 'error'],
    ['archive-md5-mismatch', 'error'],
  ]);
  expect(archives[0].message).toMatch(/^The archive of absent 1\.0 \(in build 1\.0\) is missing: .*answered 404\./);
  expect(archives[0].fix).toMatch(/^Upload it: PUT \/api\/mod\/absent\/1\.0\/archive with the zip/);
  expect(archives[1].message).toMatch(
    /^The archive of typo 1\.0 \(in build 1\.0\) has md5 [0-9a-f]{32}, but the version/,
  );
  expect(archives[1].fix).toMatch(/POST \/api\/mod\/typo\/1\.0\/rehash with \{"store": true\}/);
  expect(JSON.stringify(d.findings)).not.toMatch(/hosted 1\.0/);

  const cli = await adminCli(t, ['doctor', 'typo-pack']);
  expect(cli.code).toBe(3);
  expect(cli.stdout).toContain('ERROR [archive-missing]');
  expect(cli.stdout).toContain('ERROR [archive-md5-mismatch]');
  expect(cli.stdout).not.toContain('No problems found.');
});

test('a mirror that does not answer: the doctor says the archives were not checked', async () => {
  mirror.close();
  mirror.closeAllConnections();
  const d = must(await t.admin.get('/api/manage/modpacks/typo-pack/doctor'), 200, 'doctor');
  expect(d.findings.map((f: any) => f.code)).toContain('archives-unchecked');
  expect(d.findings.find((f: any) => f.code === 'archives-unchecked').message).toMatch(
    /^The archives of typo 1\.0 and absent 1\.0 could not be checked/,
  );
});
