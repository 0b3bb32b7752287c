// The limits of sign-in attempts under concurrency against the real stack, with the default
// limits (10 per account, 20 per address) and bcrypt's default cost (docs/api.md#rate-limits,
// #sessions, #two-factor-sign-in): guesses sent at once are judged no more than the limit allows
// and the right one does not stand out; a flood of sign-ins is answered within seconds with
// 201/422/429, never a 5xx, while launcher reads and bearer-token requests go on; the same for
// the codes of two-factor sign-in.
import { must, startTestStack, type Reply, type TestStack } from '../support';
import { Authenticator } from '../support/authenticator';

const TOO_MANY = { error: 'Too many requests.' };
const REFUSED = { error: { login: ['These credentials do not match our records.'] } };
const CODE_REFUSED = { error: { code: ['The provided two-factor code was invalid.'] } };
const PER_ACCOUNT = 10;

let t: TestStack;

beforeAll(async () => {
  // Each test speaks for client addresses of its own (X-Forwarded-For).
  t = await startTestStack({ services: { gateway: { TRUST_PROXY: '1' } } });
});
afterAll(() => t?.stop());

function signIn(login: string, password: string, from: string, cookie?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) };
  return t.anon.post('/api/session', { login, password }, { headers });
}

async function newUser(username: string) {
  const password = `${username}-password`;
  must(await t.admin.post('/api/user', { username, email: `${username}@example.com`, password }), 201, 'user');
  return { username, password };
}

/** The answers' statuses, counted: `{ 422: 7, 429: 23 }`. */
function tally(replies: Reply[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of replies) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

function expectTooMany(r: Reply, what: string) {
  expect({ what, status: r.status, body: r.body }).toEqual({ what, status: 429, body: TOO_MANY });
  expect(r.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}

describe('parallel guesses of one account', () => {
  it.each([1, 2, 3])(
    'round %i: 30 at once, one of them right, by username and e-mail: at most 10 judged, the rest 429 alike',
    async (round) => {
      const user = await newUser(`parallel-${round}`);
      const from = `198.51.100.${round}`;
      const logins = [user.username, `${user.username.toUpperCase()}@EXAMPLE.COM`, `${user.username}@example.com`];
      const sends = Array.from({ length: 30 }, (_, i) =>
        i === 15 ? signIn(user.username, user.password, from) : signIn(logins[i % 3], `guess-${i}-x`, from),
      );
      const replies = await Promise.all(sends);
      const right = replies[15];
      const wrong = replies.filter((_, i) => i !== 15);
      for (const r of wrong) expect([422, 429]).toContain(r.status);
      for (const r of wrong.filter((x) => x.status === 422)) expect(r.body).toEqual(REFUSED);
      // Judged: the 422s, and the right password if it answered 201. Never more than the limit.
      const judged = wrong.filter((r) => r.status === 422).length + (right.status === 201 ? 1 : 0);
      expect(judged).toBeLessThanOrEqual(PER_ACCOUNT);
      expect(tally(replies)[429]).toBeGreaterThanOrEqual(30 - PER_ACCOUNT);
      // The right password is judged within the limit (201) or refused like the guesses over it.
      expect([201, 429]).toContain(right.status);
      if (right.status === 429) expectTooMany(right, 'the right password');
      for (const r of wrong.filter((x) => x.status === 429)) expectTooMany(r, 'a guess');
    },
  );
});

describe('a flood of sign-ins from one address', () => {
  it('120 at once: every answer 201, 422 or 429 within seconds; reads, writes and tokens go on meanwhile', async () => {
    const user = await newUser('flooded');
    const from = '198.51.100.50';
    const started = Date.now();
    const flood = Array.from({ length: 120 }, (_, i) =>
      (i % 10 === 0 ? signIn(user.username, user.password, from) : signIn(`ghost-${i}`, 'guess-x', from)).then((r) => ({
        r,
        ms: Date.now() - started,
      })),
    );
    // Made while the flood is being answered, from elsewhere.
    const timed = async (send: () => Promise<Reply>) => {
      const t0 = Date.now();
      const r = await send();
      return { status: r.status, ms: Date.now() - t0 };
    };
    const [read, write, token] = await Promise.all([
      timed(() => t.anon.get('/api/modpack')),
      timed(() => t.admin.post('/api/mod', { name: 'during-flood', pretty_name: 'During the flood' })),
      timed(() => t.admin.get('/api/user')),
    ]);
    const answers = await Promise.all(flood);
    const statuses = tally(answers.map((a) => a.r));
    expect(Object.keys(statuses).filter((s) => !['201', '422', '429'].includes(s))).toEqual([]);
    // The per-address limit (20) holds whatever was shed; no answer waited for a deadline (5 s).
    expect((statuses[201] ?? 0) + (statuses[422] ?? 0)).toBeLessThanOrEqual(20);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
    for (const { r } of answers.filter((a) => a.r.status === 429)) expectTooMany(r, 'flood');
    expect(read.status).toBe(200);
    expect(write.status).toBe(201);
    expect(token.status).toBe(200);
    for (const other of [read, write, token]) expect(other.ms).toBeLessThan(1500);
  });
});

describe('parallel two-factor codes', () => {
  it('60 wrong codes at once: at most 10 judged, the rest 429; then the right code answers 429 too', async () => {
    const user = await newUser('coded');
    const from = '198.51.100.70';
    // Two-factor sign-in turned on from the account page.
    const first = await signIn(user.username, user.password, from);
    const session = {
      cookie: first.headers
        .getSetCookie()
        .find((c) => c.startsWith('depot_session='))!
        .split(';')[0],
    };
    const write = (path: string, body: unknown) =>
      t.anon.post(path, body, {
        headers: { ...session, 'x-csrf-token': first.body.csrf_token, 'x-forwarded-for': from },
      });
    const started = must(await write('/api/account/two-factor', { password: user.password }), 201, 'start');
    const app = new Authenticator(started.secret);
    must(await write('/api/account/two-factor/confirm', { code: await app.code() }), 200, 'confirm');

    const step = await signIn(`${user.username}@example.com`, user.password, from);
    expect(step.status).toBe(202);
    const cookie = step.headers
      .getSetCookie()
      .find((c) => c.startsWith('depot_two_factor='))!
      .split(';')[0];
    const code = (value: string) =>
      t.anon.post('/api/session/two-factor', { code: value }, { headers: { cookie, 'x-forwarded-for': from } });
    const right = await app.code();
    const wrong = Array.from({ length: 60 }, (_, i) => String(100000 + i)).filter((c) => c !== right);
    const replies = await Promise.all(wrong.map(code));
    const statuses = tally(replies);
    expect(Object.keys(statuses).sort()).toEqual(['422', '429']);
    expect(statuses[422]).toBeLessThanOrEqual(PER_ACCOUNT);
    for (const r of replies.filter((x) => x.status === 422)) expect(r.body).toEqual(CODE_REFUSED);
    for (const r of replies.filter((x) => x.status === 429)) expectTooMany(r, 'a wrong code');
    // Ten wrong codes were judged (codes are not shed): the account is at its limit.
    expect(statuses[422]).toBe(PER_ACCOUNT);
    expectTooMany(await code(right), 'the right code');
  });
});
