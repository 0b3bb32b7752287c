// docs/api.md#rate-limits: the verify limit (never lifted by the loopback allow-list), the general limit,
// and counts shared between replicas through Redis.
import { randomBytes } from 'node:crypto';
import { testDependency } from '@depot/common/testing';
import { startStack, type Reply, type Stack } from './fake-stack';

// Skipped without Redis (npm test says how to get it), failed under CI.
const redis = testDependency('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
const describeWithRedis = redis.skip ? describe.skip : describe;

let stacks: Stack[] = [];
afterEach(async () => {
  for (const s of stacks) await s.close();
  stacks = [];
});

async function start(env: Record<string, string>, instances = 1) {
  stacks = await startStack(env, instances);
  return stacks;
}

function expectTooMany(res: Reply, windowSeconds = 60) {
  expect(res.status).toBe(429);
  expect(res.json()).toEqual({ error: 'Too many requests.' });
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('verify limit', () => {
  it('allows 10 a minute per address from loopback too, with the general limit on', async () => {
    const [s] = await start({ RATE_LIMIT_PER_MINUTE: '600' });
    for (let i = 0; i < 10; i++) {
      const res = await s.request('GET', `/api/verify/${i % 2 ? 'platform-key' : 'wrong'}`);
      expect(res.status).toBe(i % 2 ? 200 : 403);
    }
    expectTooMany(await s.request('GET', '/api/verify/platform-key'));
    // Other routes are not affected by the verify count.
    expect((await s.request('GET', '/api/key', { token: 'keeper' })).status).toBe(200);
  });

  it('applies even with the general limit switched off, at the configured rate', async () => {
    const [s] = await start({ RATE_LIMIT_PER_MINUTE: '0', VERIFY_RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await s.request('GET', '/api/verify/platform-key')).status).toBe(200);
    expectTooMany(await s.request('GET', '/api/verify/platform-key'));
    // HEAD would be a second counter; it is not served.
    expect((await s.request('HEAD', '/api/verify/platform-key')).status).toBe(404);
  });
});

describe('general limit', () => {
  it('answers 429 with Retry-After over the limit, counting verify apart', async () => {
    const [s] = await start({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ALLOWLIST: '' });
    for (let i = 0; i < 3; i++) expect((await s.request('GET', '/api/token', { token: 'plain' })).status).toBe(200);
    expectTooMany(await s.request('GET', '/api/user', { token: 'keeper' }));
    expect((await s.request('GET', '/api/verify/platform-key')).status).toBe(200);
  });

  it('never counts allow-listed addresses', async () => {
    const [s] = await start({ RATE_LIMIT_PER_MINUTE: '2' });
    for (let i = 0; i < 5; i++) expect((await s.request('GET', '/api/token', { token: 'plain' })).status).toBe(200);
  });
});

describeWithRedis('with REDIS_URL', () => {
  it('shares the counts between gateway replicas', async () => {
    const [a, b] = await start(
      {
        REDIS_URL: redis.require(),
        EVENTS_NAMESPACE: `rl${randomBytes(4).toString('hex')}`,
        RATE_LIMIT_PER_MINUTE: '4',
        RATE_LIMIT_ALLOWLIST: '',
        VERIFY_RATE_LIMIT_PER_MINUTE: '3',
      },
      2,
    );
    for (const s of [a, b, a, b]) expect((await s.request('GET', '/api/token', { token: 'plain' })).status).toBe(200);
    expectTooMany(await a.request('GET', '/api/token', { token: 'plain' }));
    expectTooMany(await b.request('GET', '/api/token', { token: 'plain' }));

    for (const s of [a, b, a]) expect((await s.request('GET', '/api/verify/platform-key')).status).toBe(200);
    expectTooMany(await b.request('GET', '/api/verify/platform-key'));
  });
});
