// docs/api.md#two-factor-sign-in against the fakes: the password step's 202 and its cookie, the
// second step's one answer for whatever is wrong, wrong codes counted as failed sign-ins, the
// account routes (no-store, counted wrong proofs) and an administrator's reset.
import { startStack, type Reply, type Stack } from './fake-stack';

const CODE_REFUSED = { error: { code: ['The provided two-factor code was invalid.'] } };
const RECOVERY_REFUSED = { error: { recovery_code: ['The provided recovery code was invalid.'] } };

let s: Stack;
afterEach(async () => {
  await s?.close();
});

async function start(env: Record<string, string> = {}) {
  [s] = await startStack(env);
  // keeper (password "keeper-password") has two-factor sign-in: code 654321, two recovery codes.
  s.auth.twoFactor.set(2, {
    code: '654321',
    recovery: new Set(['aaaaa-bbbbb-ccccc-ddddd', 'eeeee-fffff-ggggg-hhhhh']),
  });
}

/** A cookie an answer sets: its value and its attributes. */
function setCookie(res: Reply, name: string) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  return { value: pair.slice(name.length + 1), attributes };
}

/** The password step: the challenge cookie's value. */
async function passwordStep(login = 'keeper', headers: Record<string, string> = {}) {
  const res = await s.request('POST', '/api/session', { body: { login, password: 'keeper-password' }, headers });
  return { res, challenge: setCookie(res, 'depot_two_factor')?.value };
}

const secondStep = (challenge: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  s.request('POST', '/api/session/two-factor', {
    body,
    headers: { ...(challenge ? { cookie: `depot_two_factor=${challenge}` } : {}), ...headers },
  });

describe('signing in with two-factor sign-in', () => {
  it('the password answers 202 and a cookie for the second step only; no session', async () => {
    await start();
    const { res, challenge } = await passwordStep('KEEPER@example.com');
    expect(res.status).toBe(202);
    expect(res.json()).toEqual({ two_factor: true, expires_at: '2099-01-01T00:05:00.000000Z' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(setCookie(res, 'depot_session')).toBeUndefined();
    const cookie = setCookie(res, 'depot_two_factor')!;
    expect(challenge).toMatch(/^challenge-\d+$/);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['Path=/api/session/two-factor', 'HttpOnly', 'SameSite=Strict']),
    );
    expect(cookie.attributes.some((a) => a.startsWith('Expires='))).toBe(true);
    // A user without it signs in as before.
    s.auth.users[0].password = 'admin-password';
    const plain = await s.request('POST', '/api/session', { body: { login: 'admin', password: 'admin-password' } });
    expect(plain.status).toBe(201);
    expect(setCookie(plain, 'depot_two_factor')).toBeUndefined();
  });

  it('a code completes it: 201 as a sign-in, the session cookie set, the challenge cookie cleared', async () => {
    await start();
    const { challenge } = await passwordStep();
    const res = await secondStep(challenge, { code: '654321' });
    expect(res.status).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'keeper', has_password: true });
    expect(typeof body.csrf_token).toBe('string');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const session = setCookie(res, 'depot_session')!;
    expect(session.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict']));
    const cleared = setCookie(res, 'depot_two_factor')!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toContain('Path=/api/session/two-factor');
    const who = await s.request('GET', '/api/session', { headers: { cookie: `depot_session=${session.value}` } });
    expect(who.status).toBe(200);
    expect(who.json().user.username).toBe('keeper');
    // Used up.
    expect((await secondStep(challenge, { code: '654321' })).json()).toEqual(CODE_REFUSED);
  });

  it('a recovery code completes it once', async () => {
    await start();
    const first = await secondStep((await passwordStep()).challenge, { recovery_code: 'aaaaa-bbbbb-ccccc-ddddd' });
    expect(first.status).toBe(201);
    const again = await secondStep((await passwordStep()).challenge, { recovery_code: 'aaaaa-bbbbb-ccccc-ddddd' });
    expect(again.status).toBe(422);
    expect(again.json()).toEqual(RECOVERY_REFUSED);
  });

  it('the same answer for a wrong code, an unknown challenge and none at all', async () => {
    await start();
    const { challenge } = await passwordStep();
    for (const [cookie, body] of [
      [challenge, { code: '000000' }],
      ['challenge-unknown', { code: '654321' }],
      [undefined, { code: '654321' }],
    ] as const) {
      const res = await secondStep(cookie, body);
      expect({ status: res.status, body: res.json() }).toEqual({ status: 422, body: CODE_REFUSED });
    }
    const unknown = await secondStep('challenge-unknown', { code: '654321' });
    expect(setCookie(unknown, 'depot_two_factor')?.value).toBe(''); // cleared
    // The challenge survives a wrong code.
    expect((await secondStep(challenge, { code: '654321' })).status).toBe(201);
  });

  it('refuses a body without a code, and a request from another site', async () => {
    await start();
    const { challenge } = await passwordStep();
    const empty = await secondStep(challenge, {});
    expect(empty.status).toBe(422);
    expect(empty.json()).toEqual({
      error: { code: ['The code field is required when recovery code is not present.'] },
    });
    const numeric = await secondStep(challenge, { code: 654321 });
    expect(numeric.json()).toEqual({ error: { code: ['The code field must be a string.'] } });
    const forged = await secondStep(challenge, { code: '654321' }, { 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect(forged.json()).toEqual({ error: 'CSRF token mismatch.' });
    expect(s.calls).not.toContain('auth.CompleteSignIn');
  });

  it('wrong codes count as failed sign-ins of the login: over the limit, 429 even for the right code', async () => {
    await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '3', SIGNIN_RATE_LIMIT_PER_ADDRESS: '100' });
    const { challenge } = await passwordStep('Keeper');
    for (let i = 0; i < 3; i++) expect((await secondStep(challenge, { code: '111111' })).status).toBe(422);
    const limited = await secondStep(challenge, { code: '654321' });
    expect(limited.status).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same login's password step is limited too: the counters are shared.
    expect((await passwordStep('keeper')).res.status).toBe(429);
  });
});

