/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Two-factor sign-in against the real stack (docs/api.md#two-factor-sign-in): setting it up with a
// code of a real authenticator (otplib, the wall clock), signing in with a code and with a
// recovery code, the same answer for whatever is wrong and wrong codes counted as failed
// sign-ins, an administrator's reset through the API and through the admin CLI, and bearer
// tokens left alone.
import { adminCli, expectReply, must, startTestStack, type Reply, type TestStack } from '../support';
import { Authenticator } from '../support/authenticator';

const CODE_REFUSED = { error: { code: ['The provided two-factor code was invalid.'] } };
const RECOVERY_REFUSED = { error: { recovery_code: ['The provided recovery code was invalid.'] } };
const UNAUTHENTICATED = { error: 'Unauthenticated.' };

let t: TestStack;

beforeAll(async () => {
  t = await startTestStack({
    services: {
      gateway: { TRUST_PROXY: '1', SIGNIN_RATE_LIMIT_PER_ACCOUNT: '3', SIGNIN_RATE_LIMIT_PER_ADDRESS: '50' },
    },
  });
});
afterAll(() => t?.stop());

let address = 0;
/** A distinct client address per user (the gateway trusts X-Forwarded-For here). */
const nextAddress = () => `203.0.113.${++address}`;

function cookieOf(res: Reply, name: string) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  return { value: pair.slice(name.length + 1), attributes };
}

/** A browser of one user: its address, the session cookie and CSRF token once signed in. */
class Browser {
  session?: { cookie: string; csrf: string };
  challenge?: string;
  readonly from = nextAddress();

  constructor(readonly login: string) {}

  private headers(extra: Record<string, string> = {}) {
    const cookies = [
      this.session && `depot_session=${this.session.cookie}`,
      this.challenge && `depot_two_factor=${this.challenge}`,
    ].filter(Boolean);
    return { 'x-forwarded-for': this.from, ...(cookies.length ? { cookie: cookies.join('; ') } : {}), ...extra };
  }

  /** The password step: keeps the session or the challenge cookie it sets. */
  async password(password: string): Promise<Reply> {
    const res = await t.anon.post('/api/session', { login: this.login, password }, { headers: this.headers() });
    this.keep(res);
    return res;
  }

  /** The second step. */
  async twoFactor(body: { code?: string; recovery_code?: string }): Promise<Reply> {
    const res = await t.anon.post('/api/session/two-factor', body, { headers: this.headers() });
    this.keep(res);
    return res;
  }

  private keep(res: Reply) {
    const challenge = cookieOf(res, 'depot_two_factor');
    if (challenge) this.challenge = challenge.value || undefined;
    const session = cookieOf(res, 'depot_session');
    if (session && res.status === 201) this.session = { cookie: session.value, csrf: res.body.csrf_token };
  }

  get(p: string) {
    return t.anon.get(p, { headers: this.headers() });
  }
  send(method: string, p: string, body?: unknown) {
    return t.anon.request(method, p, body, { headers: this.headers({ 'x-csrf-token': this.session?.csrf ?? '' }) });
  }
}

/** A user with a password and a bearer token. */
async function newUser(username: string, permissions: string[] = []) {
  must(await t.admin.post('/api/user', { username, permissions, password: `${username}-password` }), 201, 'user');
  const token = must(await t.admin.post(`/api/user/${username}/token`, { name: 'script' }), 201, 'token').token
    .plaintext as string;
  return { username, password: `${username}-password`, token };
}

/** Signed in, then two-factor sign-in set up from the account page: the app and the recovery codes. */
async function enrol(user: { username: string; password: string }) {
  const browser = new Browser(user.username);
  must(await browser.password(user.password), 201, 'sign-in');
  const started = must(
    await browser.send('POST', '/api/account/two-factor', { password: user.password }),
    201,
    'start',
  );
  const app = new Authenticator(started.secret);
  const confirmed = must(
    await browser.send('POST', '/api/account/two-factor/confirm', { code: await app.code() }),
    200,
    'confirm',
  );
  return { browser, app, codes: confirmed.recovery_codes as string[], started };
}

