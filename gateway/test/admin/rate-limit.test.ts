// docs/api.md#rate-limits: the verify limit (never lifted by the loopback allow-list), the general limit,
// the limits of sign-in attempts (counted per address and per account before they are judged, so
// that parallel guesses gain nothing), and counts shared between replicas through Redis.
import { randomBytes } from 'node:crypto';
import { eventually, testDependency } from '@depot/common/testing';
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

// ---- sign-in attempts ----

const TOO_MANY = { error: 'Too many requests.' };

function signIn(s: Stack, login: string, password: string, headers: Record<string, string> = {}) {
  return s.request('POST', '/api/session', { body: { login, password }, headers });
}

/** How many times the fake auth was asked to judge something (`method`). */
const judged = (s: Stack, method: string) => s.calls.filter((c) => c === `auth.${method}`).length;

/**
 * Holds every judgement of the fake auth until the returned function is called, as a slow hash
 * would: attempts sent meanwhile are all in flight at once.
 */
function holdJudgements(s: Stack): () => void {
  let release!: () => void;
  s.auth.hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    s.auth.hold = undefined;
    release();
  };
}

/** Sends them all at once; resolves when each has been answered or is held at auth's `method`. */
async function inFlight(s: Stack, method: string, sends: (() => Promise<Reply>)[]) {
  let answered = 0;
  const replies = sends.map((send) => send().finally(() => answered++));
  const before = judged(s, method);
  await eventually(async () => answered + judged(s, method) - before === sends.length);
  return replies;
}

