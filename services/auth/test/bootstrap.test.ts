// ADMIN_TOKEN bootstrap across restarts, rotation and replicas starting together.
import { ConfigError } from '@depot/common/process';
import { createClient } from '@depot/common/grpc';
import { createTestDatabase, createTestNamespace, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema, loadAuthConfig } from '../src/config';
import { actor, dumpDatabase, failure } from './helpers';

const TOKEN_A = 'bootstrap-token-aaaaaaaaaaaaaaaa';
const TOKEN_B = 'bootstrap-token-bbbbbbbbbbbbbbbb';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
const running = new Set<AuthApp>();

beforeAll(async () => {
  ns = createTestNamespace('authboot');
});

afterAll(async () => {
  for (const app of running) await app.stop();
  await ns?.drop();
});

async function start(url: string, adminToken?: string) {
  const config = authConfigSchema.parse({
    DATABASE_URL: url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    AUTH_GRPC_LISTEN: '127.0.0.1:0',
    ADMIN_TOKEN: adminToken,
  });
  const app = await startAuth(config, { logger: silentLogger() });
  running.add(app);
  const client = createClient(AuthService, `127.0.0.1:${app.port}`);
  return {
    app,
    client,
    async stop() {
      client.close();
      running.delete(app);
      await app.stop();
    },
  };
}

describe('bootstrap admin', () => {
  beforeAll(async () => {
    db = await createTestDatabase('auth_boot');
  });
  afterAll(async () => {
    for (const app of running) await app.stop();
    running.clear();
    await db?.drop();
  });

  test('a pre-existing admin is granted solder_full; the token works; restarts are idempotent', async () => {
    const plain = await start(db.url);
    await plain.client.CreateUser({ actor: actor(['solder_full']), username: 'Admin', permissions: ['mods_create'] });
    await plain.stop();

    const first = await start(db.url, TOKEN_A);
    const principal = await first.client.Authenticate({ token: TOKEN_A });
    expect(principal).toMatchObject({ username: 'Admin', permissions: ['solder_full', 'mods_create'] });
    await first.stop();

    const again = await start(db.url, TOKEN_A);
    const same = await again.client.Authenticate({ token: TOKEN_A });
    expect(same).toMatchObject({ user_id: principal.user_id, token_id: principal.token_id });
    const tokens = await again.client.ListTokens({ user_id: principal.user_id });
    expect(tokens.tokens.map((t) => t.name)).toEqual(['bootstrap']);
    expect((await again.client.ListUsers({})).users).toHaveLength(1);
    await again.stop();
  });

  test('rotation invalidates the previous value; no plaintext is stored', async () => {
    const rotated = await start(db.url, TOKEN_B);
    expect((await failure(rotated.client.Authenticate({ token: TOKEN_A }))).error?.reason).toBe('UNAUTHENTICATED');
    const principal = await rotated.client.Authenticate({ token: TOKEN_B });
    expect(principal.permissions).toContain('solder_full');

    // Other tokens of admin survive a rotation.
    const personal = await rotated.client.CreateToken({ user_id: principal.user_id, name: 'personal' });
    await rotated.stop();
    const back = await start(db.url, TOKEN_A);
    expect((await failure(back.client.Authenticate({ token: TOKEN_B }))).error?.reason).toBe('UNAUTHENTICATED');
    expect((await back.client.Authenticate({ token: personal.plaintext })).username).toBe('Admin');
    expect((await back.client.ListTokens({ user_id: principal.user_id })).tokens.map((t) => t.name).sort()).toEqual([
      'bootstrap',
      'personal',
    ]);

    const dump = await dumpDatabase(back.app.orm);
    for (const secret of [TOKEN_A, TOKEN_B, personal.plaintext]) expect(dump).not.toContain(secret);
    await back.stop();
  });

  test('without ADMIN_TOKEN nothing changes', async () => {
    const none = await start(db.url);
    expect((await none.client.Authenticate({ token: TOKEN_A })).username).toBe('Admin');
    await none.stop();
  });
});

test('two replicas starting at once on a fresh database create one admin and one bootstrap token', async () => {
  const fresh = await createTestDatabase('auth_boot_race');
  try {
    const [a, b] = await Promise.all([start(fresh.url, TOKEN_A), start(fresh.url, TOKEN_A)]);
    const principal = await a.client.Authenticate({ token: TOKEN_A });
    expect(await b.client.Authenticate({ token: TOKEN_A })).toEqual(principal);
    expect((await a.client.ListUsers({})).users.map((u) => u.username)).toEqual(['admin']);
    expect((await a.client.ListTokens({ user_id: principal.user_id })).tokens).toHaveLength(1);
    await a.stop();
    await b.stop();
  } finally {
    await fresh.drop();
  }
});

test('ADMIN_TOKEN shorter than 16 characters is a configuration error naming it', () => {
  const env = { DATABASE_URL: 'postgres://h/db' };
  expect(() => loadAuthConfig({ ...env, ADMIN_TOKEN: 'short' })).toThrow(ConfigError);
  expect(() => loadAuthConfig({ ...env, ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN/);
  expect(loadAuthConfig({ ...env, ADMIN_TOKEN: '' }).ADMIN_TOKEN).toBeUndefined();
  expect(loadAuthConfig(env)).toMatchObject({ AUTH_GRPC_LISTEN: '0.0.0.0:50053' });
});
