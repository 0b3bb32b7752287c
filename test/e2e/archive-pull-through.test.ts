// Pull-through from an old mirror (docs/archives.md#pull-through) against a real stack: the
// upstream is a node:http server of this test on loopback (support/old-mirror.ts), which answers
// what a hostile or broken mirror may (cookies, CORS, HTML, redirects, tracebacks, trickles,
// endless bodies). A client of
// Depot's origin must only ever see an archive answer: the upstream's 200, 206 and 304 in the shape
// of a hosted download, Depot's own 404 and 416, and otherwise Depot's 502; never the upstream's
// other headers or bodies; within ARCHIVE_TRANSFER_TIMEOUT_MS and ARCHIVE_MAX_BYTES.
import http from 'node:http';
import { startTestStack, type TestStack } from '../support';
import { makeJar, putFile } from '../support/archives';
import { ETAG, LAST_MODIFIED, LEGACY, startOldMirror, type OldMirror } from '../support/old-mirror';

const TIMEOUT_MS = 2000;
const MAX_BYTES = 1_000_000;
const CONSOLE_ORIGIN = 'https://console.example';
const UPSTREAM_FAILED = { error: 'The upstream mirror (ARCHIVE_UPSTREAM_URL) failed or cannot be reached.' };
/** What every answer of this gateway carries (its CORS with a list of origins names them always). */
const EVERY_ANSWER = [
  'access-control-expose-headers',
  'connection',
  'date',
  'vary',
  'x-content-type-options',
  'x-request-id',
];
/** The headers of a JSON error. */
const JSON_ERROR = [...EVERY_ANSWER, 'content-length', 'content-type'].sort();
/** The surrogate keys of what a shared cache may keep (docs/caching.md). */
const KEYS = ['cache-tag', 'surrogate-key', 'xkey'];
/** A 404 of a download: kept briefly by a shared cache, under the mod list's key. */
const NOT_FOUND = [...JSON_ERROR, 'cache-control', ...KEYS].sort();
/** Depot's 502: never kept. */
const FAILED = [...JSON_ERROR, 'cache-control'].sort();
let t: TestStack;
let upstream: OldMirror;

interface Seen {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** false: the connection was cut before the whole body arrived. */
  complete: boolean;
  ms: number;
}

/** A request as a client sends it (a new connection), with exactly what came back. */
function download(path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Seen> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method: opts.method ?? 'GET', headers: opts.headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => undefined); // a cut connection: `complete` says so
      res.on('close', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          complete: res.complete,
          ms: Date.now() - started,
        }),
      );
    });
    req.end();
  });
}

const names = (s: Seen) => Object.keys(s.headers).sort();
const json = (s: Seen): unknown => JSON.parse(s.body.toString());

/** Depot's own 502: its message, and no header of the upstream's. */
function expectUpstreamFailed(s: Seen, what: string) {
  expect({ what, status: s.status, body: json(s) }).toEqual({ what, status: 502, body: UPSTREAM_FAILED });
  expect({ what, headers: names(s) }).toEqual({ what, headers: FAILED });
  expect(s.headers['cache-control']).toBe('no-store');
  expect(s.headers['content-type']).toBe('application/json; charset=utf-8');
}

beforeAll(async () => {
  upstream = await startOldMirror({ timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES });
  t = await startTestStack({
    mirrorUrl: null,
    env: {
      ARCHIVE_UPSTREAM_URL: upstream.url,
      ARCHIVE_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS),
      ARCHIVE_MAX_BYTES: String(MAX_BYTES),
      CORS_ORIGINS: CONSOLE_ORIGIN,
    },
  });
  // A hosted archive, to compare the shapes of both kinds of answers.
  expect((await t.admin.post('/api/mod', { name: 'dl', pretty_name: 'Download' })).status).toBe(201);
  const up = await putFile(`${t.url}/api/mod/dl/1.0/archive?file_name=dl.jar&create=true`, await makeJar(), {
    token: t.adminToken,
  });
  expect(up.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  upstream?.close();
});

beforeEach(() => {
  upstream.saw.length = 0;
});

test("a pulled archive is answered in a hosted download's shape, with none of the upstream's other headers", async () => {
  const credentials = { cookie: 'depot_session=mine', authorization: `Bearer ${t.adminToken}` };
  const pulled = await download('/mods/up/up-1.0.zip', { headers: { origin: 'https://evil.example', ...credentials } });
  expect(pulled.status).toBe(200);
  expect(pulled.body.equals(LEGACY)).toBe(true);
  expect({ ...pulled.headers, date: 'the date', 'x-request-id': 'the id' }).toEqual({
    'content-type': 'application/zip',
    'content-disposition': 'attachment; filename="up-1.0.zip"',
    'content-length': String(LEGACY.length),
    etag: ETAG,
    'last-modified': LAST_MODIFIED,
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=86400',
    // Not hosted: no mod to name, only the key that purges everything.
    'surrogate-key': 'all',
    'cache-tag': 'all',
    xkey: 'all',
    'x-content-type-options': 'nosniff',
    'x-request-id': 'the id',
    date: 'the date',
    connection: 'close',
    'access-control-expose-headers': 'ETag, Retry-After',
    vary: 'Origin',
  });
  const hosted = await download('/mods/dl/dl-1.0.zip', { headers: { origin: 'https://evil.example' } });
  expect(hosted.status).toBe(200);
  expect(names(pulled)).toEqual(names(hosted));
  // Neither credentials nor the client's origin went upstream; the bytes are asked as they are.
  expect(upstream.saw.map((r) => r.url)).toEqual(['/base/mods/up/up-1.0.zip']);
  expect(upstream.saw[0].headers).toEqual({
    host: expect.any(String),
    connection: 'keep-alive',
    'accept-encoding': 'identity',
  });

  // The gateway's own CORS answers its own origins.
  const fromConsole = await download('/mods/up/up-1.0.zip', { headers: { origin: CONSOLE_ORIGIN } });
  expect(fromConsole.headers['access-control-allow-origin']).toBe(CONSOLE_ORIGIN);
  expect(fromConsole.headers['access-control-allow-credentials']).toBeUndefined();
});

