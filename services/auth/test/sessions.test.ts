// Passwords and console sessions over gRPC against a real PostgreSQL: bcrypt hashes as PHP
// writes them, sign-in that tells nothing, expiry, and the ways a session ends.
import * as grpc from '@grpc/grpc-js';
import { createClient } from '@depot/common/grpc';
import { createTestDatabase, createTestNamespace, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { actor, dumpDatabase, failure, refusal } from './helpers';

// Made by PHP 8 (`password_hash($p, PASSWORD_BCRYPT)` for `$2y$`, `crypt()` with a `$2a$`/`$2b$`
// salt), as a Solder database holds them.
const PHP_VECTORS = [
  {
    password: 'Solder-pa55word',
    hashes: [
      '$2y$10$CED.p/mN/oK0uayH2Pn8VebYD1hAVPRHsvx76O6WRU7TD9c4N.1ta',
      '$2y$04$S6ooFDcNjkLtwScaP5DvsOQfkVRcYrsYG/xmz5SRvaxDmqeZHkT46',
      '$2a$04$Cw6j.W5Iljy1cnWCQ59T0.VdtcclTdoqYygt0vmmWdR7p/KHl9L7G',
      '$2b$04$3FFkQxPKmfhxdYUeFTfqFOAmbeTyn1CxB8KQegzMv1ej85DqqPxO.',
    ],
  },
  {
    password: 'pässwörd ünïcode ✓',
    hashes: [
      '$2y$10$/CCZOZ2BZQ75sthm2PHkl.wKVbIZm1DyfRtRkH81ICQdlekBXi76.',
      '$2y$04$VOddOwhnssLuPx0j7fJ20eZndKyzWm1X2JWlyrz6i6uox1U4Bk6Iu',
      '$2a$04$bCIDEdYiI1QGHlFC481M8.jSXDY74sPvxgJhm4vvKfUO4DmDJiohW',
      '$2b$04$PkC8MU9gBSTEEIl6wqAn2us7BihNMy529lCpBzqjG8rQwgsIYjc2y',
    ],
  },
];

const COST = 5;
const full = actor(['solder_full']);
const INVALID = {
  code: grpc.status.UNAUTHENTICATED,
  reason: 'INVALID_CREDENTIALS',
  message: 'These credentials do not match our records.',
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
const running: { app: AuthApp; client: Client }[] = [];
type Client = ReturnType<typeof createClient<typeof AuthService.service>>;
let app: AuthApp;
let client: Client;

async function start(env: Record<string, string> = {}) {
  const config = authConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    AUTH_GRPC_LISTEN: '127.0.0.1:0',
    BCRYPT_COST: String(COST),
    ...env,
  });
  const started = await startAuth(config, { logger: silentLogger() });
  const entry = { app: started, client: createClient(AuthService, `127.0.0.1:${started.port}`) };
  running.push(entry);
  return entry;
}

beforeAll(async () => {
  db = await createTestDatabase('auth_sessions');
  ns = createTestNamespace('authsess');
  ({ app, client } = await start());
});

afterAll(async () => {
  for (const r of running) {
    r.client.close();
    await r.app.stop();
  }
  await ns?.drop();
  await db?.drop();
});

const storedHash = async (username: string) =>
  (
    await app.orm.em
      .fork()
      .execute<{ password_hash: string | null }[]>('select password_hash from users where lower(username) = ?', [
        username.toLowerCase(),
      ])
  )[0]?.password_hash;

const setStoredHash = (username: string, hash: string) =>
  app.orm.em.fork().execute('update users set password_hash = ? where username = ?', [hash, username]);

/** A session (its user is always there). */
const signIn = async (login: string, password: string) => {
  const session = await client.CreateSession({ login, password });
  return { ...session, user: session.user! };
};

