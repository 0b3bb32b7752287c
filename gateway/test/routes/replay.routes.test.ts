// The replay (cache/replay.ts): an anonymous cached read answered before Fastify must be Fastify's
// own answer, byte for byte but for what is each request's (its id, date, rate-limit count), for
// every cached read; counted by the general limit like any request; and never used for a request
// that carries credentials, an Origin or a condition, nor after a change.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DepotError } from '@depot/common';
import { FakeFeed, bearer, startHarness, type Harness, type Reply } from './modpack-harness';

const TS = '2024-01-02T03:04:05.000000Z';

const LIMIT = 1000;
let h: Harness;
let feed: FakeFeed;
beforeAll(async () => {
  feed = new FakeFeed();
  h = await startHarness({ changes: feed, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_ALLOWLIST: '' } });
});
afterAll(() => h?.close());

let modName = 'jei';
beforeEach(() => {
  h.reset();
  feed.state(false);
  feed.state(true);
  modName = 'jei';
  const pack = (id: number, slug: string, builds: string[]) => ({
    modpack: { id, slug, name: slug.toUpperCase(), hidden: false, private: false, created_at: TS, updated_at: TS },
    builds: builds.map((version) => ({ version, is_published: true, private: false })),
  });
  h.builds.stubs.ListModpackSources = async () => ({ modpacks: [pack(1, 'tekkit', ['1.0']), pack(2, 'hexxit', [])] });
  h.builds.stubs.GetBuildSource = async ({ version }: { version: string }) => ({
    modpack_id: 1,
    modpack_private: false,
    build:
      version === '1.0'
        ? {
            id: 9,
            modpack_id: 1,
            version,
            minecraft: '1.12.2',
            is_published: true,
            private: false,
            created_at: TS,
            updated_at: TS,
          }
        : undefined,
    mod_version_ids: [3],
  });
  h.catalog.stubs.RenderBuildMods = async () => ({
    mods_json: Buffer.from(JSON.stringify([{ name: modName, version: '1.0', md5: 'x', url: 'http://m/jei.zip' }])),
    mod_ids: [30],
    mod_names: [modName],
  });
  h.catalog.stubs.ListMods = async () => ({ mods: [{ name: 'jei', pretty_name: 'JEI' }] });
  h.catalog.stubs.GetMod = async ({ slug }: { slug: string }) => {
    if (slug !== 'jei') throw new DepotError('MOD_NOT_FOUND');
    return { id: 30, name: 'jei', pretty_name: 'JEI', versions: ['1.0'], created_at: TS, updated_at: TS };
  };
  h.catalog.stubs.GetVersion = async () => ({
    id: 3,
    mod_id: 30,
    version: '1.0',
    md5: 'x',
    filesize: 1,
    created_at: TS,
    updated_at: TS,
  });
  h.auth.stubs.ResolveReadAccess = async () => ({ all: true, modpack_ids: [] });
});

const replays = () => h.app.responseCache.stats().replays;
/** What each request has of its own: the rest of an answer must be the same. */
const OWN = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
const sameAnswer = (r: Reply) => ({
  status: r.status,
  headers: [...r.headers].filter(([name]) => !OWN.has(name)),
  body: r.body,
});

