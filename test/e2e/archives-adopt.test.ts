// `npm run admin -- archives adopt` against a real stack (its fs store, its own address as the
// mirror) and an old mirror served by this test: a dry run fetches and verifies but stores nothing;
// a run copies what matches its record (then the launcher's URL on Depot serves those bytes from
// the store, not from the upstream), reports a mismatch (not stored) and an archive missing
// upstream, skips a version with its own url, and exits 3; a second run adopts nothing.
/* eslint-disable @typescript-eslint/no-explicit-any -- reports are whatever each test asserts */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { adminCli, must, startTestStack, type TestStack } from '../support';
import { md5Hex, modZip, readHosted, sha256Hex, storeContents, unzip } from '../support/archives';

let t: TestStack;
let dir: string;
let mirror: http.Server;
let upstream: string;
const served = new Map<string, Buffer>();
const requests: string[] = [];
const zips: Record<string, Buffer> = {};

beforeAll(async () => {
  mirror = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = served.get(req.url ?? '');
    if (!body) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/old/`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-adopt-'));
  t = await startTestStack({
    mirrorUrl: null,
    // ARCHIVE_HOSTS: the own url of ad-beta 3.0 is on the test's mirror (the upstream's host is allowed anyway).
    env: {
      ARCHIVE_STORE_DIR: dir,
      ARCHIVE_ALLOW_PRIVATE: 'true',
      ARCHIVE_HOSTS: '127.0.0.1',
      MOD_VERSION_URLS: 'true',
    },
  });
  for (const key of ['ad-alpha-1.0', 'ad-alpha-2.0', 'ad-beta-1.0', 'ad-beta-2.0', 'ad-beta-3.0', 'other'])
    zips[key] = await modZip(key, '1');
  for (const mod of ['ad-alpha', 'ad-beta'])
    must(await t.admin.post('/api/mod', { name: mod, pretty_name: mod }), 201, mod);
  const version = async (mod: string, v: string, extra: Record<string, unknown> = {}) =>
    must(
      await t.admin.post(`/api/mod/${mod}/version`, { version: v, md5: md5Hex(zips[`${mod}-${v}`]), ...extra }),
      201,
      `${mod} ${v}`,
    );
  await version('ad-alpha', '1.0');
  await version('ad-alpha', '2.0');
  await version('ad-beta', '1.0'); // upstream has other bytes
  await version('ad-beta', '2.0'); // upstream has nothing
  await version('ad-beta', '3.0', { url: `${upstream}elsewhere/ad-beta-3.0.zip` }); // its own url
  served.set('/old/mods/ad-alpha/ad-alpha-1.0.zip', zips['ad-alpha-1.0']);
  served.set('/old/mods/ad-alpha/ad-alpha-2.0.zip', zips['ad-alpha-2.0']);
  served.set('/old/mods/ad-beta/ad-beta-1.0.zip', zips.other);
  served.set('/old/elsewhere/ad-beta-3.0.zip', zips['ad-beta-3.0']);
  // A build, so that the launcher's URL of an adopted archive can be read.
  must(await t.admin.post('/api/modpack', { name: 'Adopt Pack', slug: 'adopt-pack' }), 201, 'pack');
  must(
    await t.admin.post('/api/modpack/adopt-pack/build', { version: '1', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  must(
    await t.admin.post('/api/modpack/adopt-pack/1/mod', { mod_slug: 'ad-alpha', mod_version: '1.0' }),
    201,
    'assign',
  );
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await new Promise((resolve) => mirror?.close(resolve));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const adopt = async (args: string[], env: Record<string, string> = {}) => {
  const r = await adminCli(t, ['archives', 'adopt', ...args], undefined, env);
  return { ...r, report: r.stdout.trim().startsWith('{') ? JSON.parse(r.stdout) : undefined };
};
const outcomes = (report: any) =>
  Object.fromEntries(report.items.map((i: any) => [`${i.mod} ${i.version}`, i.outcome]));
const EXPECTED = {
  'ad-alpha 1.0': 'adopted',
  'ad-alpha 2.0': 'adopted',
  'ad-beta 1.0': 'md5_mismatch',
  'ad-beta 2.0': 'missing_upstream',
  'ad-beta 3.0': 'own_url_skipped',
};

describe('npm run admin -- archives adopt', () => {
  it('--dry-run: fetches and verifies, says what would happen, and stores nothing', async () => {
    const { code, report, stderr } = await adopt([
      '--from',
      upstream,
      '--dry-run',
      '--json',
      // 4 versions a page: two pages
      '--concurrency',
      '1',
      '--mod',
      'ad-alpha',
      'ad-beta',
      'nope',
    ]);
    expect(code).toBe(3);
    expect(report).toMatchObject({ dry_run: true, upstream_url: upstream, versions: 5, unknown_mods: ['nope'] });
    expect(outcomes(report)).toEqual(EXPECTED);
    expect(report.bytes_adopted).toBe(zips['ad-alpha-1.0'].length + zips['ad-alpha-2.0'].length);
    expect(stderr).toContain('adopt: [5/5]');
    expect(storeContents(dir)).toEqual({ objects: [], staged: 0 });
    expect((await readHosted(t, 'ad-alpha', '1.0')).code).toBe(5); // NOT_FOUND: not hosted
  });

  it('copies what matches its record from ARCHIVE_UPSTREAM_URL, reports the rest, exits 3; Depot then serves the bytes', async () => {
    const { code, report, stderr } = await adopt(['--json', '--concurrency', '2'], { ARCHIVE_UPSTREAM_URL: upstream });
    expect(code).toBe(3);
    expect(stderr.trim().split('\n').pop()).toBe('depot-admin: 2 archive(s) or mod(s) left out: see the report');
    expect(report.upstream_url).toBe(upstream);
    expect(outcomes(report)).toEqual(EXPECTED);
    const mismatch = report.items.find((i: any) => i.outcome === 'md5_mismatch');
    expect(mismatch.detail).toBe(
      `The archive's md5 is ${md5Hex(zips.other)}, the version records ${md5Hex(zips['ad-beta-1.0'])}.`,
    );
    expect(report.bytes_adopted).toBe(zips['ad-alpha-1.0'].length + zips['ad-alpha-2.0'].length);
    for (const v of ['1.0', '2.0']) {
      const read = await readHosted(t, 'ad-alpha', v);
      expect(read.data.equals(zips[`ad-alpha-${v}`])).toBe(true);
    }
    // Not stored: the mismatch, the missing one, the one with its own url.
    for (const v of ['1.0', '2.0', '3.0']) expect((await readHosted(t, 'ad-beta', v)).code).toBe(5);
    const beta = must(await t.admin.get('/api/mod/ad-beta/1.0'), 200, 'ad-beta 1.0');
    expect(beta.md5).toBe(md5Hex(zips['ad-beta-1.0']));
    // The two adopted archives, and the jar each holds, taken out as its own file (docs/exports.md#jars).
    const jarsOf = (zip: Buffer) => [...unzip(zip).values()].map(sha256Hex);
    expect(storeContents(dir)).toEqual({
      objects: [
        ...[zips['ad-alpha-1.0'], zips['ad-alpha-2.0']].map(sha256Hex),
        ...jarsOf(zips['ad-alpha-1.0']),
        ...jarsOf(zips['ad-alpha-2.0']),
      ].sort(),
      staged: 0,
    });

    // The launcher's URL, read from the build, downloads the adopted bytes from Depot's store.
    const build = must(await t.admin.get('/api/modpack/adopt-pack/1'), 200, 'build read');
    const [mod] = build.mods;
    expect(mod.url).toBe(`${t.url}/mods/ad-alpha/ad-alpha-1.0.zip`);
    const before = requests.length;
    const res = await fetch(mod.url);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(zips['ad-alpha-1.0'])).toBe(true);
    expect(md5Hex(bytes)).toBe(mod.md5);
    expect(requests.length).toBe(before); // not pulled through from the upstream
  });

  it('a second run adopts nothing; the text report counts what is hosted already', async () => {
    const objects = storeContents(dir);
    const { code, stdout } = await adopt(['--from', upstream]);
    expect(code).toBe(3);
    expect(stdout).toMatch(
      /^Adopted the archives of 3 version\(s\) not hosted, from http:\/\/127\.0\.0\.1:\d+\/old\/, in /,
    );
    expect(stdout).toContain('\n  adopted          0\n');
    expect(stdout).toContain('\n  already hosted   2\n');
    expect(stdout).toContain('\n  own url skipped  1\n');
    expect(stdout).toContain(`\nMissing upstream:\n  ad-beta 2.0: ${upstream}mods/ad-beta/ad-beta-2.0.zip\n`);
    expect(storeContents(dir)).toEqual(objects);
  });

  it('--include-own-urls adopts a version with its own url from that url; the version then downloads from Depot', async () => {
    const { code, report } = await adopt(['--from', upstream, '--json', '--include-own-urls', '--mod', 'ad-beta']);
    expect(code).toBe(3);
    expect(outcomes(report)).toEqual({
      'ad-beta 1.0': 'md5_mismatch',
      'ad-beta 2.0': 'missing_upstream',
      'ad-beta 3.0': 'adopted',
    });
    const v = must(await t.admin.get('/api/mod/ad-beta/3.0'), 200, 'ad-beta 3.0');
    expect(v.url).toBe(`${t.url}/mods/ad-beta/ad-beta-3.0.zip`);
    expect((await readHosted(t, 'ad-beta', '3.0')).data.equals(zips['ad-beta-3.0'])).toBe(true);
  });
});