describe('your two-factor sign-in', () => {
  const keeper = { token: 'keeper' };

  it('status; setting it up with the password (wrong ones counted); confirming; answers are no-store', async () => {
    await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '2', SIGNIN_RATE_LIMIT_PER_ADDRESS: '100' });
    s.auth.twoFactor.clear();
    const status = await s.request('GET', '/api/account/two-factor', keeper);
    expect(status.status).toBe(200);
    expect(status.json()).toEqual({
      available: true,
      enabled: false,
      pending: false,
      confirmed_at: null,
      recovery_codes_left: 0,
    });
    const started = await s.request('POST', '/api/account/two-factor', {
      ...keeper,
      body: { password: 'keeper-password' },
    });
    expect(started.status).toBe(201);
    expect(started.json()).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/Depot:keeper?secret=JBSWY3DPEHPK3PXP&issuer=Depot',
    });
    expect(started.headers.get('cache-control')).toBe('no-store');

    const wrong = await s.request('POST', '/api/account/two-factor/confirm', { ...keeper, body: { code: '000000' } });
    expect({ status: wrong.status, body: wrong.json() }).toEqual({ status: 422, body: CODE_REFUSED });
    const confirmed = await s.request('POST', '/api/account/two-factor/confirm', {
      ...keeper,
      body: { code: '123456' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json()).toEqual({ recovery_codes: ['aaaaa-bbbbb-ccccc-ddddd', 'eeeee-fffff-ggggg-hhhhh'] });
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    expect((await s.request('GET', '/api/account/two-factor', keeper)).json()).toMatchObject({
      enabled: true,
      confirmed_at: '2024-01-02T03:04:05.000000Z',
      recovery_codes_left: 2,
    });
    const again = await s.request('POST', '/api/account/two-factor', {
      ...keeper,
      body: { password: 'keeper-password' },
    });
    expect({ status: again.status, body: again.json() }).toEqual({
      status: 409,
      body: { error: 'Two-factor sign-in is already on.' },
    });

    // Wrong passwords count against the user's login: 2 allowed here, then 429.
    s.auth.twoFactor.clear();
    for (let i = 0; i < 2; i++) {
      const res = await s.request('POST', '/api/account/two-factor', { ...keeper, body: { password: 'nope-nope' } });
      expect(res.json()).toEqual({ error: { password: ['The password is incorrect.'] } });
    }
    const limited = await s.request('POST', '/api/account/two-factor', {
      ...keeper,
      body: { password: 'keeper-password' },
    });
    expect(limited.status).toBe(429);
  });

  it('new recovery codes and turning it off: with the password or a code, wrong ones counted', async () => {
    await start({ SIGNIN_RATE_LIMIT_PER_ACCOUNT: '3', SIGNIN_RATE_LIMIT_PER_ADDRESS: '100' });
    const missing = await s.request('POST', '/api/account/two-factor/recovery-codes', { ...keeper, body: {} });
    expect(missing.json()).toEqual({
      error: { password: ['The password field is required when code is not present.'] },
    });
    const codes = await s.request('POST', '/api/account/two-factor/recovery-codes', {
      ...keeper,
      body: { code: '654321' },
    });
    expect(codes.status).toBe(200);
    expect(codes.json()).toEqual({ recovery_codes: ['iiiii-jjjjj-kkkkk-mmmmm'] });
    const wrong = await s.request('DELETE', '/api/account/two-factor', { ...keeper, body: { code: '000000' } });
    expect({ status: wrong.status, body: wrong.json() }).toEqual({ status: 422, body: CODE_REFUSED });
    const off = await s.request('DELETE', '/api/account/two-factor', {
      ...keeper,
      body: { password: 'keeper-password' },
    });
    expect({ status: off.status, body: off.json() }).toEqual({
      status: 200,
      body: { success: 'Two-factor sign-in turned off.' },
    });
    const offAgain = await s.request('DELETE', '/api/account/two-factor', {
      ...keeper,
      body: { password: 'keeper-password' },
    });
    expect({ status: offAgain.status, body: offAgain.json() }).toEqual({
      status: 409,
      body: { error: 'Two-factor sign-in is off.' },
    });
    // A wrong code counted before; two wrong passwords reach the limit of 3: then 429, the right code included.
    s.auth.twoFactor.set(2, { code: '654321', recovery: new Set() });
    for (let i = 0; i < 2; i++) {
      const res = await s.request('DELETE', '/api/account/two-factor', {
        ...keeper,
        body: { password: 'wrong-password' },
      });
      expect(res.json()).toEqual({ error: { password: ['The password is incorrect.'] } });
    }
    expect((await s.request('DELETE', '/api/account/two-factor', { ...keeper, body: { code: '654321' } })).status).toBe(
      429,
    );
  });

  it('needs a user; a write with the session cookie needs its CSRF token', async () => {
    await start();
    expect((await s.request('GET', '/api/account/two-factor')).status).toBe(401);
    const { challenge } = await passwordStep();
    const signedIn = await secondStep(challenge, { code: '654321' });
    const cookie = `depot_session=${setCookie(signedIn, 'depot_session')!.value}`;
    const noCsrf = await s.request('DELETE', '/api/account/two-factor', {
      body: { password: 'keeper-password' },
      headers: { cookie },
    });
    expect({ status: noCsrf.status, body: noCsrf.json() }).toEqual({
      status: 403,
      body: { error: 'CSRF token mismatch.' },
    });
  });
});