/** An answer as it came on the wire: its headers in order, names as sent. */
interface Raw {
  status: number;
  headers: [string, string][];
  body: string;
}
function raw(method: string, path: string): Promise<Raw> {
  const { port } = h.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
/** The header names in order, and the values of those that are not each request's own. */
const onTheWire = (r: Raw) => ({
  status: r.status,
  headers: r.headers.map(([name, value]) => [name, OWN.has(name.toLowerCase()) ? '' : value]),
  body: r.body,
});

const READS = [
  '/api/modpack',
  '/api/modpack?include=full',
  '/api/modpack/',
  '/api/modpack/tekkit',
  '/api/modpack/tekkit/1.0',
  '/api/modpack/tekkit/1.0?include=mods',
  '/api/mod',
  '/api/mod/jei',
  '/api/mod/jei/1.0',
];

describe.each(['GET', 'HEAD'])('%s of every cached read', (method) => {
  test.each(READS)('%s: replayed as Fastify answered it, and counted', async (path) => {
    const first = await h.request(method, path);
    expect(first.status).toBe(200);
    const before = replays();
    const again = await h.request(method, path);
    expect(replays()).toBe(before + 1);
    expect(sameAnswer(again)).toEqual(sameAnswer(first));
    expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(
      Number(first.headers.get('x-ratelimit-remaining')) - 1,
    );
    expect(again.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    // Fastify's answer, once more (nothing else asked in between): the replay's is the same.
    expect(h.builds.calls.length + h.catalog.calls.length).toBeLessThanOrEqual(2);
  });
});

test.each(['GET', 'HEAD'])('%s: the same header lines in the same order on the wire', async (method) => {
  for (const path of READS) {
    const first = await raw(method, path);
    const before = replays();
    const again = await raw(method, path);
    expect(replays()).toBe(before + 1);
    expect(onTheWire(again)).toEqual(onTheWire(first));
  }
});

test("the caller's request id is kept, as Fastify keeps it", async () => {
  await h.request('GET', '/api/modpack/tekkit');
  const again = await h.request('GET', '/api/modpack/tekkit', { headers: { 'x-request-id': 'proxy-1234' } });
  expect(again.headers.get('x-request-id')).toBe('proxy-1234');
});

test('never for credentials, an Origin, a condition or a body: those go through Fastify', async () => {
  const path = '/api/modpack/tekkit';
  const anonymous = await h.request('GET', path);
  const before = replays();
  const asked = [
    await h.request('GET', `${path}?k=KEY`),
    await h.request('GET', `${path}?cid=CLIENT`),
    await h.request('GET', path, { headers: bearer('admin') }),
    await h.request('GET', path, { headers: { cookie: 'depot_session=abc' } }),
    await h.request('GET', path, { headers: { origin: 'https://elsewhere.example' } }),
    await h.request('GET', path, { headers: { 'if-none-match': anonymous.headers.get('etag')! } }),
  ];
  expect(replays()).toBe(before);
  expect(asked.map((r) => [r.status, r.headers.get('cache-control')])).toEqual([
    [200, 'private, no-store'],
    [200, 'private, no-store'],
    [200, 'private, no-store'],
    [200, 'private, no-store'],
    [200, anonymous.headers.get('cache-control')],
    [304, anonymous.headers.get('cache-control')],
  ]);
  // And none of them was kept for the next anonymous request, which is replayed as before.
  const next = await h.request('GET', path);
  expect(replays()).toBe(before + 1);
  expect(sameAnswer(next)).toEqual(sameAnswer(anonymous));
});

test('a change drops the kept answer: the next read is fresh, then replayed', async () => {
  const path = '/api/modpack/tekkit/1.0';
  const old = await h.request('GET', path);
  await h.request('GET', path);
  modName = 'jei-renamed';
  feed.emit('mod.updated', { id: 30, name: 'jei-renamed' });
  const before = replays();
  const fresh = await h.request('GET', path);
  expect(replays()).toBe(before);
  expect(fresh.body).not.toBe(old.body);
  expect(fresh.json().mods[0].name).toBe('jei-renamed');
  const again = await h.request('GET', path);
  expect(replays()).toBe(before + 1);
  expect(again.body).toBe(fresh.body);
});

test('refusals are never kept: a 404 goes through Fastify every time', async () => {
  const before = replays();
  for (let i = 0; i < 3; i++) expect((await h.request('GET', '/api/modpack/tekkit/9.9')).status).toBe(404);
  expect(replays()).toBe(before);
});

describe('the general limit', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({
      changes: new FakeFeed(),
      env: { RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ALLOWLIST: '' },
    });
    limited.reset();
    limited.catalog.stubs.ListMods = async () => ({ mods: [] });
  });
  afterAll(() => limited?.close());

  test('counts replayed reads: the fourth read in the minute is the 429 Fastify gives', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limited.request('GET', '/api/mod'));
    expect(limited.app.responseCache.stats().replays).toBe(2);
    expect(answers.map((r) => [r.status, r.headers.get('x-ratelimit-remaining')])).toEqual([
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ]);
    expect(answers[3].json()).toEqual({ error: expect.any(String) });
    expect(answers[3].headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
