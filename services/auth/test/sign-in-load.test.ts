// What the gateway's limits of sign-in attempts rest on, against a real PostgreSQL: the account a
// login names (one query, known or not), and bcrypt work bounded so that a flood of passwords is
// refused at once (BUSY) instead of queueing until the deadline, while tokens still authenticate.
import * as grpc from '@grpc/grpc-js';
import { createClient } from '@depot/common/grpc';
import { createTestDatabase, createTestNamespace, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { actor, refusal } from './helpers';

const full = actor(['solder_full']);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
let app: AuthApp;
let client: ReturnType<typeof createClient<typeof AuthService.service>>;
/** Statements the service ran, from when a test clears it. */
const statements: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase('auth_sign_in_load');
  ns = createTestNamespace('authload');
  const config = authConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    AUTH_GRPC_LISTEN: '127.0.0.1:0',
    // The default cost (0.2 s or more a hash), so that hashes outlast the burst's arrival.
    BCRYPT_COST: '12',
    BCRYPT_CONCURRENCY: '2',
    BCRYPT_QUEUE: '4',
  });
  app = await startAuth(config, { logger: silentLogger(), onQuery: (sql) => statements.push(sql) });
  // A deadline far beyond the queue's wait: an answer late by it would be a failure of its own.
  client = createClient(AuthService, `127.0.0.1:${app.port}`, { deadlineMs: 60_000 });
  await client.CreateUser({
    actor: full,
    username: 'alice',
    permissions: [],
    modpack_ids: [],
    email: 'Alice@Example.com',
  });
  await client.CreateUser({ actor: full, username: 'bob@example.com', permissions: [], modpack_ids: [] });
  await client.SetPassword({ username: 'alice', password: 'alice-password' });
}, 60_000);

afterAll(async () => {
  client?.close();
  await app?.stop();
  await ns?.drop();
  await db?.drop();
});

describe('ResolveLogin', () => {
  test('a username and its e-mail address, any case, name one account; an unknown login none', async () => {
    const alice = (await client.GetUser({ username: 'alice' })).id;
    for (const login of ['alice', 'ALICE', 'alice@example.com', 'Alice@EXAMPLE.com']) {
      expect({ login, ...(await client.ResolveLogin({ login })) }).toEqual({ login, user_id: alice });
    }
    expect(await client.ResolveLogin({ login: 'nobody' })).toEqual({ user_id: 0 });
    expect(await client.ResolveLogin({ login: '' })).toEqual({ user_id: 0 });
    // As a sign-in finds it: a username wins over another user's address.
    const bob = (await client.GetUser({ username: 'bob@example.com' })).id;
    expect(await client.ResolveLogin({ login: 'BOB@example.com' })).toEqual({ user_id: bob });
  });

  test('is one statement, the same for a known and an unknown login, and no password work', async () => {
    // The statements as logged, without their values and timings.
    const ran = async (login: string) => {
      statements.length = 0;
      await client.ResolveLogin({ login });
      return statements.map((sql) => sql.replaceAll(login, '?').replace(/\[took .*$/, ''));
    };
    const known = await ran('alice@example.com');
    expect(known).toHaveLength(1);
    expect(known[0]).toMatch(/from users where lower\(username\) = '\?' or lower\(email\) = '\?'/);
    expect(await ran('nobody-at-all')).toEqual(known);
  });
});

describe('bounded password hashing', () => {
  test('a flood is refused at once beyond the queue (BUSY), judged within it; tokens authenticate meanwhile', async () => {
    const token = (await client.CreateToken({ actor: full, username: 'alice', name: 'script' })).plaintext;
    const start = performance.now();
    const answers = Array.from({ length: 20 }, (_, i) =>
      refusal(client.CreateSession({ login: i % 2 ? 'alice' : 'nobody', password: `guess-${i}` })).then((r) => ({
        ...r,
        ms: performance.now() - start,
      })),
    );
    const authenticated = client
      .Authenticate({ token })
      .then((p) => ({ user: p.username, ms: performance.now() - start }));
    const results = await Promise.all(answers);
    const busy = results.filter((r) => r.reason === 'BUSY');
    const judged = results.filter((r) => r.reason === 'INVALID_CREDENTIALS');
    // 2 hashing and 4 waiting were judged; the 14 others were refused untried.
    expect([busy.length, judged.length]).toEqual([14, 6]);
    for (const r of busy) {
      expect(r).toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED, message: 'Too many requests.' });
    }
    const firstJudged = Math.min(...judged.map((r) => r.ms));
    expect(Math.max(...busy.map((r) => r.ms))).toBeLessThan(firstJudged);
    const auth = await authenticated;
    expect(auth.user).toBe('alice');
    expect(auth.ms).toBeLessThan(firstJudged);
    // Once the queue has drained, passwords are judged again.
    const session = await client.CreateSession({ login: 'alice', password: 'alice-password' });
    expect(session.user?.username).toBe('alice');
  }, 60_000);
});
