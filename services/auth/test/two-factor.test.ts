// Two-factor sign-in over gRPC against a real PostgreSQL, with the TOTP clock moved by the test:
// setting it up, the codes of the time window and nothing else, each code accepted once,
// recovery codes used once, the secret encrypted at rest (and the key checked at start, rotated
// with the previous one), the second step of a sign-in, an administrator's reset, and secrets
// imported from Solder.
import * as grpc from '@grpc/grpc-js';
import { createGuardrails, generate } from 'otplib';
import { createClient } from '@depot/common/grpc';
import { createTestDatabase, createTestNamespace, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { AuthService } from '@depot/proto';
import { startAuth, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { openAuthImport } from '../src/import';
import { SecretBox } from '../src/two-factor-secrets';
import { actor, dumpDatabase, refusal } from './helpers';

const KEY = 'a-test-key-of-at-least-32-characters-0001';
const OTHER_KEY = 'another-key-of-at-least-32-characters-0002';
const full = actor(['solder_full']);
const STEP = 30_000;
// The start of a time step, far from the real clock: codes depend only on the test's clock.
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;
type Client = ReturnType<typeof createClient<typeof AuthService.service>>;
const running: { app: AuthApp; client: Client }[] = [];
let app: AuthApp;
let client: Client;
let now = T0;

async function start(env: Record<string, string> = { TOTP_ENCRYPTION_KEY: KEY }) {
  const config = authConfigSchema.parse({
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    EVENTS_NAMESPACE: ns.namespace,
    AUTH_GRPC_LISTEN: '127.0.0.1:0',
    BCRYPT_COST: '4',
    ...env,
  });
  const started = await startAuth(config, { logger: silentLogger(), clock: () => now });
  const entry = { app: started, client: createClient(AuthService, `127.0.0.1:${started.port}`) };
  running.push(entry);
  return entry;
}

async function stop(entry: { app: AuthApp; client: Client }) {
  entry.client.close();
  await entry.app.stop();
  running.splice(running.indexOf(entry), 1);
}

beforeAll(async () => {
  db = await createTestDatabase('auth_two_factor');
  ns = createTestNamespace('auth2fa');
  ({ app, client } = await start());
});

afterAll(async () => {
  for (const r of [...running]) await stop(r);
  await ns?.drop();
  await db?.drop();
});

/** The code of `secret` for the step `steps` away from the test's clock. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor((now + steps * STEP) / 1000), guardrails: FORTIFY_SIZED });
// Fortify's secrets are 80 bits, under otplib's default minimum.
const FORTIFY_SIZED = createGuardrails({ MIN_SECRET_BYTES: 10 });

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  app.orm.em.fork().execute<T[]>(text, params);

let users = 0;
/** A new user with a password; its id and name. */
async function newUser(permissions: string[] = []) {
  const username = `user${++users}`;
  const password = `${username}-password`;
  const user = await client.CreateUser({ actor: full, username, permissions, modpack_ids: [], password });
  return { id: user.id, username, password };
}

/** A user with two-factor sign-in confirmed: its secret and recovery codes. */
async function enrolled(permissions: string[] = []) {
  const user = await newUser(permissions);
  const { secret } = await client.StartTwoFactor({ user_id: user.id, password: user.password });
  const { codes } = await client.ConfirmTwoFactor({ user_id: user.id, code: await codeAt(secret) });
  now += STEP; // the confirming code is used: the next sign-in takes the next one
  return { ...user, secret, codes };
}

const INVALID_CODE = { fields: { code: ['The provided two-factor code was invalid.'] } };
const INVALID_TWO_FACTOR = {
  code: grpc.status.UNAUTHENTICATED,
  reason: 'INVALID_TWO_FACTOR',
  message: 'The provided two-factor code was invalid.',
};

describe('setting it up', () => {
  test('needs the password; answers the secret and its otpauth:// URI once; nothing changes until confirmed', async () => {
    const user = await newUser();
    expect(await client.GetTwoFactor({ user_id: user.id })).toEqual({
      available: true,
      enabled: false,
      pending: false,
      recovery_codes_left: 0,
    });
    expect(await refusal(client.StartTwoFactor({ user_id: user.id }))).toMatchObject({
      fields: { password: ['The password field is required.'] },
    });
    expect(await refusal(client.StartTwoFactor({ user_id: user.id, password: 'wrong-password' }))).toMatchObject({
      fields: { password: ['The password is incorrect.'] },
    });

    const { secret, otpauth_url } = await client.StartTwoFactor({ user_id: user.id, password: user.password });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Depot:${user.username}`);
    // SHA-1, 6 digits and 30 seconds are the defaults of the format: not repeated.
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret, issuer: 'Depot' });
    expect(await client.GetTwoFactor({ user_id: user.id })).toMatchObject({ enabled: false, pending: true });
    // Not confirmed: the password alone still signs in.
    const session = await client.CreateSession({ login: user.username, password: user.password });
    expect(session.token).not.toBe('');
    expect(session.two_factor).toBeNull();

    // Starting over replaces the secret.
    const again = await client.StartTwoFactor({ user_id: user.id, password: user.password });
    expect(again.secret).not.toBe(secret);
    expect(await refusal(client.ConfirmTwoFactor({ user_id: user.id, code: await codeAt(secret) }))).toMatchObject(
      INVALID_CODE,
    );
  });

  test('confirming with a code turns it on: 8 recovery codes once, the other sessions end', async () => {
    const user = await newUser();
    expect(await refusal(client.ConfirmTwoFactor({ user_id: user.id, code: '123456' }))).toMatchObject({
      reason: 'TWO_FACTOR_NOT_STARTED',
      code: grpc.status.FAILED_PRECONDITION,
    });
    const kept = await client.CreateSession({ login: user.username, password: user.password });
    const other = await client.CreateSession({ login: user.username, password: user.password });
    const { secret } = await client.StartTwoFactor({ user_id: user.id, password: user.password });
    expect(await refusal(client.ConfirmTwoFactor({ user_id: user.id, code: 'abcdef' }))).toMatchObject(INVALID_CODE);

    const { codes } = await client.ConfirmTwoFactor({
      user_id: user.id,
      code: await codeAt(secret, -1), // the step before: a slow typist
      keep_session: kept.token,
    });
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}(-[0-9a-hjkmnp-tv-z]{5}){3}$/);
    const status = await client.GetTwoFactor({ user_id: user.id });
    expect(status).toMatchObject({ available: true, enabled: true, pending: false, recovery_codes_left: 8 });
    expect(status.confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    await expect(client.AuthenticateSession({ token: kept.token })).resolves.toMatchObject({ user_id: user.id });
    expect(await refusal(client.AuthenticateSession({ token: other.token }))).toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
    expect(await refusal(client.StartTwoFactor({ user_id: user.id, password: user.password }))).toMatchObject({
      reason: 'TWO_FACTOR_ENABLED',
      message: 'Two-factor sign-in is already on.',
    });
    expect(await refusal(client.ConfirmTwoFactor({ user_id: user.id, code: await codeAt(secret) }))).toMatchObject({
      reason: 'TWO_FACTOR_ENABLED',
    });
  });
});

describe('codes', () => {
  test('the current step and one on either side are accepted; two steps away is not', async () => {
    const user = await enrolled();
    for (const steps of [-2, 2, 3, -30]) {
      expect(
        await refusal(client.DisableTwoFactor({ user_id: user.id, code: await codeAt(user.secret, steps) })),
      ).toEqual(expect.objectContaining(INVALID_CODE));
    }
    // Each accepted code moves the last step used; later ones keep working as time goes on.
    for (const steps of [-1, 0, 1]) {
      now += 10 * STEP;
      const { codes } = await client.RegenerateRecoveryCodes({
        user_id: user.id,
        code: await codeAt(user.secret, steps),
      });
      expect(codes).toHaveLength(8);
    }
  });

  test('a code is accepted once: the same one, or one of an earlier step, is refused after', async () => {
    const user = await enrolled();
    const code = await codeAt(user.secret);
    await client.RegenerateRecoveryCodes({ user_id: user.id, code });
    expect(await refusal(client.RegenerateRecoveryCodes({ user_id: user.id, code }))).toMatchObject(INVALID_CODE);
    expect(
      await refusal(client.RegenerateRecoveryCodes({ user_id: user.id, code: await codeAt(user.secret, -1) })),
    ).toMatchObject(INVALID_CODE);
    await expect(
      client.RegenerateRecoveryCodes({ user_id: user.id, code: await codeAt(user.secret, 1) }),
    ).resolves.toBeTruthy();
  });

  test('concurrent uses of one code: exactly one is accepted', async () => {
    const user = await enrolled();
    const code = await codeAt(user.secret);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => client.RegenerateRecoveryCodes({ user_id: user.id, code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('signing in', () => {
  test('the password answers a challenge, not a session; a code completes it once', async () => {
    const user = await enrolled();
    const step = await client.CreateSession({ login: user.username.toUpperCase(), password: user.password });
    expect(step.token).toBe('');
    expect(step.user).toBeNull();
    const challenge = step.two_factor!.token;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = Date.parse(step.two_factor!.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(290_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(300_000);
    expect(await client.GetSignInChallenge({ token: challenge })).toEqual({
      login: user.username, // as sent, lowercased
      expires_at: step.two_factor!.expires_at,
      // Whose password it was: the gateway counts failed codes against that account.
      user_id: user.id,
    });
    // A wrong password still answers as before.
    expect(await refusal(client.CreateSession({ login: user.username, password: 'wrong-password' }))).toMatchObject({
      reason: 'INVALID_CREDENTIALS',
    });

    expect(await refusal(client.CompleteSignIn({ challenge, code: '000000' }))).toEqual(INVALID_TWO_FACTOR);
    expect(await refusal(client.CompleteSignIn({ challenge, code: await codeAt(user.secret, -1) }))).toEqual(
      INVALID_TWO_FACTOR, // the step the confirmation used
    );
    expect(await refusal(client.CompleteSignIn({ challenge: 'unknown', code: await codeAt(user.secret) }))).toEqual(
      INVALID_TWO_FACTOR,
    );
    const session = await client.CompleteSignIn({ challenge, code: ` ${await codeAt(user.secret)} ` });
    expect(session.user).toMatchObject({ id: user.id, username: user.username });
    await expect(client.AuthenticateSession({ token: session.token })).resolves.toMatchObject({ user_id: user.id });
    // The challenge is used up; so is the code.
    expect(await refusal(client.CompleteSignIn({ challenge, code: await codeAt(user.secret, 1) }))).toEqual(
      INVALID_TWO_FACTOR,
    );
    expect(await refusal(client.GetSignInChallenge({ token: challenge }))).toEqual(INVALID_TWO_FACTOR);
    const next = (await client.CreateSession({ login: user.username, password: user.password })).two_factor!.token;
    expect(await refusal(client.CompleteSignIn({ challenge: next, code: await codeAt(user.secret) }))).toEqual(
      INVALID_TWO_FACTOR,
    );
  });

  test('a recovery code completes a sign-in once, whatever its case and dashes', async () => {
    const user = await enrolled();
    const challenge = async () =>
      (await client.CreateSession({ login: user.username, password: user.password })).two_factor!.token;
    const code = user.codes[3];
    const session = await client.CompleteSignIn({
      challenge: await challenge(),
      recovery_code: code.toUpperCase().replace(/-/g, ' '),
    });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await refusal(client.CompleteSignIn({ challenge: await challenge(), recovery_code: code }))).toEqual(
      INVALID_TWO_FACTOR,
    );
    expect(
      await refusal(client.CompleteSignIn({ challenge: await challenge(), recovery_code: 'aaaaa-bbbbb-ccccc-ddddd' })),
    ).toEqual(INVALID_TWO_FACTOR);
    expect(await client.GetTwoFactor({ user_id: user.id })).toMatchObject({ recovery_codes_left: 7 });
  });

  test('a challenge lasts 5 minutes; a new password ends the challenges waiting', async () => {
    const user = await enrolled();
    const begin = async () =>
      (await client.CreateSession({ login: user.username, password: user.password })).two_factor!.token;
    const late = await begin();
    await sql(`update sign_in_challenges set expires_at = now() - interval '1 second'`);
    expect(await refusal(client.CompleteSignIn({ challenge: late, code: await codeAt(user.secret) }))).toEqual(
      INVALID_TWO_FACTOR,
    );
    const pending = await begin();
    await client.SetPassword({ username: user.username, password: 'a-new-password', only_if_unset: false });
    expect(await refusal(client.CompleteSignIn({ challenge: pending, code: await codeAt(user.secret) }))).toEqual(
      INVALID_TWO_FACTOR,
    );
  });

  test('challenges and recovery codes are stored as digests; the secret encrypted, bound to its user', async () => {
    const user = await enrolled();
    const challenge = (await client.CreateSession({ login: user.username, password: user.password })).two_factor!;
    const dump = await dumpDatabase(app.orm);
    for (const secret of [user.secret, challenge.token, ...user.codes]) expect(dump).not.toContain(secret);
    const [row] = await sql<{ secret: string; key_id: string }>(
      'select secret, key_id from two_factor_secrets where user_id = ?',
      [user.id],
    );
    expect(row.secret).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    const box = new SecretBox(KEY);
    expect(row.key_id).toBe(box.keyId);
    expect(box.open(row.secret, user.id)).toBe(user.secret);
    expect(() => new SecretBox(OTHER_KEY).open(row.secret, user.id)).toThrow();
    expect(() => box.open(row.secret, user.id + 1)).toThrow(); // copied onto another user's row
  });
});

describe('turning it off, new recovery codes', () => {
  test('with the password or a code; wrong ones are field errors; the other sessions end', async () => {
    const user = await enrolled();
    expect(await refusal(client.RegenerateRecoveryCodes({ user_id: user.id }))).toMatchObject({
      fields: { password: ['The password field is required when code is not present.'] },
    });
    expect(
      await refusal(client.RegenerateRecoveryCodes({ user_id: user.id, password: 'wrong-password' })),
    ).toMatchObject({ fields: { password: ['The password is incorrect.'] } });
    const { codes } = await client.RegenerateRecoveryCodes({ user_id: user.id, password: user.password });
    expect(codes).toHaveLength(8);
    expect(codes).not.toContain(user.codes[0]);
    const old = (await client.CreateSession({ login: user.username, password: user.password })).two_factor!.token;
    expect(await refusal(client.CompleteSignIn({ challenge: old, recovery_code: user.codes[0] }))).toEqual(
      INVALID_TWO_FACTOR,
    );
    await expect(client.CompleteSignIn({ challenge: old, recovery_code: codes[0] })).resolves.toBeTruthy();

    const kept = await client.CompleteSignIn({
      challenge: (await client.CreateSession({ login: user.username, password: user.password })).two_factor!.token,
      code: await codeAt(user.secret),
    });
    now += STEP;
    expect(await refusal(client.DisableTwoFactor({ user_id: user.id, code: '999999' }))).toMatchObject(INVALID_CODE);
    await client.DisableTwoFactor({ user_id: user.id, code: await codeAt(user.secret), keep_session: kept.token });
    expect(await client.GetTwoFactor({ user_id: user.id })).toMatchObject({ enabled: false, pending: false });
    await expect(client.AuthenticateSession({ token: kept.token })).resolves.toBeTruthy();
    const session = await client.CreateSession({ login: user.username, password: user.password });
    expect(session.token).not.toBe('');
    expect(await sql('select * from recovery_codes where user_id = ?', [user.id])).toEqual([]);

    expect(await refusal(client.DisableTwoFactor({ user_id: user.id, password: user.password }))).toMatchObject({
      code: grpc.status.FAILED_PRECONDITION,
      reason: 'TWO_FACTOR_DISABLED',
      message: 'Two-factor sign-in is off.',
    });
    expect(await refusal(client.RegenerateRecoveryCodes({ user_id: user.id, password: user.password }))).toMatchObject({
      reason: 'TWO_FACTOR_DISABLED',
    });
  });

  test("an administrator's reset: escalation guard, the user's sessions end", async () => {
    const admin = await enrolled(['solder_full']);
    const user = await enrolled();
    const session = await client.CompleteSignIn({
      challenge: (await client.CreateSession({ login: user.username, password: user.password })).two_factor!.token,
      code: await codeAt(user.secret),
    });
    const manager = actor(['solder_users']);
    expect(await refusal(client.ResetTwoFactor({ actor: manager, username: admin.username }))).toMatchObject({
      code: grpc.status.PERMISSION_DENIED,
      reason: 'FORBIDDEN',
    });
    expect(await refusal(client.ResetTwoFactor({ actor: manager, username: 'nobody' }))).toMatchObject({
      reason: 'USER_NOT_FOUND',
    });
    await client.ResetTwoFactor({ actor: manager, username: user.username.toUpperCase() });
    expect(await refusal(client.AuthenticateSession({ token: session.token }))).toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
    expect((await client.CreateSession({ login: user.username, password: user.password })).token).not.toBe('');
    // Idempotent; a solder_full actor may reset a solder_full user.
    await client.ResetTwoFactor({ actor: manager, username: user.username });
    await client.ResetTwoFactor({ actor: full, username: admin.username });
    expect(await client.GetTwoFactor({ user_id: admin.id })).toMatchObject({ enabled: false });
  });

  test('users and their two-factor state', async () => {
    const user = await enrolled();
    const plain = await newUser();
    const { users: list } = await client.ListUsers({});
    expect(list.find((u) => u.id === user.id)?.two_factor).toBe(true);
    expect(list.find((u) => u.id === plain.id)?.two_factor).toBe(false);
    expect((await client.GetUser({ username: user.username })).two_factor).toBe(true);
  });
});

describe('the encryption key', () => {
  test('without TOTP_ENCRYPTION_KEY: not available; a start with stored secrets fails, as with a wrong key', async () => {
    const stored = Number((await sql<{ n: string }>('select count(*) as n from two_factor_secrets'))[0].n);
    expect(stored).toBeGreaterThan(0);
    await expect(start({})).rejects.toThrow(
      `${stored} user(s) have two-factor sign-in but TOTP_ENCRYPTION_KEY is not set: set the key their secrets were encrypted with`,
    );
    await expect(start({ TOTP_ENCRYPTION_KEY: OTHER_KEY })).rejects.toThrow(
      `TOTP_ENCRYPTION_KEY is not the key the two-factor secrets of ${stored} user(s) were encrypted with`,
    );
    expect(() => authConfigSchema.parse({ DATABASE_URL: db.url, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(
      /at least 32 characters/,
    );
  });

  test('rotation: secrets sealed with TOTP_ENCRYPTION_KEY_PREVIOUS are sealed again with the new key', async () => {
    const user = await enrolled();
    const rotated = await start({ TOTP_ENCRYPTION_KEY: OTHER_KEY, TOTP_ENCRYPTION_KEY_PREVIOUS: KEY });
    const keys = await sql<{ key_id: string }>('select distinct key_id from two_factor_secrets');
    expect(keys).toEqual([{ key_id: new SecretBox(OTHER_KEY).keyId }]);
    const challenge = (await rotated.client.CreateSession({ login: user.username, password: user.password }))
      .two_factor!.token;
    await expect(rotated.client.CompleteSignIn({ challenge, code: await codeAt(user.secret) })).resolves.toBeTruthy();
    await stop(rotated);
    // The old key alone no longer reads them.
    await expect(start({ TOTP_ENCRYPTION_KEY: KEY })).rejects.toThrow(/is not the key/);
    // Back under KEY for the tests after this one (which use the service started with it).
    const [from, to] = [new SecretBox(OTHER_KEY), new SecretBox(KEY)];
    for (const row of await sql<{ user_id: number; secret: string }>(
      'select user_id, secret from two_factor_secrets',
    )) {
      await sql('update two_factor_secrets set secret = ?, key_id = ? where user_id = ?', [
        to.seal(from.open(row.secret, row.user_id), row.user_id),
        to.keyId,
        row.user_id,
      ]);
    }
  });

  test('a service without a key and without secrets: two-factor sign-in is not available', async () => {
    const empty = await createTestDatabase('auth_two_factor_off');
    try {
      const config = authConfigSchema.parse({
        DATABASE_URL: empty.url,
        NATS_URL: TEST_NATS_URL,
        EVENTS_NAMESPACE: ns.namespace,
        AUTH_GRPC_LISTEN: '127.0.0.1:0',
        BCRYPT_COST: '4',
      });
      const off = await startAuth(config, { logger: silentLogger() });
      const c = createClient(AuthService, `127.0.0.1:${off.port}`);
      try {
        const user = await c.CreateUser({ actor: full, username: 'nokey', permissions: [], modpack_ids: [] });
        expect(await c.GetTwoFactor({ user_id: user.id })).toMatchObject({ available: false, enabled: false });
        expect(await refusal(c.StartTwoFactor({ user_id: user.id }))).toEqual({
          code: grpc.status.FAILED_PRECONDITION,
          reason: 'TWO_FACTOR_UNAVAILABLE',
          message: 'Two-factor sign-in is not available on this server (TOTP_ENCRYPTION_KEY is not set).',
        });
      } finally {
        c.close();
        await off.stop();
      }
    } finally {
      await empty.drop();
    }
  });
});

describe('imported from Solder', () => {
  // What decryptFortifyTwoFactor returns for a Solder user (Fortify's 16-character secret).
  const FORTIFY_SECRET = 'JBSWY3DPEHPK3PXP';
  const FORTIFY_CODES = ['2Q0xclxN7y-jIIm3HkrTe', 'nv1LRYd0gC-r58oRtH1Yj'];

  test('the secret and recovery codes keep working; a second run changes nothing; unknown users are skipped', async () => {
    const solderUser = await newUser();
    const unconfirmed = await newUser();
    const importer = await openAuthImport(db.url);
    try {
      const run = () =>
        importer.run({
          keys: [],
          clients: [],
          managedModpackIds: [],
          twoFactor: {
            encryptionKey: KEY,
            users: [
              {
                username: solderUser.username.toUpperCase(),
                secret: FORTIFY_SECRET,
                recoveryCodes: FORTIFY_CODES,
                confirmed: true,
              },
              { username: unconfirmed.username, secret: FORTIFY_SECRET, recoveryCodes: [], confirmed: false },
              { username: 'not-in-depot', secret: FORTIFY_SECRET, recoveryCodes: [], confirmed: true },
            ],
          },
        });
      expect((await run()).twoFactor).toEqual({
        imported: 2,
        unchanged: 0,
        skipped: [{ username: 'not-in-depot', reason: 'no such user in Depot' }],
      });
      expect((await run()).twoFactor).toEqual({
        imported: 0,
        unchanged: 2,
        skipped: [{ username: 'not-in-depot', reason: 'no such user in Depot' }],
      });
      const mismatched = importer.run({
        keys: [],
        clients: [],
        managedModpackIds: [],
        twoFactor: { encryptionKey: OTHER_KEY, users: [] },
      });
      await expect(mismatched).resolves.toBeTruthy(); // nothing to import: nothing checked
      await expect(
        importer.run({
          keys: [],
          clients: [],
          managedModpackIds: [],
          twoFactor: {
            encryptionKey: OTHER_KEY,
            users: [{ username: solderUser.username, secret: FORTIFY_SECRET, recoveryCodes: [], confirmed: true }],
          },
        }),
      ).rejects.toThrow(
        "TOTP_ENCRYPTION_KEY is not the key of the two-factor secrets already stored: give the auth service's key",
      );
    } finally {
      await importer.close();
    }

    expect(await client.GetTwoFactor({ user_id: solderUser.id })).toMatchObject({
      enabled: true,
      recovery_codes_left: 2,
    });
    expect(await client.GetTwoFactor({ user_id: unconfirmed.id })).toMatchObject({ enabled: false, pending: true });
    expect(
      (await client.CreateSession({ login: unconfirmed.username, password: unconfirmed.password })).token,
    ).not.toBe('');
    const begin = async () =>
      (await client.CreateSession({ login: solderUser.username, password: solderUser.password })).two_factor!.token;
    await expect(
      client.CompleteSignIn({ challenge: await begin(), code: await codeAt(FORTIFY_SECRET) }),
    ).resolves.toMatchObject({ user: { id: solderUser.id } });
    await expect(
      client.CompleteSignIn({ challenge: await begin(), recovery_code: FORTIFY_CODES[1] }),
    ).resolves.toBeTruthy();
    expect(await dumpDatabase(app.orm)).not.toContain(FORTIFY_CODES[0]);
  });
});