describe('passwords', () => {
  test('bcrypt hashes written by PHP ($2y$, $2a$, $2b$) verify as they are; low costs are upgraded at sign-in', async () => {
    let n = 0;
    for (const { password, hashes } of PHP_VECTORS) {
      for (const hash of hashes) {
        const username = `solder-${n++}`;
        await client.CreateUser({ actor: full, username, permissions: [], modpack_ids: [] });
        await setStoredHash(username, hash);
        expect(await refusal(signIn(username, `${password}x`))).toEqual(INVALID);
        expect(await storedHash(username)).toBe(hash);

        const session = await signIn(username, password);
        expect(session.user).toMatchObject({ username, has_password: true });
        const cost = Number(hash.slice(4, 6));
        const after = await storedHash(username);
        if (cost < COST) {
          // Upgraded to the configured cost, and still the same password.
          expect(after).toMatch(new RegExp(`^\\$2[aby]\\$0${COST}\\$`));
          expect((await signIn(username, password)).user.username).toBe(username);
        } else {
          expect(after).toBe(hash);
        }
      }
    }
  });

  test('new passwords are stored as bcrypt hashes of the configured cost, never in plaintext', async () => {
    const password = 'a brand new password';
    await client.CreateUser({ actor: full, username: 'hashed', permissions: [], modpack_ids: [], password });
    expect(await storedHash('hashed')).toMatch(/^\$2[aby]\$05\$[./A-Za-z0-9]{53}$/);
    const session = await signIn('hashed', password);
    const dump = await dumpDatabase(app.orm);
    expect(dump).not.toContain(password);
    expect(dump).not.toContain(session.token);
  });

  test('rules: at least 8 characters, at most 72 bytes in UTF-8 (never cut), a valid e-mail address', async () => {
    const create = (fields: { email?: string; password?: string }) =>
      refusal(client.CreateUser({ actor: full, username: 'rules', permissions: [], modpack_ids: [], ...fields }));
    expect(await create({ password: 'short' })).toMatchObject({
      fields: { password: ['The password field must be at least 8 characters.'] },
    });
    // 37 characters, 74 bytes
    expect(await create({ password: 'é'.repeat(37) })).toMatchObject({
      fields: { password: ['The password field must not be greater than 72 bytes.'] },
    });
    expect(await create({ email: 'not an address', password: 'x\u0000yyyyyyyy' })).toMatchObject({
      fields: {
        email: ['The email field must be a valid email address.'],
        password: ['The password field must not contain NUL characters or unpaired surrogates.'],
      },
    });
    // 72 bytes exactly is fine, and all of it counts.
    const longest = 'é'.repeat(36);
    await client.CreateUser({ actor: full, username: 'rules', permissions: [], modpack_ids: [], password: longest });
    await expect(signIn('rules', longest)).resolves.toMatchObject({ user: { username: 'rules' } });
    expect(await refusal(signIn('rules', `${'é'.repeat(35)}e`))).toEqual(INVALID);
  });

  test('e-mail addresses are unique whatever their case; both taken fields are reported', async () => {
    await client.CreateUser({
      actor: full,
      username: 'mailer',
      permissions: [],
      modpack_ids: [],
      email: 'Mail@Example.com',
    });
    expect(
      await refusal(
        client.CreateUser({
          actor: full,
          username: 'MAILER',
          permissions: [],
          modpack_ids: [],
          email: 'mail@example.COM',
        }),
      ),
    ).toMatchObject({
      fields: { username: ['The username has already been taken.'], email: ['The email has already been taken.'] },
    });
    await client.CreateUser({ actor: full, username: 'other-mailer', permissions: [], modpack_ids: [] });
    expect(
      await refusal(
        client.UpdateUser({
          actor: full,
          username: 'other-mailer',
          email: 'MAIL@example.com',
          permissions: [],
          modpack_ids: [],
          update_mask: ['email'],
        }),
      ),
    ).toMatchObject({ fields: { email: ['The email has already been taken.'] } });
    // Its own address in another case is no duplicate; an unset email in the mask clears it.
    const same = await client.UpdateUser({
      actor: full,
      username: 'mailer',
      email: 'MAIL@example.com',
      permissions: [],
      modpack_ids: [],
      update_mask: ['email'],
    });
    expect(same.email).toBe('MAIL@example.com');
    const cleared = await client.UpdateUser({
      actor: full,
      username: 'mailer',
      permissions: [],
      modpack_ids: [],
      update_mask: ['email'],
    });
    expect(cleared.email).toBeUndefined();
  });

  test('SetPassword: a generated password is returned once; only_if_unset leaves an existing one alone', async () => {
    await client.CreateUser({ actor: full, username: 'fresh', permissions: [], modpack_ids: [] });
    const first = await client.SetPassword({ username: 'fresh', only_if_unset: true });
    expect(first.changed).toBe(true);
    expect(first.generated_password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await client.SetPassword({ username: 'fresh', only_if_unset: true })).toEqual({ changed: false });
    await expect(signIn('fresh', first.generated_password!)).resolves.toBeDefined();

    expect(await client.SetPassword({ username: 'FRESH', password: 'chosen-password' })).toEqual({ changed: true });
    expect(await refusal(signIn('fresh', first.generated_password!))).toEqual(INVALID);
    await expect(signIn('fresh', 'chosen-password')).resolves.toBeDefined();
    expect(await refusal(client.SetPassword({ username: 'fresh', password: 'short' }))).toMatchObject({
      fields: { password: ['The password field must be at least 8 characters.'] },
    });
    expect(await refusal(client.SetPassword({ username: 'nobody', password: 'long enough' }))).toMatchObject({
      reason: 'USER_NOT_FOUND',
    });
  });
});

