// The purgers' requests (cache/purge.ts), as each cache's API documents them, sent to a loopback
// HTTP server standing in for that API (no Fastly or Cloudflare is reachable from a test); a
// refusal is a failure, to be retried. The Varnish purger against a real Varnish:
// test/e2e/shared-cache-varnish.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadGatewayConfig } from '../../src/config';
import { RetryLater, retryDelayOf } from '@depot/common/bus';
import { purgerOf, retryAfterMs } from '../../src/cache/purge';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
let seen: Seen[] = [];
let answer: { status: number; body: string; headers?: Record<string, string> } = {
  status: 200,
  body: '{"success":true}',
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: '{"success":true}' };
});

const purger = (env: Record<string, string>) => purgerOf(loadGatewayConfig(env))!;

test('none: no purger', () => {
  expect(purgerOf(loadGatewayConfig({}))).toBeUndefined();
});

test('each purger needs its settings', () => {
  expect(() => loadGatewayConfig({ SHARED_CACHE_PURGE: 'varnish' })).toThrow(/SHARED_CACHE_VARNISH_URLS/);
  expect(() => loadGatewayConfig({ SHARED_CACHE_PURGE: 'fastly' })).toThrow(/SHARED_CACHE_FASTLY_SERVICE_ID/);
  expect(() => loadGatewayConfig({ SHARED_CACHE_PURGE: 'cloudflare' })).toThrow(/SHARED_CACHE_CLOUDFLARE_ZONE_ID/);
});

test('varnish: PURGE / with the keys in xkey-purge and the secret, to every instance', async () => {
  const p = purger({
    SHARED_CACHE_PURGE: 'varnish',
    SHARED_CACHE_VARNISH_URLS: `${base}/, ${base}`,
    SHARED_CACHE_PURGE_SECRET: 's3cret',
  });
  await p.purge(['m:1', 'mods']);
  expect(seen.map((s) => [s.method, s.url, s.headers['xkey-purge'], s.headers['x-purge-secret']])).toEqual([
    ['PURGE', '/', 'm:1 mods', 's3cret'],
    ['PURGE', '/', 'm:1 mods', 's3cret'],
  ]);
  answer = { status: 403, body: 'Forbidden' };
  await expect(p.purge(['m:1'])).rejects.toThrow(/answered 403/);
});

test('fastly: POST /service/{id}/purge with Surrogate-Key and Fastly-Key', async () => {
  const p = purger({
    SHARED_CACHE_PURGE: 'fastly',
    SHARED_CACHE_FASTLY_SERVICE_ID: 'SVC1',
    SHARED_CACHE_FASTLY_API_TOKEN: 'tok',
    SHARED_CACHE_FASTLY_API_URL: base,
  });
  await p.purge(['p:3', 'modpacks']);
  expect(seen.map((s) => [s.method, s.url, s.headers['surrogate-key'], s.headers['fastly-key']])).toEqual([
    ['POST', '/service/SVC1/purge', 'p:3 modpacks', 'tok'],
  ]);
  answer = { status: 500, body: '{}' };
  await expect(p.purge(['p:3'])).rejects.toThrow(/Fastly answered 500/);
});

test('cloudflare: POST /zones/{zone}/purge_cache with the tags, 100 at most a request, success required', async () => {
  const p = purger({
    SHARED_CACHE_PURGE: 'cloudflare',
    SHARED_CACHE_CLOUDFLARE_ZONE_ID: 'Z1',
    SHARED_CACHE_CLOUDFLARE_API_TOKEN: 'cf',
    SHARED_CACHE_CLOUDFLARE_API_URL: base,
  });
  const keys = Array.from({ length: 101 }, (_, i) => `m:${i}`);
  await p.purge(keys);
  expect(seen.map((s) => [s.method, s.url, s.headers.authorization, JSON.parse(s.body).tags.length])).toEqual([
    ['POST', '/zones/Z1/purge_cache', 'Bearer cf', 100],
    ['POST', '/zones/Z1/purge_cache', 'Bearer cf', 1],
  ]);
  expect(JSON.parse(seen[1].body)).toEqual({ tags: ['m:100'] });
  answer = { status: 200, body: '{"success":false,"errors":[{"code":1}]}' };
  await expect(p.purge(['m:1'])).rejects.toThrow(/did not confirm/);
});

test('a purge API over its rate limit: retried after its Retry-After, not every second', async () => {
  const p = purger({
    SHARED_CACHE_PURGE: 'cloudflare',
    SHARED_CACHE_CLOUDFLARE_ZONE_ID: 'Z1',
    SHARED_CACHE_CLOUDFLARE_API_TOKEN: 'cf',
    SHARED_CACHE_CLOUDFLARE_API_URL: base,
  });
  answer = { status: 429, body: '{"success":false,"errors":[{"code":971}]}', headers: { 'retry-after': '12' } };
  const refused = await p.purge(['m:1']).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(RetryLater);
  expect((refused as RetryLater).message).toBe('Cloudflare answered 429: {"success":false,"errors":[{"code":971}]}');
  expect(retryDelayOf(refused)).toBe(12_000);
  // Without Retry-After: 15 s; a 503 without it: a second, as any other failure.
  answer = { status: 429, body: '{}' };
  expect(retryDelayOf(await p.purge(['m:1']).catch((err: unknown) => err))).toBe(15_000);
  answer = { status: 503, body: '{}' };
  expect(retryDelayOf(await p.purge(['m:1']).catch((err: unknown) => err))).toBe(1000);
  answer = { status: 500, body: '{}' };
  expect(retryDelayOf(await p.purge(['m:1']).catch((err: unknown) => err))).toBe(1000);
});

test('Retry-After: seconds or an HTTP date; the delay of a retry kept between a second and 5 minutes', () => {
  const now = Date.parse('2026-12-02T12:00:00Z');
  expect(retryAfterMs('30', now)).toBe(30_000);
  expect(retryAfterMs('Wed, 02 Dec 2026 12:00:20 GMT', now)).toBe(20_000);
  expect(retryAfterMs('Wed, 02 Dec 2026 11:00:00 GMT', now)).toBe(0);
  expect(retryAfterMs('soon', now)).toBeUndefined();
  expect(retryAfterMs(null, now)).toBeUndefined();
  expect(retryDelayOf(new RetryLater('x', 0))).toBe(1000);
  expect(retryDelayOf(new RetryLater('x', 3_600_000))).toBe(300_000);
  expect(retryDelayOf(new Error('x'))).toBe(1000);
});
