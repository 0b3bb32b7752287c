// Sessions over time and across restarts, against the real stack (docs/api.md#sessions): the idle
// timeout and the absolute lifetime (short settings), and ADMIN_PASSWORD, which sets admin's
// password when its value is new, keeps a password changed since across restarts with the same
// value, and replaces it (ending admin's sessions) when the value changes.
import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@depot/common/runtime';
import { createTestNamespace, testDatabaseUrl, uniqueName } from '@depot/common/testing';
import { startStack } from '@depot/local';
import { Api, expectReply, type Reply, type Stack } from '../support';

const REFUSED = { error: { login: ['These credentials do not match our records.'] } };
const UNAUTHENTICATED = { error: 'Unauthenticated.' };
const IDLE_SECONDS = 4;
const LIFETIME_SECONDS = 9;

const databaseUrl = testDatabaseUrl(uniqueName('depot_e2e_sess'));
const ns = createTestNamespace('e2esess');
let stack: Stack | undefined;
let databases: string[] = [];

/** A stack on this file's databases (the same on every start), with this ADMIN_PASSWORD. */
async function start(adminPassword: string): Promise<Api> {
  stack = await startStack({
    databaseUrl,
    eventsNamespace: ns.namespace,
    gatewayPort: 0,
    adminToken: `admin_${randomBytes(24).toString('hex')}`,
    stdio: 'pipe',
    logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
    env: { RATE_LIMIT_ALLOWLIST: '', RATE_LIMIT_PER_MINUTE: '0' },
    services: {
      auth: {
        ADMIN_PASSWORD: adminPassword,
        SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        SESSION_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
      },
    },
  });
  databases = Object.values(stack.databases);
  return new Api(stack.gatewayUrl);
}

async function stop() {
  await stack?.stop();
  stack = undefined;
}

afterAll(async () => {
  await stop();
  await Promise.all(databases.map((url) => dropDatabase(url).catch(() => undefined)));
  await ns.drop().catch(() => undefined);
});

const signIn = (api: Api, login: string, password: string) => api.post('/api/session', { login, password });

function cookieOf(res: Reply): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('depot_session='));
  if (res.status !== 201 || !header) throw new Error(`no session: ${res.status} ${res.text}`);
  return header.split(';')[0].slice('depot_session='.length);
}

const sessionOf = (api: Api, cookie: string) =>
  api.get('/api/session', { headers: { cookie: `depot_session=${cookie}` } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session lifetime and ADMIN_PASSWORD', () => {
  let api: Api;

  it('ends a session unused for the idle timeout, and a used one at the end of its lifetime', async () => {
    api = await start('first-admin-password');
    const idle = cookieOf(await signIn(api, 'admin', 'first-admin-password'));
    const busy = cookieOf(await signIn(api, 'admin', 'first-admin-password'));
    const signedInAt = Date.now();

    // Used every second, the busy one outlives the idle timeout; the idle one does not.
    while (Date.now() - signedInAt < (IDLE_SECONDS + 1.5) * 1000) {
      expect((await sessionOf(api, busy)).status).toBe(200);
      await sleep(1000);
    }
    expectReply(await sessionOf(api, idle), 401, UNAUTHENTICATED);

    // However much it is used, it ends with its lifetime.
    while (Date.now() - signedInAt < (LIFETIME_SECONDS + 1) * 1000) {
      await sessionOf(api, busy);
      await sleep(1000);
    }
    expectReply(await sessionOf(api, busy), 401, UNAUTHENTICATED);
  });

  it('keeps a password changed since across a restart with the same ADMIN_PASSWORD', async () => {
    const session = await signIn(api, 'admin', 'first-admin-password');
    const cookie = cookieOf(session);
    const changed = await api.put(
      '/api/account',
      { password: 'changed-in-console', current_password: 'first-admin-password' },
      { headers: { cookie: `depot_session=${cookie}`, 'x-csrf-token': session.body.csrf_token } },
    );
    expect(changed.status).toBe(200);
    await stop();

    api = await start('first-admin-password');
    expectReply(await signIn(api, 'admin', 'first-admin-password'), 422, REFUSED);
    expect((await signIn(api, 'admin', 'changed-in-console')).status).toBe(201);
  });

  it('replaces the password when ADMIN_PASSWORD changes, ending admin’s sessions', async () => {
    const before = cookieOf(await signIn(api, 'admin', 'changed-in-console'));
    await stop();

    api = await start('second-admin-password');
    expectReply(await sessionOf(api, before), 401, UNAUTHENTICATED);
    expectReply(await signIn(api, 'admin', 'changed-in-console'), 422, REFUSED);
    expect((await signIn(api, 'admin', 'second-admin-password')).status).toBe(201);
  });
});
