// Purge on change across gateway replicas (docs/caching.md#purge-on-change): two gateways share one
// durable consumer, so each change is purged once (and repeated once, 2 s later, the repeats of
// changes close together in one request), never once per gateway; a purge the cache refuses is retried until it succeeds, and the write never waits for it.
// The cache here is a loopback HTTP server answering the purges as Varnish would (PURGE /,
// xkey-purge), recording them, and refusing them while told to: what is counted is how often the
// gateways ask. Through a real Varnish: shared-cache-varnish.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, must, startTestStack, type TestStack } from '../support';

let t: TestStack;
let cache: http.Server;
/** The keys of every purge asked for, and how many more to refuse. */
const purges: string[] = [];
let refuse = 0;

beforeAll(async () => {
  cache = http.createServer((req, res) => {
    if (req.method !== 'PURGE') return void res.writeHead(405).end();
    purges.push(String(req.headers['xkey-purge']));
    if (refuse > 0) {
      refuse--;
      return void res.writeHead(503).end('busy');
    }
    res.writeHead(200).end('Purged');
  });
  await new Promise<void>((r) => cache.listen(0, '127.0.0.1', r));
  t = await startTestStack({
    replicas: { gateway: 2 },
    env: {
      SHARED_CACHE_PURGE: 'varnish',
      SHARED_CACHE_VARNISH_URLS: `http://127.0.0.1:${(cache.address() as AddressInfo).port}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await new Promise((r) => cache.close(r));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('each change is purged once for both gateways (and once more 2 s later), retried until the cache takes it', async () => {
  expect(t.stack.gatewayUrls).toHaveLength(2);
  const mod = must(await t.admin.post('/api/mod', { name: 'once', pretty_name: 'Once' }), 201, 'mod');
  const keys = `mods m:${mod.id}`;
  await eventually(async () => purges.filter((k) => k === keys).length === 2, 10_000, 50);
  purges.length = 0;
  for (let i = 0; i < 5; i++) must(await t.admin.put('/api/mod/once', { pretty_name: `Once ${i}` }), 200, 'update');
  await eventually(async () => purges.filter((k) => k === keys).length >= 6, 10_000, 50);
  // Nothing more comes: once per event, not once per gateway; the repeats of the five, made within
  // 2 s, in one request from each gateway that purged any of them (one or both).
  await sleep(3000);
  const count = purges.filter((k) => k === keys).length;
  expect(count).toBeGreaterThanOrEqual(6);
  expect(count).toBeLessThanOrEqual(7);
  expect(purges.length).toBe(count);

  // The cache refuses three times: the write answers at once, the purge comes back until taken.
  purges.length = 0;
  refuse = 3;
  const started = Date.now();
  must(await t.admin.put('/api/mod/once', { pretty_name: 'Refused' }), 200, 'update');
  expect(Date.now() - started).toBeLessThan(1000);
  await eventually(async () => refuse === 0 && purges.length >= 4, 15_000, 50);
  await sleep(3000);
  // Three refused, the fourth taken, then its repeat.
  expect(purges).toEqual([keys, keys, keys, keys, keys]);
}, 60_000);
