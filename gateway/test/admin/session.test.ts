// docs/api.md#sessions and #account against the fakes: the cookie's flags, the CSRF token every
// write made with the cookie needs (and bearer requests do not), one answer for every failed
// sign-in, sign-ins from other sites' pages, and the users API's write-only e-mail addresses and
// passwords. The limits of failed sign-ins: rate-limit.test.ts.
import { startStack, type Reply, type Stack } from './fake-stack';

const REFUSED = { error: { login: ['These credentials do not match our records.'] } };
const CSRF_MISMATCH = { error: 'CSRF token mismatch.' };

let stacks: Stack[] = [];
let s: Stack;
afterEach(async () => {
  for (const stack of stacks) await stack.close();
  stacks = [];
});

async function start(env: Record<string, string> = {}, instances = 1) {
  stacks = await startStack(env, instances);
  s = stacks[0];
  return stacks;
}

/** The session cookie an answer sets: its value and its attributes. */
function setCookie(res: Reply) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('depot_session='));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  return { value: pair.slice('depot_session='.length), attributes };
}

async function signIn(
  stack: Stack,
  login = 'keeper',
  password = 'keeper-password',
  headers: Record<string, string> = {},
) {
  const res = await stack.request('POST', '/api/session', { body: { login, password }, headers });
  return { res, cookie: setCookie(res), csrf: res.status === 201 ? (res.json().csrf_token as string) : undefined };
}

/** Headers of a request made with the session cookie (and its CSRF token, when given). */
const withSession = (cookie: string, csrf?: string): Record<string, string> => ({
  cookie: `depot_session=${cookie}`,
  ...(csrf ? { 'x-csrf-token': csrf } : {}),
});

const KEEPER = {
  username: 'keeper',
  email: 'keeper@example.com',
  permissions: ['solder_users', 'solder_keys', 'solder_clients'],
  modpacks: ['hexxit'],
  has_password: true,
  created_at: '2024-01-02T03:04:05.000000Z',
  updated_at: '2024-01-02T03:04:05.000000Z',
};

describe('sign-in', () => {
  it('answers 201 with the user and a CSRF token and sets an httpOnly, SameSite=Strict cookie', async () => {
    await start();
    const { res, cookie } = await signIn(s);
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({
      user: KEEPER,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]+-[A-Za-z0-9_-]{43}$/),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(cookie).toEqual({
      value: expect.stringMatching(/^session-\d+$/),
      attributes: ['Path=/', 'Expires=Thu, 01 Jan 2099 00:00:00 GMT', 'HttpOnly', 'SameSite=Strict'],
    });
    expect(s.auth.sessions.get(cookie!.value)).toBe(2);
    // By e-mail address, in any case.
    expect((await signIn(s, 'KEEPER@example.com')).res.status).toBe(201);
  });

  it('marks the cookie Secure over HTTPS (as a trusted proxy says) or when SESSION_COOKIE_SECURE forces it', async () => {
    await start({ TRUST_PROXY: '1' });
    const overHttps = await signIn(s, 'keeper', 'keeper-password', { 'x-forwarded-proto': 'https' });
    expect(overHttps.cookie!.attributes).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Strict']));
    expect((await signIn(s)).cookie!.attributes).not.toContain('Secure');
    await s.close();
    await start({ SESSION_COOKIE_SECURE: 'true' });
    expect((await signIn(s)).cookie!.attributes).toContain('Secure');
    // Without TRUST_PROXY a forwarded header proves nothing.
    await s.close();
    await start();
    expect(
      (await signIn(s, 'keeper', 'keeper-password', { 'x-forwarded-proto': 'https' })).cookie!.attributes,
    ).not.toContain('Secure');
  });

  it('answers the same 422 whether the user exists, the password is wrong or the user has none, and sets no cookie', async () => {
    await start();
    for (const [login, password] of [
      ['nobody', 'keeper-password'],
      ['keeper', 'wrong-password'],
      ['plain', 'anything-at-all'],
    ]) {
      const { res, cookie } = await signIn(s, login, password);
      expect({ login, status: res.status, body: res.json(), cookie }).toEqual({
        login,
        status: 422,
        body: REFUSED,
        cookie: undefined,
      });
    }
    expect(s.auth.sessions.size).toBe(0);
  });

  it('judges the body first: both fields are required strings', async () => {
    await start();
    const res = await s.request('POST', '/api/session', { body: { login: '', password: 5 } });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: { login: ['The login field is required.'], password: ['The password field must be a string.'] },
    });
    expect((await s.request('POST', '/api/session', { body: '{oops' })).status).toBe(400);
  });

  it('refuses a sign-in posted by a page of another site (login CSRF)', async () => {
    await start();
    for (const site of ['cross-site', 'same-site']) {
      const { res, cookie } = await signIn(s, 'keeper', 'keeper-password', { 'sec-fetch-site': site });
      expect({ site, status: res.status, body: res.json(), cookie }).toEqual({
        site,
        status: 403,
        body: CSRF_MISMATCH,
        cookie: undefined,
      });
    }
    expect((await signIn(s, 'keeper', 'keeper-password', { 'sec-fetch-site': 'same-origin' })).res.status).toBe(201);
  });

  it('refuses a sign-in whose Origin is another site, Sec-Fetch-Site or not; its own origin and none sign in', async () => {
    await start();
    const base = new URL(s.app.listeningOrigin);
    const foreign = [
      'https://evil.example',
      `http://evil.example:${base.port}`,
      `http://${base.hostname}:${Number(base.port) + 1}`,
      'null',
      'not a url',
    ];
    for (const origin of foreign) {
      const { res, cookie } = await signIn(s, 'keeper', 'keeper-password', { origin });
      expect({ origin, status: res.status, body: res.json(), cookie }).toEqual({
        origin,
        status: 403,
        body: CSRF_MISMATCH,
        cookie: undefined,
      });
    }
    expect(s.calls).not.toContain('auth.CreateSession');
    // The page's own origin (as the console sends it), and no Origin at all (curl, scripts).
    expect((await signIn(s, 'keeper', 'keeper-password', { origin: base.origin })).res.status).toBe(201);
    expect((await signIn(s)).res.status).toBe(201);
  });

  it('compares the Origin with the host a trusted proxy forwarded to, not with its own', async () => {
    await start({ TRUST_PROXY: '1' });
    const proxied = { 'x-forwarded-host': 'depot.example.com', 'x-forwarded-proto': 'https' };
    const ok = await signIn(s, 'keeper', 'keeper-password', { ...proxied, origin: 'https://depot.example.com' });
    expect(ok.res.status).toBe(201);
    const forged = await signIn(s, 'keeper', 'keeper-password', { ...proxied, origin: s.app.listeningOrigin });
    expect([forged.res.status, forged.res.json()]).toEqual([403, CSRF_MISMATCH]);
    // Without TRUST_PROXY the forwarded host proves nothing: the Host the request came to decides.
    await s.close();
    await start();
    const untrusted = await signIn(s, 'keeper', 'keeper-password', {
      'x-forwarded-host': 'depot.example.com',
      origin: 'https://depot.example.com',
    });
    expect(untrusted.res.status).toBe(403);
  });

  it('ends the session the browser had before', async () => {
    await start();
    const first = await signIn(s);
    const second = await signIn(s, 'keeper', 'keeper-password', withSession(first.cookie!.value));
    expect(second.res.status).toBe(201);
    expect([...s.auth.sessions.keys()]).toEqual([second.cookie!.value]);
  });
});