describe('setting it up and signing in', () => {
  it('enrol with the QR code URI, confirm with a code; sign-in then asks for a code; recovery codes work once', async () => {
    const dora = await newUser('dora');
    const other = new Browser('dora');
    must(await other.password(dora.password), 201, 'a second browser');

    const browser = new Browser('dora');
    must(await browser.password(dora.password), 201, 'sign-in');
    expectReply(await browser.get('/api/account/two-factor'), 200, {
      available: true,
      enabled: false,
      pending: false,
      confirmed_at: null,
      recovery_codes_left: 0,
    });
    expectReply(await browser.send('POST', '/api/account/two-factor', { password: 'not-her-password' }), 422, {
      error: { password: ['The password is incorrect.'] },
    });
    const started = await browser.send('POST', '/api/account/two-factor', { password: dora.password });
    expect(started.status).toBe(201);
    expect(started.headers.get('cache-control')).toBe('no-store');
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauth_url).toBe(`otpauth://totp/Depot:dora?secret=${started.body.secret}&issuer=Depot`);
    const app = new Authenticator(started.body.secret);

    expectReply(await browser.send('POST', '/api/account/two-factor/confirm', { code: '000000' }), 422, CODE_REFUSED);
    const confirmed = await browser.send('POST', '/api/account/two-factor/confirm', { code: await app.code() });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(8);
    const status = await browser.get('/api/account/two-factor');
    expect(status.body).toMatchObject({ enabled: true, pending: false, recovery_codes_left: 8 });
    // The browser that turned it on stays signed in; the other one is signed out.
    expect((await browser.get('/api/session')).status).toBe(200);
    expectReply(await other.get('/api/session'), 401, UNAUTHENTICATED);
    // Her bearer token is a credential of its own: unaffected.
    expect((await t.anon.get('/api/account', { token: dora.token })).status).toBe(200);

    // Signing in: the password answers 202 and the cookie of the second step.
    const next = new Browser('DORA');
    const step = await next.password(dora.password);
    expect(step.status).toBe(202);
    expect(step.body).toEqual({ two_factor: true, expires_at: expect.any(String) });
    const expiresIn = Date.parse(step.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(280_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    expect(cookieOf(step, 'depot_session')).toBeUndefined();
    expect(cookieOf(step, 'depot_two_factor')!.attributes).toEqual(
      expect.arrayContaining(['Path=/api/session/two-factor', 'HttpOnly', 'SameSite=Strict']),
    );
    expectReply(await next.get('/api/session'), 401, UNAUTHENTICATED);

    const signedIn = await next.twoFactor({ code: await app.code() });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.user).toMatchObject({ username: 'dora', has_password: true });
    expect(cookieOf(signedIn, 'depot_two_factor')!.value).toBe('');
    expect((await next.get('/api/account')).body.username).toBe('dora');

    // With a recovery code, once.
    const lost = new Browser('dora');
    expect((await lost.password(dora.password)).status).toBe(202);
    expect((await lost.twoFactor({ recovery_code: codes[0] })).status).toBe(201);
    const again = new Browser('dora');
    expect((await again.password(dora.password)).status).toBe(202);
    expectReply(await again.twoFactor({ recovery_code: codes[0] }), 422, RECOVERY_REFUSED);
    expect((await again.twoFactor({ recovery_code: codes[1].toUpperCase() })).status).toBe(201);
    expect((await again.get('/api/account/two-factor')).body.recovery_codes_left).toBe(6);

    const users = await t.admin.get('/api/user?include=email,two_factor');
    expect(users.body.users.find((u: any) => u.username === 'dora')).toMatchObject({ email: null, two_factor: true });
  });

  it('a wrong code, a used one, none at all: one answer, counted as failed sign-ins of the login', async () => {
    const erin = await newUser('erin');
    const { app } = await enrol(erin);
    const browser = new Browser('erin');
    expect((await browser.password(erin.password)).status).toBe(202);
    const refusedAlike = [
      await browser.twoFactor({ code: '000000' }),
      await new Browser('erin').twoFactor({ code: '123456' }), // no pending sign-in
      await browser.twoFactor({ code: '111111' }),
    ];
    for (const res of refusedAlike) expectReply(res, 422, CODE_REFUSED);
    // Two wrong codes counted (the request without a pending sign-in names no login): one more.
    expectReply(await browser.twoFactor({ code: '222222' }), 422, CODE_REFUSED);
    const limited = await browser.twoFactor({ code: await app.code() });
    expectReply(limited, 429, { error: 'Too many requests.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The login's password step is limited as well, from another address too.
    expect((await new Browser('erin').password(erin.password)).status).toBe(429);
  });

  it('turning it off with a code, new recovery codes with the password', async () => {
    const fay = await newUser('fay');
    const { browser, app, codes } = await enrol(fay);
    const fresh = await browser.send('POST', '/api/account/two-factor/recovery-codes', { password: fay.password });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(8);
    expect(fresh.body.recovery_codes).not.toContain(codes[0]);
    expectReply(await browser.send('DELETE', '/api/account/two-factor', { code: await app.code() }), 200, {
      success: 'Two-factor sign-in turned off.',
    });
    expect((await new Browser('fay').password(fay.password)).status).toBe(201);
    expectReply(await browser.send('DELETE', '/api/account/two-factor', { password: fay.password }), 409, {
      error: 'Two-factor sign-in is off.',
    });
  });
});

describe("an administrator's reset", () => {
  it('through the API: solder_users, the escalation guard, the user signed out and signing in with the password alone', async () => {
    const gus = await newUser('gus');
    const { browser } = await enrol(gus);
    const manager = await newUser('manager', ['solder_users']);
    const admin = new Browser('admin');
    // admin (solder_full) with two-factor sign-in: a solder_users manager may not reset it.
    must(await t.admin.put('/api/user/admin', { password: 'admin-password-1' }), 200, 'admin password');
    await enrol({ username: 'admin', password: 'admin-password-1' });
    expectReply(await t.anon.delete('/api/user/admin/two-factor', { token: manager.token }), 403, {
      error: 'This action is unauthorized.',
    });
    expect((await admin.password('admin-password-1')).status).toBe(202);

    expectReply(await t.anon.delete('/api/user/nobody/two-factor', { token: manager.token }), 404, {
      error: 'User not found.',
    });
    expectReply(await t.anon.delete('/api/user/GUS/two-factor', { token: manager.token }), 200, {
      success: 'Two-factor sign-in reset.',
    });
    expectReply(await browser.get('/api/session'), 401, UNAUTHENTICATED);
    expect((await new Browser('gus').password(gus.password)).status).toBe(201);
    const users = await t.admin.get('/api/user?include=two_factor');
    expect(users.body.users.find((u: any) => u.username === 'gus')).toMatchObject({ two_factor: false });
    expect(users.body.users.find((u: any) => u.username === 'admin')).toMatchObject({ two_factor: true });
  });

  it('through the admin CLI: user reset-2fa', async () => {
    const hal = await newUser('hal');
    await enrol(hal);
    expect((await new Browser('hal').password(hal.password)).status).toBe(202);
    const result = await adminCli(t, ['user', 'reset-2fa', 'hal']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ success: 'Two-factor sign-in reset.', username: 'hal' });
    expect((await new Browser('hal').password(hal.password)).status).toBe(201);
  });
});