describe('sign-in', () => {
  beforeAll(async () => {
    await client.CreateUser({
      actor: full,
      username: 'Alice',
      permissions: ['mods_create'],
      modpack_ids: [7, 3],
      email: 'alice@example.com',
      password: 'alice-password',
    });
    await client.CreateUser({ actor: full, username: 'nopass', permissions: [], modpack_ids: [] });
  });

  test('by username or e-mail address, in any case; the session authenticates as the user', async () => {
    for (const login of ['Alice', 'alice', 'ALICE@example.com']) {
      const session = await signIn(login, 'alice-password');
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.user).toMatchObject({
        username: 'Alice',
        email: 'alice@example.com',
        permissions: ['mods_create'],
        modpack_ids: [3, 7],
        has_password: true,
      });
      const principal = await client.AuthenticateSession({ token: session.token });
      expect(principal).toEqual({
        user_id: session.user.id,
        username: 'Alice',
        permissions: ['mods_create'],
        modpack_ids: [3, 7],
        token_id: 0,
      });
      expect(await client.ResolveReadAccess({ session: session.token })).toEqual({ all: false, modpack_ids: [3, 7] });
    }
  });

  test('an e-mail address that is also a username names that user', async () => {
    await client.CreateUser({
      actor: full,
      username: 'carol@example.com',
      permissions: [],
      modpack_ids: [],
      password: 'carol-username-pw',
    });
    await client.CreateUser({
      actor: full,
      username: 'carol',
      permissions: [],
      modpack_ids: [],
      email: 'carol@example.com',
      password: 'carol-email-pw',
    });
    expect((await signIn('carol@example.com', 'carol-username-pw')).user.username).toBe('carol@example.com');
    expect(await refusal(signIn('carol@example.com', 'carol-email-pw'))).toEqual(INVALID);
    expect((await signIn('carol', 'carol-email-pw')).user.username).toBe('carol');
  });

  test('unknown login, wrong password, no password, empty values: one answer', async () => {
    expect(await refusal(signIn('nobody', 'alice-password'))).toEqual(INVALID);
    expect(await refusal(signIn('alice', 'wrong-password'))).toEqual(INVALID);
    expect(await refusal(signIn('nopass', ''))).toEqual(INVALID);
    expect(await refusal(signIn('nopass', 'anything-at-all'))).toEqual(INVALID);
    expect(await refusal(signIn('', ''))).toEqual(INVALID);
  });

  test('an unknown login costs a bcrypt comparison too', async () => {
    // Measured on a server of a realistic cost, so that the comparison dominates the time.
    const { client: slow } = await start({ BCRYPT_COST: '10' });
    await slow.SetPassword({ username: 'nopass', password: 'timing-password' });
    const median = async (login: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await failure(slow.CreateSession({ login, password: 'wrong-password' }));
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[2];
    };
    const known = await median('nopass');
    const unknown = await median('nobody-at-all');
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  test('unknown, malformed and ended session tokens authenticate nobody', async () => {
    const session = await signIn('alice', 'alice-password');
    await client.EndSession({ token: session.token });
    for (const token of [session.token, '', 'x', 'depot_not-a-session']) {
      expect(await refusal(client.AuthenticateSession({ token }))).toMatchObject({
        code: grpc.status.UNAUTHENTICATED,
        reason: 'UNAUTHENTICATED',
      });
    }
    expect(await client.ResolveReadAccess({ session: session.token })).toEqual({ all: false, modpack_ids: [] });
    // Ending it again, or an unknown one, is no error.
    await expect(client.EndSession({ token: session.token })).resolves.toEqual({});
    // A bearer token is not a session, nor the other way round.
    const token = await client.CreateToken({ actor: full, username: 'alice', name: 't' });
    expect(await refusal(client.AuthenticateSession({ token: token.plaintext }))).toMatchObject({
      reason: 'UNAUTHENTICATED',
    });
    const live = await signIn('alice', 'alice-password');
    expect(await refusal(client.Authenticate({ token: live.token }))).toMatchObject({ reason: 'UNAUTHENTICATED' });
  });
});

describe('sessions end', () => {
  test('after the idle timeout without use, and at the end of the lifetime despite use', async () => {
    const { client: short } = await start({ SESSION_IDLE_TIMEOUT_SECONDS: '2', SESSION_LIFETIME_SECONDS: '5' });
    await short.CreateUser({
      actor: full,
      username: 'brief',
      permissions: [],
      modpack_ids: [],
      password: 'brief-password',
    });
    const idle = await short.CreateSession({ login: 'brief', password: 'brief-password' });
    const busy = await short.CreateSession({ login: 'brief', password: 'brief-password' });
    const expires = Date.parse(busy.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(3000);
    expect(expires - Date.now()).toBeLessThanOrEqual(5000);
    // Used every second: it outlives the idle timeout, until its lifetime ends.
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      await short.AuthenticateSession({ token: busy.token });
      await sleep(700);
    }
    expect(await refusal(short.AuthenticateSession({ token: idle.token }))).toMatchObject({
      reason: 'UNAUTHENTICATED',
    });
    await expect(short.AuthenticateSession({ token: busy.token })).resolves.toMatchObject({ username: 'brief' });
    while (Date.now() < expires + 200) {
      await short.AuthenticateSession({ token: busy.token }).catch(() => undefined);
      await sleep(700);
    }
    expect(await refusal(short.AuthenticateSession({ token: busy.token }))).toMatchObject({
      reason: 'UNAUTHENTICATED',
    });
    // Ended sessions are swept at the next sign-in.
    await short.CreateSession({ login: 'brief', password: 'brief-password' });
    const rows = await app.orm.em
      .fork()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = 'brief'`,
      );
    expect(rows[0].n).toBe(1);
  });

  test("when the user's password changes (a kept session excepted) and when the user is deleted", async () => {
    await client.CreateUser({
      actor: full,
      username: 'bob',
      permissions: [],
      modpack_ids: [],
      password: 'bob-password-1',
    });
    const live = async (...tokens: string[]) =>
      Promise.all(
        tokens.map((token) =>
          client.AuthenticateSession({ token }).then(
            () => true,
            () => false,
          ),
        ),
      );
    const [a, b] = [await signIn('bob', 'bob-password-1'), await signIn('bob', 'bob-password-1')];
    const bearer = await client.CreateToken({ actor: full, username: 'bob', name: 'script' });

    await client.UpdateUser({
      actor: full,
      username: 'bob',
      password: 'bob-password-2',
      keep_session: a.token,
      permissions: [],
      modpack_ids: [],
      update_mask: ['password'],
    });
    expect(await live(a.token, b.token)).toEqual([true, false]);
    // Bearer tokens are other credentials: they keep working.
    await expect(client.Authenticate({ token: bearer.plaintext })).resolves.toMatchObject({ username: 'bob' });
    // An update without a password leaves sessions alone.
    await client.UpdateUser({
      actor: full,
      username: 'bob',
      permissions: ['mods_create'],
      modpack_ids: [],
      update_mask: ['permissions'],
    });
    expect(await live(a.token)).toEqual([true]);
    // Permission changes apply to a live session at once.
    expect((await client.AuthenticateSession({ token: a.token })).permissions).toEqual(['mods_create']);

    await client.SetPassword({ username: 'bob', password: 'bob-password-3' });
    expect(await live(a.token)).toEqual([false]);

    const c = await signIn('bob', 'bob-password-3');
    await client.DeleteUser({ username: 'bob', actor: full });
    expect(await live(c.token)).toEqual([false]);
    expect(await refusal(signIn('bob', 'bob-password-3'))).toEqual(INVALID);
  });
});

describe('UpdateAccount', () => {
  test('changing a password needs the current one; the other sessions end, the one it was made from stays', async () => {
    const dave = await client.CreateUser({
      actor: full,
      username: 'dave',
      permissions: [],
      modpack_ids: [],
      password: 'dave-password-1',
    });
    const here = await signIn('dave', 'dave-password-1');
    const elsewhere = await signIn('dave', 'dave-password-1');
    const change = (fields: { password?: string; current_password?: string; email?: string }, mask: string[]) =>
      client.UpdateAccount({ user_id: dave.id, update_mask: mask, keep_session: here.token, ...fields });

    expect(await refusal(change({ password: 'dave-password-2' }, ['password']))).toMatchObject({
      fields: { current_password: ['The current_password field is required.'] },
    });
    expect(
      await refusal(change({ password: 'dave-password-2', current_password: 'wrong-one' }, ['password'])),
    ).toMatchObject({ fields: { current_password: ['The password is incorrect.'] } });
    expect(
      await refusal(change({ password: 'short', current_password: 'dave-password-1' }, ['password'])),
    ).toMatchObject({
      fields: { password: ['The password field must be at least 8 characters.'] },
    });
    // Nothing changed so far.
    await expect(client.AuthenticateSession({ token: elsewhere.token })).resolves.toBeDefined();

    const updated = await change(
      { password: 'dave-password-2', current_password: 'dave-password-1', email: 'dave@example.com' },
      ['password', 'email'],
    );
    expect(updated).toMatchObject({ username: 'dave', email: 'dave@example.com', has_password: true });
    await expect(client.AuthenticateSession({ token: here.token })).resolves.toMatchObject({ username: 'dave' });
    expect(await refusal(client.AuthenticateSession({ token: elsewhere.token }))).toMatchObject({
      reason: 'UNAUTHENTICATED',
    });
    expect(await refusal(signIn('dave', 'dave-password-1'))).toEqual(INVALID);
    await expect(signIn('dave@example.com', 'dave-password-2')).resolves.toBeDefined();

    // An e-mail change alone needs no password; a wrong one sent with it is refused, nothing changed.
    expect(
      await refusal(change({ email: 'thief@example.com', current_password: 'wrong-one' }, ['email'])),
    ).toMatchObject({ fields: { current_password: ['The password is incorrect.'] } });
    expect((await client.GetUser({ username: 'dave' })).email).toBe('dave@example.com');
    expect((await change({ email: 'dave2@example.com' }, ['email'])).email).toBe('dave2@example.com');
  });

  test('a user without a password sets a first one without a current one', async () => {
    const erin = await client.CreateUser({ actor: full, username: 'erin', permissions: [], modpack_ids: [] });
    expect(erin.has_password).toBe(false);
    const updated = await client.UpdateAccount({
      user_id: erin.id,
      update_mask: ['password'],
      password: 'erin-password',
    });
    expect(updated.has_password).toBe(true);
    await expect(signIn('erin', 'erin-password')).resolves.toBeDefined();
  });
});

describe('ADMIN_PASSWORD', () => {
  test('sets the password of a new admin; a restart with the same value keeps a password changed since; a new value replaces it', async () => {
    const boot = await createTestDatabase('auth_sessions_boot');
    const previous = db;
    const before = running.length;
    db = boot;
    try {
      const first = await start({ ADMIN_PASSWORD: 'first-admin-password' });
      const admin = await first.client.CreateSession({ login: 'admin', password: 'first-admin-password' });
      expect(admin.user).toMatchObject({ username: 'admin', permissions: ['solder_full'], has_password: true });
      await first.client.SetPassword({ username: 'admin', password: 'changed-in-console' });

      const again = await start({ ADMIN_PASSWORD: 'first-admin-password' });
      const kept = await again.client.CreateSession({ login: 'admin', password: 'changed-in-console' });
      expect(await refusal(again.client.CreateSession({ login: 'admin', password: 'first-admin-password' }))).toEqual(
        INVALID,
      );

      const rotated = await start({ ADMIN_PASSWORD: 'second-admin-password' });
      await expect(
        rotated.client.CreateSession({ login: 'admin', password: 'second-admin-password' }),
      ).resolves.toBeDefined();
      expect(await refusal(rotated.client.CreateSession({ login: 'admin', password: 'changed-in-console' }))).toEqual(
        INVALID,
      );
      // Rotation ends admin's sessions.
      expect(await refusal(rotated.client.AuthenticateSession({ token: kept.token }))).toMatchObject({
        reason: 'UNAUTHENTICATED',
      });
      expect(await dumpDatabase(rotated.app.orm)).not.toContain('second-admin-password');
    } finally {
      db = previous;
      for (const r of running.splice(before)) {
        r.client.close();
        await r.app.stop();
      }
      await boot.drop();
    }
  });

  test('is refused at start when it could not be a password', () => {
    for (const ADMIN_PASSWORD of ['short', 'é'.repeat(37)]) {
      const parsed = authConfigSchema.safeParse({ DATABASE_URL: 'postgres://x/y', ADMIN_PASSWORD });
      expect(parsed.success).toBe(false);
    }
    expect(
      authConfigSchema.parse({ DATABASE_URL: 'postgres://x/y', ADMIN_PASSWORD: '' }).ADMIN_PASSWORD,
    ).toBeUndefined();
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
