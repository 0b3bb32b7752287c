// Downloading hosted archives from the mirror's URLs, which Depot answers itself (GET and HEAD
// /mods/{slug}/{slug}-{version}.zip) against a real stack whose mirror is its own address (no
// SERVICE_MIRROR_URL) and an fs store of the test's own: a jar uploaded in one request, fetched
// from the URL of the launcher's build read and checked as the Technic Launcher checks it; HEAD,
// ranges, conditional requests; and pull-through to an old mirror served by this test.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { must, startTestStack, userWithToken, type TestStack } from '../support';
import { makeJar, md5Hex, putFile } from '../support/archives';

let t: TestStack;
let dir: string;
let upstream: http.Server;
const upstreamRequests: { url: string; headers: http.IncomingHttpHeaders }[] = [];
const LEGACY = Buffer.from('PK legacy archive bytes on the old mirror');
let hosted: { url: string; md5: string; size: number; bytes: Buffer };

/** The Technic Launcher's check: download (following redirects), md5 hex compared ignoring case. */
async function launcherDownload(url: string, md5: string): Promise<Buffer> {
  const res = await fetch(url, { redirect: 'follow' });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(md5Hex(bytes).toLowerCase()).toBe(md5.toLowerCase());
  return bytes;
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    upstreamRequests.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/old/mods/legacy/legacy-1.0.zip')
      res.writeHead(200, { 'content-type': 'application/zip' }).end(LEGACY);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-download-'));
  t = await startTestStack({
    mirrorUrl: null,
    env: {
      ARCHIVE_STORE_DIR: dir,
      ARCHIVE_UPSTREAM_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/old/`,
    },
  });
  const modder = await userWithToken(t.admin, 'modder', ['mods_manage']);
  must(await t.admin.post('/api/mod', { name: 'dl', pretty_name: 'Download' }), 201, 'mod');
  const up = await putFile(`${t.url}/api/mod/dl/1.0/archive?file_name=dl.jar&create=true`, await makeJar(300_000), {
    token: modder,
  });
  expect(up.status).toBe(201);
  // A private modpack's build: its archives stay public by URL, as in Solder.
  must(
    await t.admin.post('/api/modpack', { name: 'DL Pack', slug: 'dl-pack', hidden: true, private: true }),
    201,
    'pack',
  );
  must(
    await t.admin.post('/api/modpack/dl-pack/build', { version: '1', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  must(await t.admin.post('/api/modpack/dl-pack/1/mod', { mod_slug: 'dl', mod_version: '1.0' }), 201, 'assign');
  const build = must(await t.admin.get('/api/modpack/dl-pack/1'), 200, 'build read');
  const [mod] = build.mods;
  expect(mod.url).toBe(`${t.url}/mods/dl/dl-1.0.zip`);
  hosted = { url: mod.url, md5: mod.md5, size: mod.filesize, bytes: Buffer.alloc(0) };
}, 120_000);

afterAll(async () => {
  await t?.stop();
  upstream?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the build read's url downloads, without credentials, the bytes whose md5 the build gives", async () => {
  hosted.bytes = await launcherDownload(hosted.url, hosted.md5);
  expect(hosted.bytes.length).toBe(hosted.size);
  const res = await fetch(hosted.url);
  expect(
    Object.fromEntries(
      ['content-type', 'content-disposition', 'content-length', 'etag', 'accept-ranges', 'cache-control'].map((h) => [
        h,
        res.headers.get(h),
      ]),
    ),
  ).toEqual({
    'content-type': 'application/zip',
    'content-disposition': 'attachment; filename="dl-1.0.zip"',
    'content-length': String(hosted.size),
    etag: `"${hosted.md5}"`,
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=86400',
  });
  expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
  await res.arrayBuffer();
});

test('HEAD answers the headers alone', async () => {
  const res = await fetch(hosted.url, { method: 'HEAD' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-length')).toBe(String(hosted.size));
  expect(res.headers.get('etag')).toBe(`"${hosted.md5}"`);
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="dl-1.0.zip"');
  expect((await res.arrayBuffer()).byteLength).toBe(0);
});

test("a version's name of any characters is the attachment's name, in RFC 6266's two forms", async () => {
  const version = '1.0 "β";x%41';
  const up = await putFile(
    `${t.url}/api/mod/dl/${encodeURIComponent(version)}/archive?file_name=dl.jar&create=true`,
    await makeJar(),
    { token: t.adminToken },
  );
  expect(up.status).toBe(201);
  const res = await fetch(`${t.url}/mods/dl/${encodeURIComponent(`dl-${version}.zip`)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="dl-1.0 ___;x_41.zip"; filename*=UTF-8''dl-1.0%20%22%CE%B2%22%3Bx%2541.zip`,
  );
  await res.arrayBuffer();
});

test('a byte range is 206 with its bytes; a range past the end is 416; If-Range with another ETag is the whole file', async () => {
  const part = await fetch(hosted.url, { headers: { range: 'bytes=100-1099' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${hosted.size}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(hosted.bytes.subarray(100, 1100))).toBe(true);

  const tail = await fetch(hosted.url, { headers: { range: 'bytes=-10' } });
  expect(tail.status).toBe(206);
  expect(Buffer.from(await tail.arrayBuffer()).equals(hosted.bytes.subarray(hosted.size - 10))).toBe(true);

  const past = await fetch(hosted.url, { headers: { range: `bytes=${hosted.size}-` } });
  expect(past.status).toBe(416);
  expect(past.headers.get('content-range')).toBe(`bytes */${hosted.size}`);
  expect(await past.json()).toEqual({ error: 'Range not satisfiable.' });

  const stale = await fetch(hosted.url, { headers: { range: 'bytes=0-9', 'if-range': '"0123"' } });
  expect(stale.status).toBe(200);
  expect(Buffer.from(await stale.arrayBuffer()).equals(hosted.bytes)).toBe(true);
  const current = await fetch(hosted.url, { headers: { range: 'bytes=0-9', 'if-range': `"${hosted.md5}"` } });
  expect(current.status).toBe(206);
  await current.arrayBuffer();
});

test('If-None-Match with the ETag, or If-Modified-Since not older, is 304 without a body', async () => {
  const byEtag = await fetch(hosted.url, { headers: { 'if-none-match': `"${hosted.md5}"` } });
  expect(byEtag.status).toBe(304);
  expect((await byEtag.arrayBuffer()).byteLength).toBe(0);
  const lastModified = byEtag.headers.get('last-modified')!;
  const byDate = await fetch(hosted.url, { headers: { 'if-modified-since': lastModified } });
  expect(byDate.status).toBe(304);
  const other = await fetch(hosted.url, { headers: { 'if-none-match': '"other"' } });
  expect(other.status).toBe(200);
  await other.arrayBuffer();
  // HEAD's 304 is GET's: no Content-Length (nor the zip's other headers).
  for (const method of ['GET', 'HEAD']) {
    const res = await fetch(hosted.url, { method, headers: { 'if-none-match': `"${hosted.md5}"` } });
    expect([method, res.status]).toEqual([method, 304]);
    for (const name of ['content-length', 'content-type', 'content-disposition'])
      expect([method, name, res.headers.get(name)]).toEqual([method, name, null]);
  }
});

test('If-Range with a date applies the range only when it is exactly Last-Modified', async () => {
  const lastModified = (await fetch(hosted.url, { method: 'HEAD' })).headers.get('last-modified')!;
  const exact = await fetch(hosted.url, { headers: { range: 'bytes=0-9', 'if-range': lastModified } });
  expect(exact.status).toBe(206);
  expect(Buffer.from(await exact.arrayBuffer()).equals(hosted.bytes.subarray(0, 10))).toBe(true);
  const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
  for (const date of [later, new Date(Date.parse(lastModified) - 60_000).toUTCString()]) {
    const res = await fetch(hosted.url, { headers: { range: 'bytes=0-9', 'if-range': date } });
    expect([date, res.status]).toEqual([date, 200]);
    expect(Buffer.from(await res.arrayBuffer()).equals(hosted.bytes)).toBe(true);
  }
});

test('a Range that is not a byte range-set of RFC 9110 is ignored: the whole file', async () => {
  for (const range of ['bytes=-5-10', 'bytes=5-2', 'bytes=0x1-5', 'bytes=+1-5', 'bytes=1-2-3', 'bytes=', 'pages=1-2']) {
    const res = await fetch(hosted.url, { headers: { range } });
    expect([range, res.status, res.headers.get('content-range')]).toEqual([range, 200, null]);
    expect(Buffer.from(await res.arrayBuffer()).equals(hosted.bytes)).toBe(true);
  }
  // The grammar's optional whitespace and empty elements, and the unit in any case, are a range.
  const spaced = await fetch(hosted.url, { headers: { range: 'Bytes= , 0-4 ,' } });
  expect([spaced.status, spaced.headers.get('content-range')]).toEqual([206, `bytes 0-4/${hosted.size}`]);
  await spaced.arrayBuffer();
});

test('an archive Depot does not host is proxied to ARCHIVE_UPSTREAM_URL, without the credentials sent', async () => {
  upstreamRequests.length = 0;
  const res = await fetch(`${t.url}/mods/legacy/legacy-1.0.zip`, {
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer()).equals(LEGACY)).toBe(true);
  expect(upstreamRequests.map((r) => r.url)).toEqual(['/old/mods/legacy/legacy-1.0.zip']);
  expect(upstreamRequests[0].headers.authorization).toBeUndefined();
  // The upstream's 404 is Depot's own, as without an upstream (archive-pull-through.test.ts: the rest).
  const missing = await fetch(`${t.url}/mods/legacy/legacy-2.0.zip`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ error: 'Mod does not exist' });
});

test('a path that would leave mods/{slug}/ on the upstream never reaches it: the JSON 404', async () => {
  upstreamRequests.length = 0;
  for (const hostile of [
    '/mods/a/..%2F..%2Fsecret',
    '/mods/a/a-..%2F..%2Fsecret.zip',
    '/mods/a/a-x%2F..%2F..%2F..%2Fsecret.zip',
    '/mods/%2E%2E/%2E%2E-1.zip',
    '/mods/a/a-..%5C..%5Csecret.zip',
  ]) {
    const res = await fetch(`${t.url}${hostile}`);
    expect([hostile, res.status]).toEqual([hostile, 404]);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  }
  expect(upstreamRequests).toEqual([]);
});

test('a name that is not {slug}-{version}.zip is the JSON 404', async () => {
  const res = await fetch(`${t.url}/mods/dl/other-1.0.zip`);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: 'Not found.' });
});