describe('requests made with the session cookie', () => {
  it('authenticate reads; writes need the CSRF token of that very session', async () => {
    await start();
    const a = await signIn(s);
    const b = await signIn(s);
    const cookie = a.cookie!.value;
    const read = await s.request('GET', '/api/token', { headers: withSession(cookie) });
    expect(read.status).toBe(200);
    // Its user's data: no cache keeps it (docs/caching.md), whatever the credentials.
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect((await s.request('GET', '/api/token', { token: 'keeper' })).headers.get('cache-control')).toBe(
      'private, no-store',
    );

    const before = s.auth.tokens.length;
    for (const csrf of [undefined, 'nonsense', b.csrf!, `${a.csrf!}x`]) {
      const res = await s.request('POST', '/api/token', { body: { name: 'x' }, headers: withSession(cookie, csrf) });
      expect({ csrf, status: res.status, body: res.json() }).toEqual({ csrf, status: 403, body: CSRF_MISMATCH });
    }
    expect(s.auth.tokens.length).toBe(before);

    const created = await s.request('POST', '/api/token', {
      body: { name: 'x', password: 'keeper-password' },
      headers: withSession(cookie, a.csrf),
    });
    expect(created.status).toBe(201);
    // Any token the session was given is good, the one from GET /api/session too.
    const fresh = (await s.request('GET', '/api/session', { headers: withSession(cookie) })).json().csrf_token;
    expect(fresh).not.toBe(a.csrf);
    const id = created.json().token.id;
    expect((await s.request('DELETE', `/api/token/${id}`, { headers: withSession(cookie, fresh) })).status).toBe(200);
  });

  it('a session mints a bearer token only with the password (a token needs none)', async () => {
    await start();
    const a = await signIn(s);
    const headers = withSession(a.cookie!.value, a.csrf);
    const before = s.auth.tokens.length;
    for (const [body, error] of [
      [{ name: 'x' }, { password: ['The password field is required when code is not present.'] }],
      [{ name: 'x', password: 'guess' }, { password: ['The password is incorrect.'] }],
      [{ name: 'x', code: '000000' }, { code: ['The provided two-factor code was invalid.'] }],
    ] as const) {
      const res = await s.request('POST', '/api/token', { body, headers });
      expect({ body, status: res.status, answer: res.json() }).toEqual({ body, status: 422, answer: { error } });
    }
    expect(s.auth.tokens.length).toBe(before);
    const created = await s.request('POST', '/api/token', {
      body: { name: 'x', password: 'keeper-password' },
      headers,
    });
    expect(created.status).toBe(201);
    expect((await s.request('POST', '/api/token', { token: 'keeper', body: { name: 'script' } })).status).toBe(201);
  });

  it('checks the CSRF token before the permission, after authentication', async () => {
    await start();
    s.auth.users[2].password = 'plain-password';
    const plain = await signIn(s, 'plain', 'plain-password');
    const noToken = await s.request('POST', '/api/key', { body: {}, headers: withSession(plain.cookie!.value) });
    expect([noToken.status, noToken.json()]).toEqual([403, CSRF_MISMATCH]);
    const withToken = await s.request('POST', '/api/key', {
      body: {},
      headers: withSession(plain.cookie!.value, plain.csrf),
    });
    expect([withToken.status, withToken.json()]).toEqual([403, { error: 'This action is unauthorized.' }]);
  });

  it('answers 401 and clears the cookie when it names no live session', async () => {
    await start();
    const res = await s.request('POST', '/api/token', {
      body: { name: 'x' },
      headers: withSession('session-gone', 'x'),
    });
    expect([res.status, res.json()]).toEqual([401, { error: 'Unauthenticated.' }]);
    expect(setCookie(res)).toEqual({
      value: '',
      attributes: expect.arrayContaining([
        'Path=/',
        'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        'HttpOnly',
        'SameSite=Strict',
      ]),
    });
  });

  it('lets a bearer token win over the cookie; bearer writes need no CSRF token', async () => {
    await start();
    const { cookie } = await signIn(s);
    const bearer = await s.request('POST', '/api/token', { token: 'plain', body: { name: 'script' } });
    expect(bearer.status).toBe(201);
    // Both sent: the token's user, without a CSRF token.
    const both = await s.request('GET', '/api/session', { token: 'plain', headers: withSession(cookie!.value) });
    expect(both.json()).toMatchObject({ user: { username: 'plain' }, csrf_token: null });
    const write = await s.request('POST', '/api/token', {
      token: 'plain',
      body: { name: 'y' },
      headers: withSession(cookie!.value),
    });
    expect(write.status).toBe(201);
    // An unknown bearer token is not rescued by a valid cookie.
    const unknown = await s.request('GET', '/api/token', { token: 'unknown', headers: withSession(cookie!.value) });
    expect(unknown.status).toBe(401);
    expect(setCookie(unknown)).toBeUndefined();
  });
});

