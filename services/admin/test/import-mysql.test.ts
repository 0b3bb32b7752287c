/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies and SQL rows are checked by value */
// `import-solder` from a Solder on MariaDB (test/fixtures/solder-mysql.sql: Solder's tables as its
// migrations make them on MySQL, the catalogue of the shared sample, and people: users with bcrypt
// passwords, permissions, access lists, Sanctum tokens, two-factor sign-in) into a whole Depot
// stack, through the real CLI entry as a child process. A dry run first (nothing written), then
// the import: every launcher response of every build is compared with what Solder serves for
// those rows, computed here from the MariaDB tables, with Solder's own ids; imported users sign in
// with their passwords (and the two-factor one with a recovery code), imported tokens call the
// API and are revoked like Depot's own; a second run changes nothing.
//
// Needs the MariaDB (or MySQL) at TEST_MYSQL_URL (default mysql://root@127.0.0.1:3306, user root
// without a password: it creates and drops a database of its own). Missing: skipped, failed under CI.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { dropDatabase } from '@depot/common/runtime';
import {
  createTestNamespace,
  prerequisite,
  TEST_NATS_URL,
  testDatabaseUrl,
  testDependency,
  uniqueName,
} from '@depot/common/testing';
import { startStack, type Stack } from '@depot/local';
import {
  ASSIGNED_SQL,
  databasesEnv,
  depotCounts as countRows,
  runCli,
  solderBuildAnswers,
  type Row,
} from './support/solder-import';

jest.setTimeout(240_000);

const FIXTURE = path.join(__dirname, 'fixtures', 'solder-mysql.sql');
// Found by `npm test` (deploy/local/src/test-deps.ts), or named there in one line when missing.
const mysqlServer = testDependency('TEST_MYSQL_URL', 'mysql://root@127.0.0.1:3306');
const MYSQL_URL = mysqlServer.value ?? 'mysql://root@127.0.0.1:3306';
const MIRROR = 'https://mirror.example.test/repo/';
const APP_KEY = 'base64:VjkmCPvXVoEslGeO0Uzae88lSzfDT5g+m2i2O1A6dgs=';
const TOTP_KEY = `totp_${randomBytes(24).toString('hex')}`;

const ADMIN_TOKEN = '7|admin-deploy-secret-0000000000000000000000';
const AUTHOR_TOKEN = '8|author-ci-secret-000000000000000000000000000';

let available = false;
let database: string;
let solder: mysql.Connection;
let stack: Stack;
let ns: ReturnType<typeof createTestNamespace>;
let platformKey = '';

