/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Signing in with a password against the real stack (docs/api.md#sessions, #account): the cookie
// and its flags, the CSRF token on every write made with it, sign-out ending the session on the
// server, bearer tokens working as before, passwords and e-mail addresses through the users API,
// the admin CLI and the launcher's first admin password, and the limits of failed sign-ins.
import { initialAdminPassword } from '@depot/local';
import { adminCli, expectRefused, expectReply, must, startTestStack, type Reply, type TestStack } from '../support';

const REFUSED = { error: { login: ['These credentials do not match our records.'] } };
const CSRF_MISMATCH = { error: 'CSRF token mismatch.' };
const UNAUTHENTICATED = { error: 'Unauthenticated.' };

let t: TestStack;
let adminPassword: string;

beforeAll(async () => {
  t = await startTestStack({
    services: {
      gateway: { TRUST_PROXY: '1', SIGNIN_RATE_LIMIT_PER_ACCOUNT: '3', SIGNIN_RATE_LIMIT_PER_ADDRESS: '6' },
    },
  });
  // What `npm start` does after starting: a password for an admin who has none, returned once.
  adminPassword = (await initialAdminPassword(`127.0.0.1:${t.stack.ports.auth}`))!;
});
afterAll(() => t?.stop());

/** A signed-in browser: its cookie and CSRF token, and requests made with them. */
interface Browser {
  cookie: string;
  csrf: string;
  reply: Reply;
  get(path: string): Promise<Reply>;
  /** A write with the cookie and, unless `csrf` is given (null: none), the session's token. */
  send(method: string, path: string, body?: unknown, csrf?: string | null): Promise<Reply>;
}

let address = 0;
/** A distinct client address per sign-in (the gateway trusts X-Forwarded-For here), unless given. */
const nextAddress = () => `198.51.100.${++address}`;

async function signIn(login: string, password: string, from = nextAddress()): Promise<Browser> {
  const reply = await t.anon.post('/api/session', { login, password }, { headers: { 'x-forwarded-for': from } });
  if (reply.status !== 201) throw new Error(`signing in as ${login}: ${reply.status} ${reply.text}`);
  return browser(sessionCookieOf(reply)!.value, reply.body.csrf_token, reply);
}

function browser(cookie: string, csrf: string, reply: Reply): Browser {
  const headers = (extra: Record<string, string> = {}) => ({ cookie: `depot_session=${cookie}`, ...extra });
  return {
    cookie,
    csrf,
    reply,
    get: (p) => t.anon.get(p, { headers: headers() }),
    send: (method, p, body, token = csrf) =>
      t.anon.request(method, p, body, { headers: headers(token === null ? {} : { 'x-csrf-token': token }) }),
  };
}

function sessionCookieOf(res: Reply) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('depot_session='));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  return { value: pair.slice('depot_session='.length), attributes };
}

const modState = (slug: string) => async () => (await t.anon.get(`/api/mod/${slug}`)).status;