describe('GET and DELETE /api/session', () => {
  it('GET: the user and a CSRF token; 401 without a session', async () => {
    await start();
    const { cookie } = await signIn(s);
    const res = await s.request('GET', '/api/session', { headers: withSession(cookie!.value) });
    expect([res.status, res.json()]).toEqual([200, { user: KEEPER, csrf_token: expect.any(String) }]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await s.request('GET', '/api/session')).status).toBe(401);
  });

  it('DELETE ends the session on the server and clears the cookie; it needs the CSRF token', async () => {
    await start();
    const { cookie, csrf } = await signIn(s);
    const refused = await s.request('DELETE', '/api/session', { headers: withSession(cookie!.value) });
    expect([refused.status, refused.json()]).toEqual([403, CSRF_MISMATCH]);
    expect(s.auth.sessions.has(cookie!.value)).toBe(true);

    const res = await s.request('DELETE', '/api/session', { headers: withSession(cookie!.value, csrf) });
    expect([res.status, res.json()]).toEqual([200, { success: 'Signed out.' }]);
    expect(setCookie(res)).toMatchObject({
      value: '',
      attributes: expect.arrayContaining(['Expires=Thu, 01 Jan 1970 00:00:00 GMT']),
    });
    expect(s.auth.sessions.has(cookie!.value)).toBe(false);
    expect((await s.request('GET', '/api/session', { headers: withSession(cookie!.value) })).status).toBe(401);
  });

  it('DELETE with a bearer token ends nothing', async () => {
    await start();
    const { cookie } = await signIn(s);
    const res = await s.request('DELETE', '/api/session', { token: 'keeper', headers: withSession(cookie!.value) });
    expect([res.status, res.json()]).toEqual([200, { success: 'Signed out.' }]);
    expect(s.auth.sessions.has(cookie!.value)).toBe(true);
    expect((await s.request('GET', '/api/token', { token: 'keeper' })).status).toBe(200);
  });
});

