/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value */
// Rate limits (docs/api.md#rate-limits, docs/configuration.md) across TWO gateway processes sharing one
// Redis (REDIS_URL; keys prefixed with the stack's own EVENTS_NAMESPACE): the verify limit and
// the general limit hold for the pair as a whole, over the limit is 429 {"error":"Too many
// requests."} with a Retry-After that counts down the window, and the window's end lets
// requests through again on both. The second gateway is a replica started by the launcher
// (addGateway) against the same services, with the same environment.
import net from 'node:net';
import { testDependency } from '@depot/common/testing';
import type { GatewayReplica } from '@depot/local';
import { Api, eventually, startTestStack, type Reply, type TestStack } from '../support';

// Skipped without Redis (npm test says how to get it), failed under CI.
const redisServer = testDependency('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
const describeWithRedis = redisServer.skip ? describe.skip : describe;
const GENERAL = 20;
const VERIFY = 6;
const TOO_MANY = { error: 'Too many requests.' };

let t: TestStack;
let second: GatewayReplica | undefined;
let a: Api; // the stack's gateway
let b: Api; // the second one
let redisPrefix: string;

// ---------------------------------------------------------------------------------------------
// a minimal Redis client (RESP), enough to look at and clean up this file's keys

function redis(...args: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(redisServer.require());
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    let buf = '';
    socket.setTimeout(3000, () => socket.destroy(new Error('redis: timeout')));
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(`*${args.length}\r\n${args.map((x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`).join('')}`),
    );
    socket.on('data', (d) => {
      buf += d;
      const parsed = parseResp(buf, 0);
      if (parsed) {
        socket.end();
        resolve(parsed.value);
      }
    });
  });
}

function parseResp(s: string, i: number): { value: any; next: number } | undefined {
  const eol = s.indexOf('\r\n', i);
  if (eol < 0) return undefined;
  const type = s[i];
  const line = s.slice(i + 1, eol);
  if (type === '+' || type === '-') return { value: type === '-' ? new Error(line) : line, next: eol + 2 };
  if (type === ':') return { value: Number(line), next: eol + 2 };
  if (type === '$') {
    const n = Number(line);
    if (n < 0) return { value: null, next: eol + 2 };
    if (s.length < eol + 2 + n + 2) return undefined;
    return { value: s.slice(eol + 2, eol + 2 + n), next: eol + 2 + n + 2 };
  }
  if (type === '*') {
    const n = Number(line);
    const out: any[] = [];
    let next = eol + 2;
    for (let k = 0; k < n; k++) {
      const item = parseResp(s, next);
      if (!item) return undefined;
      out.push(item.value);
      next = item.next;
    }
    return { value: out, next };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------

const LIMITS = {
  RATE_LIMIT_PER_MINUTE: String(GENERAL),
  VERIFY_RATE_LIMIT_PER_MINUTE: String(VERIFY),
  RATE_LIMIT_ALLOWLIST: '',
  // each test speaks for its own client address, so that their counters are independent
  TRUST_PROXY: '1',
};

beforeAll(async () => {
  const pong = await redis('PING').catch((err) => err);
  if (pong !== 'PONG') throw new Error(`these tests need Redis at ${redisServer.require()}: ${String(pong)}`);
  t = await startTestStack({ redisUrl: redisServer.require(), env: LIMITS });
  redisPrefix = `depot-${t.namespace}-rl-`;
  a = new Api(t.url);

  // the second replica: same services, NATS, namespace, Redis and limits (deploy/local addGateway)
  second = await t.stack.addGateway();
  b = new Api(second.url);
  expect((await b.get('/healthz')).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await t?.stop();
  // this stack's counters go with it
  const keys: string[] = (await redis('KEYS', `${redisPrefix}*`).catch(() => [])) ?? [];
  if (keys.length) await redis('DEL', ...keys).catch(() => undefined);
});

/** A request from a given client address (X-Forwarded-For, TRUST_PROXY=1: the test is the one proxy). */
function from(api: Api, ip: string, method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  return api.request(method, path, body, { token: token ?? null, headers: { 'x-forwarded-for': ip } });
}

function expectTooMany(r: Reply, what: string) {
  expect({ what, status: r.status, body: r.body }).toEqual({ what, status: 429, body: TOO_MANY });
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
}

/** Retry-After must be what remains of the 60 s window opened by the first counted request. */
function expectRetryAfter(r: Reply, windowOpenedAt: number) {
  const retryAfter = Number(r.headers.get('retry-after'));
  const remaining = (windowOpenedAt + 60_000 - Date.now()) / 1000;
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(Math.abs(retryAfter - remaining)).toBeLessThanOrEqual(2);
  return retryAfter;
}

describeWithRedis('verify: VERIFY_RATE_LIMIT_PER_MINUTE for the two gateways together', () => {
  const ip = '203.0.113.10';

  test(`${VERIFY} verifications split over both gateways pass, the next is 429 on either, with a Retry-After that counts down`, async () => {
    const opened = Date.now();
    for (let i = 0; i < VERIFY; i++) {
      const r = await from(i % 2 ? b : a, ip, 'GET', `/api/verify/not-a-key-${i}`);
      expect([i, r.status, r.body]).toEqual([i, 403, { error: 'Invalid key provided.' }]);
    }
    const overA = await from(a, ip, 'GET', '/api/verify/not-a-key-x');
    expectTooMany(overA, 'verify on gateway A');
    const overB = await from(b, ip, 'GET', '/api/verify/not-a-key-y');
    expectTooMany(overB, 'verify on gateway B');
    const first = expectRetryAfter(overA, opened);
    expect(Math.abs(expectRetryAfter(overB, opened) - first)).toBeLessThanOrEqual(1);

    // the window runs down: a little later, Retry-After is smaller by about as much
    const before = Date.now();
    await eventually(async () => Date.now() - before >= 3000, 5000, 250);
    const later = await from(b, ip, 'GET', '/api/verify/not-a-key-z');
    expectTooMany(later, 'verify later');
    const laterRetry = expectRetryAfter(later, opened);
    expect(laterRetry).toBeLessThanOrEqual(first - 2);
    expect(laterRetry).toBeGreaterThanOrEqual(first - 4);
  });

  test('another client address has its own verify allowance', async () => {
    const other = await from(b, '203.0.113.11', 'GET', '/api/verify/not-a-key');
    expect([other.status, other.body]).toEqual([403, { error: 'Invalid key provided.' }]);
  });
});

describeWithRedis('general: RATE_LIMIT_PER_MINUTE for the two gateways together, every route', () => {
  const ip = '203.0.113.20';
  let opened = 0;
  let retryAfter = 0;

  test(`${GENERAL} requests over both gateways and many routes pass, the next is 429 on either`, async () => {
    opened = Date.now();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/'],
      ['GET', '/api/mod'],
      ['GET', '/api/modpack'],
      ['GET', '/api/mod/nope'],
      ['GET', '/api/nope'], // unknown routes count too
      ['POST', '/api/mod', { name: 'x', pretty_name: 'X' }], // 401: counted all the same
    ];
    for (let i = 0; i < GENERAL; i++) {
      const [method, p, body] = routes[i % routes.length];
      const r = await from(i % 2 ? b : a, ip, method, p, body);
      expect([i, method, p, r.status]).not.toEqual([i, method, p, 429]);
      expect(r.status).toBeLessThan(500);
    }
    const overA = await from(a, ip, 'GET', '/api/mod');
    const overB = await from(b, ip, 'GET', '/api/modpack');
    expectTooMany(overA, 'general on gateway A');
    expectTooMany(overB, 'general on gateway B');
    retryAfter = expectRetryAfter(overA, opened);
    expectRetryAfter(overB, opened);
    // a write over the limit is refused before it is looked at, and changes nothing
    const write = await from(b, ip, 'POST', '/api/mod', { name: 'limited', pretty_name: 'L' }, t.adminToken);
    expectTooMany(write, 'write over the limit');
    expect((await t.admin.get('/api/mod/limited', { headers: { 'x-forwarded-for': '203.0.113.99' } })).status).toBe(
      404,
    );
  });

  test('health endpoints are never limited; other addresses keep their own allowance', async () => {
    for (const api of [a, b]) {
      expect((await from(api, ip, 'GET', '/healthz')).status).toBe(200);
      expect((await from(api, ip, 'GET', '/readyz')).status).toBe(200);
      expect((await from(api, '203.0.113.21', 'GET', '/api/mod')).status).toBe(200);
    }
  });

  test('the counters live in Redis under this stack’s namespace prefix', async () => {
    const keys: string[] = await redis('KEYS', `${redisPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(ip))).toBe(true);
  });

  test('when the window is over (after Retry-After), both gateways let the address through again', async () => {
    const until = opened + 60_000;
    expect(Math.abs(until - Date.now() - retryAfter * 1000)).toBeLessThanOrEqual(10_000);
    await eventually(
      async () => {
        const r = await from(a, ip, 'GET', '/api/mod');
        return r.status === 200;
      },
      Math.max(0, until - Date.now()) + 5000,
      1000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(until - 1500);
    expect((await from(b, ip, 'GET', '/api/mod')).status).toBe(200);
  }, 90_000);
});