describe('signing in', () => {
  it('with the password the launcher generated for admin: 201, the user, a CSRF token, an httpOnly SameSite=Strict cookie', async () => {
    expect(adminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Once only: the next start finds a password and generates none.
    expect(await initialAdminPassword(`127.0.0.1:${t.stack.ports.auth}`)).toBeUndefined();

    const res = await t.anon.post('/api/session', { login: 'ADMIN', password: adminPassword });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: {
        username: 'admin',
        email: null,
        permissions: ['solder_full'],
        modpacks: [],
        has_password: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      csrf_token: expect.any(String),
    });
    const cookie = sessionCookieOf(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(['Path=/', expect.stringMatching(/^Expires=/), 'HttpOnly', 'SameSite=Strict']);
    // The cookie lives as long as the session may (12 hours by default).
    const expires = Date.parse(cookie.attributes[1].slice('Expires='.length));
    expect(expires - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('marks the cookie Secure when the request came over HTTPS (through a trusted proxy)', async () => {
    const res = await t.anon.post(
      '/api/session',
      { login: 'admin', password: adminPassword },
      { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': nextAddress() } },
    );
    expect(sessionCookieOf(res)!.attributes).toEqual(
      expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']),
    );
  });

  it('answers one message for an unknown user, a wrong password and a user without one', async () => {
    must(await t.admin.post('/api/user', { username: 'nopass' }), 201, 'user without a password');
    for (const [login, password] of [
      ['nobody-here', 'some-password'],
      ['admin', 'not-the-password'],
      ['nopass', 'any-password'],
    ]) {
      const res = await t.anon.post(
        '/api/session',
        { login, password },
        { headers: { 'x-forwarded-for': nextAddress() } },
      );
      expect({ login, status: res.status, body: res.body, cookie: sessionCookieOf(res) }).toEqual({
        login,
        status: 422,
        body: REFUSED,
        cookie: undefined,
      });
    }
    expectReply(await t.anon.post('/api/session', {}), 422, {
      error: { login: ['The login field is required.'], password: ['The password field is required.'] },
    });
  });
});

describe('the session cookie', () => {
  it('authenticates reads and, with its CSRF token, writes; a write without the token changes nothing', async () => {
    const admin = await signIn('admin', adminPassword);
    expectReply(await admin.get('/api/session'), 200, { user: admin.reply.body.user, csrf_token: expect.any(String) });
    expect((await admin.get('/api/user')).status).toBe(200);

    for (const token of [null, 'forged-token']) {
      await expectRefused(
        modState('csrf-mod'),
        () => admin.send('POST', '/api/mod', { name: 'csrf-mod', pretty_name: 'CSRF' }, token),
        403,
        CSRF_MISMATCH,
      );
    }
    // A token of another session is worth nothing.
    const other = await signIn('admin', adminPassword);
    await expectRefused(
      modState('csrf-mod'),
      () => admin.send('POST', '/api/mod', { name: 'csrf-mod', pretty_name: 'CSRF' }, other.csrf),
      403,
      CSRF_MISMATCH,
    );
    expect((await admin.send('POST', '/api/mod', { name: 'csrf-mod', pretty_name: 'CSRF' })).status).toBe(201);
    // Each GET /api/session gives a fresh token; all of them work.
    const fresh = (await admin.get('/api/session')).body.csrf_token;
    expect(fresh).not.toBe(admin.csrf);
    expect((await admin.send('PUT', '/api/mod/csrf-mod', { author: 'me' }, fresh)).status).toBe(200);
    expect((await admin.send('DELETE', '/api/mod/csrf-mod', undefined, fresh)).status).toBe(200);
  });

  it('widens what launcher reads see, as the user’s bearer token would', async () => {
    const admin = await signIn('admin', adminPassword);
    must(await admin.send('POST', '/api/modpack', { name: 'Secret', slug: 'secret-pack', private: true }), 201, 'pack');
    expectReply(await t.anon.get('/api/modpack/secret-pack'), 404, { error: 'Modpack does not exist' });
    const seen = await admin.get('/api/modpack/secret-pack');
    expect(seen.status).toBe(200);
    // What a session sees is its user's: no cache may keep it (docs/caching.md).
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves bearer tokens as they were: no CSRF token needed, and a bearer token wins over a cookie', async () => {
    const admin = await signIn('admin', adminPassword);
    expect((await t.admin.post('/api/mod', { name: 'bearer-mod', pretty_name: 'Bearer' })).status).toBe(201);
    const both = await t.admin.put(
      '/api/mod/bearer-mod',
      { author: 'x' },
      { headers: { cookie: `depot_session=${admin.cookie}` } },
    );
    expect(both.status).toBe(200);
    const viaSession = await t.admin.get('/api/session');
    expectReply(viaSession, 200, { user: expect.objectContaining({ username: 'admin' }), csrf_token: null });
    expectReply(await t.anon.get('/api/session'), 401, UNAUTHENTICATED);
  });

  it('signing out ends the session on the server: the old cookie answers 401 everywhere', async () => {
    const admin = await signIn('admin', adminPassword);
    await expectRefused(
      async () => (await admin.get('/api/session')).status,
      () => admin.send('DELETE', '/api/session', undefined, null),
      403,
      CSRF_MISMATCH,
    );
    const res = await admin.send('DELETE', '/api/session');
    expectReply(res, 200, { success: 'Signed out.' });
    expect(sessionCookieOf(res)).toEqual({
      value: '',
      attributes: expect.arrayContaining(['Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Path=/']),
    });
    // Replaying the cookie (a copy kept by someone) does nothing any more.
    expectReply(await admin.get('/api/session'), 401, UNAUTHENTICATED);
    expectReply(await admin.get('/api/token'), 401, UNAUTHENTICATED);
    expectReply(await admin.send('POST', '/api/token', { name: 'late' }), 401, UNAUTHENTICATED);
  });

  it('signing in again from the same browser ends the session it had', async () => {
    const first = await signIn('admin', adminPassword);
    const res = await t.anon.post(
      '/api/session',
      { login: 'admin', password: adminPassword },
      { headers: { cookie: `depot_session=${first.cookie}` } },
    );
    expect(res.status).toBe(201);
    expectReply(await first.get('/api/session'), 401, UNAUTHENTICATED);
  });

  it('refuses a sign-in posted by a page of another site', async () => {
    const res = await t.anon.post(
      '/api/session',
      { login: 'admin', password: adminPassword },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expectReply(res, 403, CSRF_MISMATCH);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});

describe('passwords and e-mail addresses through the users API', () => {
  it('sets them write-only; the answers keep their shape; ?include=email lists the addresses', async () => {
    const created = await t.admin.post('/api/user', {
      username: 'alice',
      email: 'Alice@Example.com',
      password: 'alice-password-1',
      permissions: ['mods_create'],
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['username', 'permissions', 'modpacks', 'created_at', 'updated_at']);
    const alice = await signIn('alice@example.COM', 'alice-password-1');
    expect(alice.reply.body.user).toMatchObject({ username: 'alice', email: 'Alice@Example.com', has_password: true });

    const list = await t.admin.get('/api/user');
    expect(list.body.users.every((u: any) => !('email' in u))).toBe(true);
    const withEmails = await t.admin.get('/api/user?include=email');
    expect(withEmails.body.users.find((u: any) => u.username === 'alice')).toEqual({
      username: 'alice',
      email: 'Alice@Example.com',
      permissions: ['mods_create'],
      modpacks: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses bad values with Laravel messages, and a taken address in any case', async () => {
    const users = async () => (await t.admin.get('/api/user?include=email')).body;
    await expectRefused(users, () => t.admin.post('/api/user', { username: 'bob', email: 'bob' }), 422, {
      error: { email: ['The email field must be a valid email address.'] },
    });
    await expectRefused(users, () => t.admin.post('/api/user', { username: 'bob', password: 'short' }), 422, {
      error: { password: ['The password field must be at least 8 characters.'] },
    });
    await expectRefused(users, () => t.admin.post('/api/user', { username: 'bob', password: '€'.repeat(25) }), 422, {
      error: { password: ['The password field must not be greater than 72 bytes.'] },
    });
    await expectRefused(users, () => t.admin.post('/api/user', { username: 'bob', email: 'ALICE@example.com' }), 422, {
      error: { email: ['The email has already been taken.'] },
    });
  });

  it('a new password ends the user’s sessions; deleting the user ends them too', async () => {
    const session = await signIn('alice', 'alice-password-1');
    const res = await t.admin.put('/api/user/alice', { password: 'alice-password-2' });
    expect(Object.keys(res.body)).toEqual(['username', 'permissions', 'modpacks', 'created_at', 'updated_at']);
    expectReply(await session.get('/api/session'), 401, UNAUTHENTICATED);
    expectReply(
      await t.anon.post(
        '/api/session',
        { login: 'alice', password: 'alice-password-1' },
        { headers: { 'x-forwarded-for': nextAddress() } },
      ),
      422,
      REFUSED,
    );
    const again = await signIn('alice', 'alice-password-2');
    must(await t.admin.delete('/api/user/alice'), 200, 'delete alice');
    expectReply(await again.get('/api/account'), 401, UNAUTHENTICATED);
  });
});

describe('your own account', () => {
  it('GET shows it; PUT changes the address, and the password with the current one, keeping this session only', async () => {
    must(await t.admin.post('/api/user', { username: 'carol', password: 'carol-password-1' }), 201, 'carol');
    const here = await signIn('carol', 'carol-password-1');
    const elsewhere = await signIn('carol', 'carol-password-1');
    expectReply(await here.get('/api/account'), 200, {
      username: 'carol',
      email: null,
      permissions: [],
      modpacks: [],
      has_password: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expectReply(await here.send('PUT', '/api/account', { password: 'carol-password-2' }), 422, {
      error: { current_password: ['The current_password field is required.'] },
    });
    expectReply(
      await here.send('PUT', '/api/account', { password: 'carol-password-2', current_password: 'wrong-one' }),
      422,
      { error: { current_password: ['The password is incorrect.'] } },
    );
    const changed = await here.send('PUT', '/api/account', {
      email: 'carol@example.com',
      password: 'carol-password-2',
      current_password: 'carol-password-1',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ username: 'carol', email: 'carol@example.com' });
    expect((await here.get('/api/account')).status).toBe(200);
    expectReply(await elsewhere.get('/api/account'), 401, UNAUTHENTICATED);
    await signIn('carol@example.com', 'carol-password-2');
    // With a bearer token too (scripts), and without a CSRF token.
    const token = must(await t.admin.post('/api/user/carol/token', { name: 'script' }), 201, 'token').token.plaintext;
    expectReply(
      await t.anon.put('/api/account', { email: null }, { token }),
      200,
      expect.objectContaining({ email: null }),
    );
  });
});

describe('failed sign-ins are limited', () => {
  it('per login: three failures, then even the right password answers 429 with Retry-After', async () => {
    must(await t.admin.post('/api/user', { username: 'dave', password: 'dave-password' }), 201, 'dave');
    for (let i = 0; i < 3; i++) {
      const res = await t.anon.post(
        '/api/session',
        { login: 'Dave', password: `guess-${i}-x` },
        { headers: { 'x-forwarded-for': nextAddress() } },
      );
      expectReply(res, 422, REFUSED);
    }
    const locked = await t.anon.post(
      '/api/session',
      { login: 'dave', password: 'dave-password' },
      { headers: { 'x-forwarded-for': nextAddress() } },
    );
    expectReply(locked, 429, { error: 'Too many requests.' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(850);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(sessionCookieOf(locked)).toBeUndefined();
  });

  it('per client address, across logins; successes are not counted', async () => {
    const from = '203.0.113.7';
    must(await t.admin.post('/api/user', { username: 'erin', password: 'erin-password' }), 201, 'erin');
    for (let i = 0; i < 8; i++) await signIn('erin', 'erin-password', from);
    for (let i = 0; i < 6; i++) {
      const res = await t.anon.post(
        '/api/session',
        { login: `ghost-${i}`, password: 'whatever-x' },
        { headers: { 'x-forwarded-for': from } },
      );
      expectReply(res, 422, REFUSED);
    }
    const res = await t.anon.post(
      '/api/session',
      { login: 'erin', password: 'erin-password' },
      { headers: { 'x-forwarded-for': from } },
    );
    expectReply(res, 429, { error: 'Too many requests.' });
    // Another address signs in as usual.
    await signIn('erin', 'erin-password');
  });
});

describe('the admin CLI', () => {
  const cli = (args: string[], stdin?: string) => adminCli(t, args, stdin);

  it('creates a user with an e-mail address and a piped password, resets it (generated, shown once), lists addresses', async () => {
    const created = await cli(
      ['user', 'create', 'frank', '--email', 'frank@example.com', '--password-stdin'],
      'frank-password\n',
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({
      username: 'frank',
      email: 'frank@example.com',
      has_password: true,
    });
    const session = await signIn('frank@example.com', 'frank-password');

    const reset = await cli(['user', 'password', 'frank', '--generate']);
    expect(reset.code).toBe(0);
    const { password } = JSON.parse(reset.stdout);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(reset.stderr).toContain('shown once');
    expectReply(await session.get('/api/session'), 401, UNAUTHENTICATED);
    await signIn('frank', password);

    const piped = await cli(['user', 'password', 'frank', '--password-stdin'], 'frank-password-3\n');
    expect(JSON.parse(piped.stdout)).toEqual({ success: 'Password set.', username: 'frank' });
    await signIn('frank', 'frank-password-3');

    const tooShort = await cli(['user', 'password', 'frank', '--password-stdin'], 'short\n');
    expect(tooShort.code).toBe(64);
    await signIn('frank', 'frank-password-3');

    const list = JSON.parse((await cli(['user', 'list'])).stdout);
    expect(list.users.find((u: any) => u.username === 'frank')).toMatchObject({ email: 'frank@example.com' });
  });
});