describe('account', () => {
  it('GET shows the account; PUT changes the e-mail address, and the password with the current one', async () => {
    await start();
    const { cookie, csrf } = await signIn(s);
    const other = await signIn(s);
    const headers = withSession(cookie!.value, csrf);
    expect((await s.request('GET', '/api/account', { headers })).json()).toEqual(KEEPER);

    const missing = await s.request('PUT', '/api/account', { headers, body: { password: 'too-short'.slice(0, 5) } });
    expect([missing.status, missing.json()]).toEqual([
      422,
      { error: { password: ['The password field must be at least 8 characters.'] } },
    ]);
    const bad = await s.request('PUT', '/api/account', { headers, body: { email: 'not-an-address' } });
    expect(bad.json()).toEqual({ error: { email: ['The email field must be a valid email address.'] } });

    const res = await s.request('PUT', '/api/account', {
      headers,
      body: { email: 'k@example.org', password: 'a-new-password', current_password: 'keeper-password' },
    });
    expect([res.status, res.json()]).toEqual([200, { ...KEEPER, email: 'k@example.org' }]);
    // The session that made the change stays, the other ends.
    expect(s.auth.sessions.has(cookie!.value)).toBe(true);
    expect(s.auth.sessions.has(other.cookie!.value)).toBe(false);
    expect((await signIn(s, 'k@example.org', 'a-new-password')).res.status).toBe(201);

    const cleared = await s.request('PUT', '/api/account', { headers, body: { email: '' } });
    expect(cleared.json().email).toBeNull();
  });

  it('a wrong current password sent with an e-mail change is refused, and nothing changes', async () => {
    await start();
    const { cookie, csrf } = await signIn(s);
    const headers = withSession(cookie!.value, csrf);
    const res = await s.request('PUT', '/api/account', {
      headers,
      body: { email: 'thief@example.org', current_password: 'not-the-password' },
    });
    expect([res.status, res.json()]).toEqual([422, { error: { current_password: ['The password is incorrect.'] } }]);
    expect((await s.request('GET', '/api/account', { headers })).json()).toEqual(KEEPER);
  });
});

describe('users API: write-only e-mail addresses and passwords', () => {
  it('accepts them on create and update, answers the frozen shapes, lists addresses only with ?include=email', async () => {
    await start();
    const created = await s.request('POST', '/api/user', {
      token: 'admin',
      body: { username: 'dora', email: 'dora@example.com', password: 'dora-password' },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json())).toEqual(['username', 'permissions', 'modpacks', 'created_at', 'updated_at']);
    expect((await signIn(s, 'dora@example.com', 'dora-password')).res.status).toBe(201);

    const updated = await s.request('PUT', '/api/user/dora', {
      token: 'admin',
      body: { password: 'dora-password-2', email: null },
    });
    expect(Object.keys(updated.json())).toEqual(['username', 'permissions', 'modpacks', 'created_at', 'updated_at']);
    expect((await signIn(s, 'dora', 'dora-password-2')).res.status).toBe(201);
    // null (or "") leaves a password as it is.
    await s.request('PUT', '/api/user/dora', { token: 'admin', body: { password: null } });
    expect((await signIn(s, 'dora', 'dora-password-2')).res.status).toBe(201);

    const plainList = (await s.request('GET', '/api/user', { token: 'admin' })).json();
    expect(Object.keys(plainList.users[0])).toEqual([
      'username',
      'permissions',
      'modpacks',
      'created_at',
      'updated_at',
    ]);
    const withEmails = (await s.request('GET', '/api/user?include=email', { token: 'admin' })).json();
    expect(withEmails.users.map((u: { username: string; email: string | null }) => [u.username, u.email])).toEqual([
      ['admin', null],
      ['keeper', 'keeper@example.com'],
      ['plain', null],
      ['dora', null],
    ]);
    expect(Object.keys(withEmails.users[1])).toEqual([
      'username',
      'email',
      'permissions',
      'modpacks',
      'created_at',
      'updated_at',
    ]);
  });

  it.each([
    [{ username: 'x', email: 'nope' }, { email: ['The email field must be a valid email address.'] }],
    [{ username: 'x', email: 5 }, { email: ['The email field must be a string.'] }],
    [{ username: 'x', password: 'short' }, { password: ['The password field must be at least 8 characters.'] }],
    [
      { username: 'x', password: 'é'.repeat(37) },
      { password: ['The password field must not be greater than 72 bytes.'] },
    ],
    [{ username: 'x', password: 12345678 }, { password: ['The password field must be a string.'] }],
  ])('refuses %j with 422 %j', async (body, error) => {
    await start();
    const res = await s.request('POST', '/api/user', { token: 'admin', body });
    expect([res.status, res.json()]).toEqual([422, { error }]);
    expect(s.auth.users.some((u) => u.username === 'x')).toBe(false);
  });
});