test('an upstream file of another type is served as a zip to save, never rendered', async () => {
  const html = await download('/mods/up/up-html.zip');
  expect(html.status).toBe(200);
  expect(html.headers['content-type']).toBe('application/zip');
  expect(html.headers['content-disposition']).toBe('attachment; filename="up-html.zip"');
  expect(html.headers['x-content-type-options']).toBe('nosniff');
  expect(html.headers['set-cookie']).toBeUndefined();
});

test('the query string never reaches the upstream: the path is exactly mods/{slug}/{file}', async () => {
  const res = await download('/mods/up/up-1.0.zip?url=http://evil.example/&k=secret');
  expect(res.status).toBe(200);
  expect(upstream.saw.map((r) => r.url)).toEqual(['/base/mods/up/up-1.0.zip']);
});

test('a range, HEAD, a 304 and a 416 are passed in the shape of a hosted answer', async () => {
  const part = await download('/mods/up/up-1.0.zip', { headers: { range: 'bytes=10-19' } });
  expect([part.status, part.headers['content-range'], part.headers['content-length']]).toEqual([
    206,
    `bytes 10-19/${LEGACY.length}`,
    '10',
  ]);
  expect(part.body.equals(LEGACY.subarray(10, 20))).toBe(true);
  expect(part.headers['content-type']).toBe('application/zip');

  const head = await download('/mods/up/up-1.0.zip', { method: 'HEAD' });
  expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(LEGACY.length), 0]);

  const fresh = await download('/mods/up/up-1.0.zip', { headers: { 'if-none-match': ETAG } });
  expect([fresh.status, fresh.body.length]).toEqual([304, 0]);
  expect(names(fresh)).toEqual(
    [...EVERY_ANSWER, 'accept-ranges', 'cache-control', 'etag', 'last-modified', ...KEYS].sort(),
  );
  const freshHead = await download('/mods/up/up-1.0.zip', { method: 'HEAD', headers: { 'if-none-match': ETAG } });
  expect(freshHead.status).toBe(304);
  expect(names(freshHead)).toEqual(names(fresh));

  const past = await download('/mods/up/up-1.0.zip', {
    headers: { range: `bytes=${LEGACY.length}-${LEGACY.length + 9}` },
  });
  expect([past.status, json(past), past.headers['content-range']]).toEqual([
    416,
    { error: 'Range not satisfiable.' },
    `bytes */${LEGACY.length}`,
  ]);
  expect(past.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(past.headers['set-cookie']).toBeUndefined();

  // Several ranges are asked as the whole file (a multipart answer is no zip).
  upstream.saw.length = 0;
  const several = await download('/mods/up/up-1.0.zip', { headers: { range: 'bytes=0-1,5-9' } });
  expect([several.status, several.body.equals(LEGACY)]).toEqual([200, true]);
  expect(upstream.saw[0].headers.range).toBeUndefined();
});

test("the upstream's 404 or 410 is Depot's own 404, as without an upstream", async () => {
  for (const file of ['up-missing.zip', 'up-gone.zip']) {
    const res = await download(`/mods/up/${file}`);
    expect([file, res.status, json(res)]).toEqual([file, 404, { error: 'Mod does not exist' }]);
    expect(names(res)).toEqual(NOT_FOUND);
  }
});

test("a redirect, another 4xx, a 5xx, a reset or a content coding is Depot's 502, nothing of the upstream's", async () => {
  for (const name of ['redirect', 'forbidden', 'error', 'unavailable', 'reset', 'gzip']) {
    const res = await download(`/mods/up/up-${name}.zip`);
    expectUpstreamFailed(res, name);
    expect(res.body.toString()).not.toContain('hunter2');
  }
  // Once each: a 503 is not retried.
  expect(upstream.saw.filter((r) => r.url.endsWith('up-unavailable.zip'))).toHaveLength(1);
});

test('the whole answer is bounded by ARCHIVE_TRANSFER_TIMEOUT_MS: no byte yet is a 502, a trickle is cut', async () => {
  for (const name of ['late', 'stall']) {
    const res = await download(`/mods/up/up-${name}.zip`);
    expectUpstreamFailed(res, name);
    expect(res.ms).toBeLessThan(TIMEOUT_MS + 1500);
  }

  const trickle = await download('/mods/up/up-trickle.zip');
  expect([trickle.status, trickle.complete]).toEqual([200, false]);
  expect(trickle.body.length).toBeLessThan(100);
  expect(trickle.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
  expect(trickle.ms).toBeLessThan(TIMEOUT_MS + 3000);
});

test('the answer is bounded by ARCHIVE_MAX_BYTES: a larger Content-Length is a 502 at once, a longer body is cut', async () => {
  expectUpstreamFailed(await download('/mods/up/up-declared-large.zip'), 'declared-large');
  const endless = await download('/mods/up/up-endless.zip');
  expect([endless.status, endless.complete]).toEqual([200, false]);
  expect(endless.body.length).toBeLessThanOrEqual(MAX_BYTES);
});