describe('sign-in limits', () => {
  it('per account: over the limit, even the right password answers 429 until the window ends', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '3', SIGNIN_RATE_LIMIT_WINDOW_SECONDS: '600' });
    for (let i = 0; i < 3; i++) expect((await signIn(s, 'Keeper', 'wrong-password')).status).toBe(422);
    const locked = await signIn(s, 'keeper', 'keeper-password');
    expect([locked.status, locked.json()]).toEqual([429, TOO_MANY]);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The username and the user's e-mail address, in any case, are one account.
    expect((await signIn(s, 'KEEPER@example.com', 'keeper-password')).status).toBe(429);
    expect(s.auth.sessions.size).toBe(0);
    // A login that names nobody is counted as sent, lowercased; another account is not affected.
    for (let i = 0; i < 3; i++) expect((await signIn(s, 'Ghost', 'x-password')).status).toBe(422);
    expect((await signIn(s, 'ghost', 'x-password')).status).toBe(429);
    s.auth.users[0].password = 'admin-password';
    expect((await signIn(s, 'admin', 'admin-password')).status).toBe(201);
  });

  it('per address, across accounts', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ADDRESS: '4' });
    for (let i = 0; i < 4; i++) expect((await signIn(s, `user-${i}`, 'wrong-password')).status).toBe(422);
    expect((await signIn(s, 'keeper', 'keeper-password')).status).toBe(429);
  });

  it('gives successes back: signing in again and again never locks anyone out', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '2', SIGNIN_RATE_LIMIT_PER_ADDRESS: '2' });
    for (let i = 0; i < 6; i++) expect((await signIn(s, 'keeper', 'keeper-password')).status).toBe(201);
    expect((await signIn(s, 'keeper', 'wrong-password')).status).toBe(422);
    expect((await signIn(s, 'keeper', 'keeper-password')).status).toBe(201);
  });

  it('gives back attempts auth sheds under load (429, Retry-After 1) and answers that judged nothing', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '2', SIGNIN_RATE_LIMIT_PER_ADDRESS: '2' });
    s.auth.busy = true;
    for (let i = 0; i < 5; i++) {
      const shed = await signIn(s, 'keeper', 'wrong-password');
      expect([shed.status, shed.json(), shed.headers.get('retry-after')]).toEqual([429, TOO_MANY, '1']);
    }
    s.auth.busy = false;
    for (let i = 0; i < 2; i++) expect((await signIn(s, 'keeper', 'wrong-password')).status).toBe(422);
    expect((await signIn(s, 'keeper', 'keeper-password')).status).toBe(429);
  });

  it('counts wrong current passwords of PUT /api/account against the same account', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '2' });
    const change = { password: 'a-new-password', current_password: 'wrong-password' };
    for (let i = 0; i < 2; i++) {
      const res = await s.request('PUT', '/api/account', { token: 'keeper', body: change });
      expect([res.status, res.json()]).toEqual([422, { error: { current_password: ['The password is incorrect.'] } }]);
    }
    const locked = await s.request('PUT', '/api/account', {
      token: 'keeper',
      body: { ...change, current_password: 'keeper-password' },
    });
    expect(locked.status).toBe(429);
    expect((await signIn(s, 'keeper@example.com', 'keeper-password')).status).toBe(429);
  });

  it('judges no more parallel guesses than the limit; over it, the right password answers 429 like the rest', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '10', SIGNIN_RATE_LIMIT_PER_ADDRESS: '20' });
    const release = holdJudgements(s);
    const logins = ['keeper', 'KEEPER@example.com', 'Keeper'];
    const wrong = await inFlight(
      s,
      'CreateSession',
      Array.from({ length: 29 }, (_, i) => () => signIn(s, logins[i % 3], `guess-${i}`)),
    );
    // Ten guesses are being judged: the right password, sent now, is the eleventh.
    const right = await Promise.race([
      signIn(s, 'keeper', 'keeper-password'),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000)),
    ]);
    release();
    const answers = await Promise.all(wrong);
    expect(judged(s, 'CreateSession')).toBe(10);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(10);
    const over = answers.filter((r) => r.status !== 422);
    expect(over).toHaveLength(19);
    expect(right).toBeDefined(); // answered without waiting for the judgements
    for (const r of [...over, right!]) {
      expect([r.status, r.json()]).toEqual([429, TOO_MANY]);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(s.auth.sessions.size).toBe(0);
  });

  it('judges no more parallel two-factor codes than the limit; over it, the right code answers 429', async () => {
    const [s] = await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '3', SIGNIN_RATE_LIMIT_PER_ADDRESS: '100' });
    s.auth.twoFactor.set(2, { code: '654321', recovery: new Set() });
    const step = await signIn(s, 'keeper', 'keeper-password');
    expect(step.status).toBe(202);
    const cookie = step.headers
      .getSetCookie()
      .find((c) => c.startsWith('depot_two_factor='))!
      .split(';')[0];
    const code = (value: string) => () =>
      s.request('POST', '/api/session/two-factor', { body: { code: value }, headers: { cookie } });
    const release = holdJudgements(s);
    const wrong = await inFlight(
      s,
      'CompleteSignIn',
      Array.from({ length: 50 }, (_, i) => code(String(100000 + i))),
    );
    const right = await code('654321')();
    release();
    const answers = await Promise.all(wrong);
    expect(judged(s, 'CompleteSignIn')).toBe(3);
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(3).fill(422), ...Array(47).fill(429)]);
    expect([right.status, right.json()]).toEqual([429, TOO_MANY]);
    expect(s.auth.sessions.size).toBe(0);
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

  it('shares the sign-in counts between gateway replicas, parallel guesses included', async () => {
    const [a, b] = await start(
      {
        REDIS_URL: redis.require(),
        // A namespace of this test's own: counters left by other runs do not count.
        EVENTS_NAMESPACE: `signin${randomBytes(4).toString('hex')}`,
        SIGNIN_RATE_LIMIT_PER_ACCOUNT: '4',
      },
      2,
    );
    const release = holdJudgements(a);
    const guesses = await inFlight(
      a,
      'CreateSession',
      Array.from({ length: 20 }, (_, i) => () => signIn(i % 2 ? a : b, i % 2 ? 'keeper' : 'keeper@example.com', 'x')),
    );
    release();
    const statuses = (await Promise.all(guesses)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(4).fill(422), ...Array(16).fill(429)]);
    expect(judged(a, 'CreateSession')).toBe(4);
    expect((await signIn(a, 'keeper', 'keeper-password')).status).toBe(429);
    expect((await signIn(b, 'keeper', 'keeper-password')).status).toBe(429);
  });
});