describe("an administrator's reset", () => {
  it('solder_users; a solder_full user only by another; 404 for nobody; the users list says who has it', async () => {
    await start();
    s.auth.twoFactor.set(1, { code: '111111', recovery: new Set() });
    const list = await s.request('GET', '/api/user?include=email,two_factor', { token: 'admin' });
    expect(list.json().users.map((u: Record<string, unknown>) => Object.keys(u).slice(0, 3))).toEqual([
      ['username', 'email', 'two_factor'],
      ['username', 'email', 'two_factor'],
      ['username', 'email', 'two_factor'],
    ]);
    expect(list.json().users.map((u: Record<string, unknown>) => u.two_factor)).toEqual([true, true, false]);
    const only = await s.request('GET', '/api/user?include=two_factor', { token: 'admin' });
    expect(Object.keys(only.json().users[0])).toEqual([
      'username',
      'two_factor',
      'permissions',
      'modpacks',
      'created_at',
      'updated_at',
    ]);

    const plain = await s.request('DELETE', '/api/user/keeper/two-factor', { token: 'plain' });
    expect({ status: plain.status, body: plain.json() }).toEqual({
      status: 403,
      body: { error: 'This action is unauthorized.' },
    });
    const escalation = await s.request('DELETE', '/api/user/admin/two-factor', { token: 'keeper' });
    expect(escalation.status).toBe(403);
    expect(s.auth.twoFactor.has(1)).toBe(true);
    const nobody = await s.request('DELETE', '/api/user/nobody/two-factor', { token: 'keeper' });
    expect({ status: nobody.status, body: nobody.json() }).toEqual({ status: 404, body: { error: 'User not found.' } });

    const reset = await s.request('DELETE', '/api/user/KEEPER/two-factor', { token: 'keeper' });
    expect({ status: reset.status, body: reset.json() }).toEqual({
      status: 200,
      body: { success: 'Two-factor sign-in reset.' },
    });
    expect(s.auth.twoFactor.has(2)).toBe(false);
    expect((await s.request('DELETE', '/api/user/admin/two-factor', { token: 'admin' })).status).toBe(200);
    expect(s.auth.twoFactor.has(1)).toBe(false);
  });
});