function mysqlUrl(db = ''): string {
  const u = new URL(MYSQL_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

async function mysqlReachable(): Promise<boolean> {
  try {
    const c = await mysql.createConnection({ uri: mysqlUrl(), connectTimeout: 3000 });
    await c.end();
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  available = prerequisite(
    mysqlServer.missing === undefined && (await mysqlReachable()),
    mysqlServer.missing ??
      `MariaDB/MySQL is not reachable at ${MYSQL_URL}: set TEST_MYSQL_URL, or install one (Debian/Ubuntu: sudo apt-get install mariadb-server)`,
  );
  if (!available) return;
  ns = createTestNamespace('admin_my');
  database = uniqueName('solder_src');
  const load = async () => {
    const admin = await mysql.createConnection({ uri: mysqlUrl() });
    await admin.query(`create database \`${database}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
    await admin.end();
    solder = await mysql.createConnection({ uri: mysqlUrl(database), multipleStatements: true, dateStrings: true });
    await solder.query(readFileSync(FIXTURE, 'utf8'));
    platformKey = (await rows("select api_key from `keys` where name = 'platform'"))[0].api_key;
  };
  const start = async () => {
    stack = await startStack({
      databaseUrl: testDatabaseUrl(uniqueName('depot_admin_my')),
      natsUrl: TEST_NATS_URL,
      eventsNamespace: ns.namespace,
      gatewayPort: 0,
      adminToken: `admin_${randomBytes(24).toString('hex')}`,
      totpEncryptionKey: TOTP_KEY,
      mirrorUrl: MIRROR,
      redisUrl: '',
      stdio: 'pipe',
      logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
      env: { RATE_LIMIT_PER_MINUTE: '0' },
    });
  };
  await Promise.all([load(), start()]);
});

afterAll(async () => {
  if (!available) return;
  await solder?.query(`drop database if exists \`${database}\``).catch(() => undefined);
  await solder?.end().catch(() => undefined);
  await stack?.stop();
  await Promise.all(Object.values(stack?.databases ?? {}).map((url) => dropDatabase(url).catch(() => undefined)));
  await ns?.drop().catch(() => undefined);
});

const rows = async (sql: string): Promise<Row[]> => (await solder.query(sql))[0] as Row[];

// ---- running the CLI ----

const cli = (args: string[]) => runCli(args, { ...databasesEnv(stack), TOTP_ENCRYPTION_KEY: TOTP_KEY });

async function runImport(...extra: string[]) {
  const run = await cli(['import-solder', '--from', mysqlUrl(database).replace(/^mysql:/, 'mariadb:'), ...extra]);
  if (run.code !== 0) throw new Error(`import-solder exited ${run.code}:\n${run.stderr}\n${run.stdout}`);
  return { summary: JSON.parse(run.stdout), run };
}

const depotCounts = () => countRows(stack, ['keys', 'clients', 'client_modpacks', 'users', 'user_modpacks', 'tokens']);

// ---- what Solder serves, from its tables, with its ids ----

async function expectedFromSolder() {
  const [modpacks, builds, assigned] = await Promise.all([
    rows('select * from modpacks order by id'),
    rows('select * from builds order by id'),
    rows(ASSIGNED_SQL),
  ]);
  return solderBuildAnswers({ modpacks, builds, assigned }, MIRROR);
}

// ---- what Depot serves ----

async function call(
  method: string,
  pathname: string,
  opts: { token?: string; body?: unknown; cookie?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(stack.gatewayUrl + pathname, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
const get = async (p: string, token?: string) => {
  const { status, body } = await call('GET', p, { token });
  return { status, body };
};

async function compareEveryBuild(): Promise<number> {
  const expected = await expectedFromSolder();
  const enc = encodeURIComponent;
  for (const [key, want] of expected) {
    const [slug, version] = key.split('/');
    const p = `/api/modpack/${enc(slug)}/${enc(version)}`;
    expect({ key, ...(await get(p)) }).toEqual({ key, ...want.anon });
    expect({ key, k: true, ...(await get(`${p}?k=${platformKey}`)) }).toEqual({ key, k: true, ...want.key });
    expect({ key, mods: true, ...(await get(`${p}?include=mods&k=${platformKey}`)) }).toEqual({
      key,
      mods: true,
      ...want.mods,
    });
  }
  return expected.size;
}

// ---- the tests, in order ----

const run = (name: string, fn: () => Promise<void>) =>
  test(name, async () => {
    if (!available) return;
    await fn();
  });

const FULL_COUNTS = {
  mods: { inserted: 2001, updated: 0, unchanged: 0 },
  versions: { inserted: 6001, updated: 0, unchanged: 0 },
  modpacks: { inserted: 6, updated: 0, unchanged: 0 },
  builds: { inserted: 51, updated: 0, unchanged: 0 },
  assignments: { inserted: 7502, updated: 0, unchanged: 0, removed: 0 },
  keys: { inserted: 2, updated: 0, unchanged: 0 },
  clients: { inserted: 1, updated: 0, unchanged: 0 },
  client_links: { inserted: 1, removed: 0, unchanged: 0 },
  // The stack's bootstrap admin (ADMIN_TOKEN) is Solder's admin: given Solder's address and password.
  users: { inserted: 3, updated: 1, unchanged: 0 },
  user_links: { inserted: 2, removed: 0, unchanged: 0 },
  tokens: { inserted: 2, updated: 0, unchanged: 0, removed: 0 },
  two_factor: { imported: 1, unchanged: 0, skipped: 0 },
};

const WARNINGS = [
  'mod names imported as Solder has them, though Depot\'s API would refuse them (1): "Better Foliage"',
  'assignments of a missing mod version, skipped (1): members m1: modversion id 99999',
  'access to a missing modpack, left out (1): "author": modpack id 42',
  'usernames imported as Solder has them, though Depot\'s API would refuse them (1): "Jane Doe"',
  'users whose password is no bcrypt hash (imported without one: set it with `user password`) (1): "Jane Doe"',
  'expired tokens, skipped (1): token 9 "old" of "author"',
  'tokens of a missing user, skipped (1): token 10 "orphan" (user id 99)',
  'tokens limited to some abilities, skipped (Depot tokens carry their user\'s rights: issue a new one) (1): token 11 "read only" of "author"',
];

run('--dry-run says what would be created and left out, and why; it writes nothing', async () => {
  const before = await depotCounts();
  const { summary, run: r } = await runImport('--dry-run', '--app-key', APP_KEY);
  expect(summary).toMatchObject({ dry_run: true, ...FULL_COUNTS });
  expect(summary.warnings).toEqual(WARNINGS);
  expect(r.stderr).toMatch(/dry run: nothing will be written/);
  expect(r.stderr).toMatch(/would leave out or report: expired tokens, skipped/);
  expect(await depotCounts()).toEqual(before);
  expect(before.mods).toBe(0);
});

run('imports Solder from MariaDB; every launcher response of every build is what Solder serves', async () => {
  const { summary } = await runImport('--app-key', APP_KEY);
  expect(summary).toMatchObject({ dry_run: false, ...FULL_COUNTS });
  expect(summary.warnings).toEqual(WARNINGS);
  expect(summary.source).toBe(mysqlUrl(database).replace(/^mysql:/, 'mariadb:'));
  expect(await compareEveryBuild()).toBe(51);

  // Spot checks of the comparison itself, on values written by hand in the fixture.
  const members = await get(`/api/modpack/members/m1?include=mods&k=${platformKey}`);
  expect(members.body).toMatchObject({ id: 51, minecraft: '1.20.1', java: '21', memory: 8192, forge: '47.2.0' });
  expect(members.body.mods.map((m: any) => [m.id, m.name])).toEqual([
    [6001, 'Better Foliage'],
    [2, 'mod-0001'],
  ]);
  expect(members.body.mods[0].url).toBe(`${MIRROR}mods/Better%20Foliage/Better%20Foliage-2.3.1.zip`);
  expect((await get('/api/modpack/members')).status).toBe(404);
});

run('an imported user signs in with the password they had in Solder', async () => {
  const signIn = await call('POST', '/api/session', { body: { login: 'author', password: 'author-password-2' } });
  expect(signIn.status).toBe(201);
  expect(signIn.body.user).toMatchObject({
    username: 'author',
    email: 'Author@Example.test',
    permissions: ['mods_create', 'mods_manage', 'modpacks_manage'],
    modpacks: ['pack1', 'members'],
    has_password: true,
  });
  const wrong = await call('POST', '/api/session', { body: { login: 'author', password: 'admin-password-1' } });
  expect(wrong).toMatchObject({
    status: 422,
    body: { error: { login: ['These credentials do not match our records.'] } },
  });
  // Jane Doe's was no bcrypt hash: no password until one is set.
  const jane = await call('POST', '/api/session', { body: { login: 'jane@example.test', password: 'password' } });
  expect(jane.status).toBe(422);
});

run("a user with Solder's two-factor sign-in keeps it: password, then one of their recovery codes", async () => {
  const first = await call('POST', '/api/session', { body: { login: 'viewer', password: 'viewer-password-3' } });
  expect(first.status).toBe(202);
  expect(first.body).toMatchObject({ two_factor: true });
  const challenge = first.headers
    .getSetCookie()
    .find((c) => c.startsWith('depot_two_factor='))!
    .split(';')[0];
  const second = await call('POST', '/api/session/two-factor', {
    cookie: challenge,
    body: { recovery_code: '2Q0xclxN7y-jIIm3HkrTe' },
  });
  expect(second.status).toBe(201);
  expect(second.body.user).toMatchObject({ username: 'viewer', permissions: [], modpacks: [] });
});

run("a Sanctum token made in Solder works as `{id}|{secret}`, with its user's rights", async () => {
  const account = await get('/api/account', AUTHOR_TOKEN);
  expect(account).toMatchObject({ status: 200, body: { username: 'author', modpacks: ['pack1', 'members'] } });
  // The author may not manage users; the admin (solder_full) may.
  expect((await get('/api/user', AUTHOR_TOKEN)).status).toBe(403);
  const users = await get('/api/user', ADMIN_TOKEN);
  expect(users.status).toBe(200);
  expect(users.body.users.map((u: any) => u.username)).toEqual(['admin', 'author', 'viewer', 'Jane Doe']);
  // The author's access list reads the private pack on the launcher routes.
  expect((await get('/api/modpack/members/m1', AUTHOR_TOKEN)).status).toBe(200);
  // A wrong secret, another token's id, an expired or skipped token: unauthenticated.
  for (const bad of [
    '7|admin-deploy-secret-0000000000000000000001',
    '8|admin-deploy-secret-0000000000000000000000',
    '9|author-old-secret',
    '11|author-read-secret',
  ]) {
    expect({ bad, ...(await get('/api/account', bad)) }).toEqual({
      bad,
      status: 401,
      body: { error: 'Unauthenticated.' },
    });
  }
});

run('a second import changes nothing: no duplicates, the same responses', async () => {
  const before = await depotCounts();
  const { summary } = await runImport('--app-key', APP_KEY);
  const unchanged = (n: number) => ({ inserted: 0, updated: 0, unchanged: n });
  expect(summary).toMatchObject({
    mods: unchanged(2001),
    versions: unchanged(6001),
    modpacks: unchanged(6),
    builds: unchanged(51),
    assignments: { ...unchanged(7502), removed: 0 },
    keys: unchanged(2),
    clients: unchanged(1),
    users: unchanged(4),
    user_links: { inserted: 0, removed: 0, unchanged: 2 },
    tokens: { ...unchanged(2), removed: 0 },
    two_factor: { imported: 0, unchanged: 1, skipped: 0 },
  });
  expect(await depotCounts()).toEqual(before);
  expect(before).toEqual({
    mods: 2001,
    mod_versions: 6001,
    modpacks: 6,
    builds: 51,
    build_mods: 7502,
    keys: 2,
    clients: 1,
    client_modpacks: 1,
    users: 4,
    user_modpacks: 2,
    tokens: 3, // the bootstrap token and two imported
  });
  expect(await compareEveryBuild()).toBe(51);
});

run('an imported token is listed and revoked like a Depot token', async () => {
  const list = await get('/api/token', ADMIN_TOKEN);
  expect(list).toMatchObject({
    status: 200,
    body: {
      tokens: [
        expect.objectContaining({ name: 'bootstrap' }),
        { id: 7, name: 'deploy script', last_used_at: expect.any(String), created_at: expect.any(String) },
      ],
    },
  });
  const revoked = await call('DELETE', '/api/token/7', { token: ADMIN_TOKEN });
  expect(revoked.status).toBe(200);
  expect(await get('/api/account', ADMIN_TOKEN)).toEqual({ status: 401, body: { error: 'Unauthenticated.' } });

  // Solder still holds it: an import run again (a last one before the move) does not bring it back
  const { summary } = await runImport('--app-key', APP_KEY);
  expect(summary.tokens).toEqual({ inserted: 0, updated: 0, unchanged: 1, removed: 0, revokedInDepot: 1 });
  expect(await get('/api/account', ADMIN_TOKEN)).toEqual({ status: 401, body: { error: 'Unauthenticated.' } });
  expect((await depotCounts()).tokens).toBe(2); // the bootstrap token and the other imported one
});
