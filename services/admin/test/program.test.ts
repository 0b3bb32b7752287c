// Command-line parsing, through each command module with a fake context: which gRPC calls a
// command makes with which checked values, what it prints, and usage errors (nothing connected,
// nothing called). import-solder, backup and restore write to databases: the functions that do
// that are replaced, and their arguments checked.
import { CommanderError } from 'commander';
import { backupDatabases } from '../src/backup/backup';
import { restoreDatabases } from '../src/backup/restore';
import { loadStoreSettings, openStore } from '../src/backup/store';
import { loadArchiveConfig, loadImportConfig } from '../src/config';
import { EXIT_USAGE } from '../src/errors';
import { importSolder } from '../src/import-solder';
import { CLI_ACTOR } from '../src/services';
import { fakeProgram, PASSWORD, UUID } from './support/fake-context';

jest.mock('../src/import-solder', () => ({
  ...jest.requireActual('../src/import-solder'),
  importSolder: jest.fn(async () => ({ imported: true })),
}));
jest.mock('../src/backup/backup', () => ({ backupDatabases: jest.fn(async () => ({ backup: true })) }));
jest.mock('../src/backup/restore', () => ({ restoreDatabases: jest.fn(async () => ({ restored: true })) }));
jest.mock('../src/backup/store', () => ({
  ...jest.requireActual('../src/backup/store'),
  openStore: jest.fn(() => ({ close: jest.fn(async () => undefined) })),
}));

const WORK = [importSolder, backupDatabases, restoreDatabases, openStore].map((fn) => jest.mocked(fn));
const workCalls = () => WORK.reduce((n, fn) => n + fn.mock.calls.length, 0);
beforeEach(() => jest.clearAllMocks());

async function usageError(args: string[]): Promise<{ error: CommanderError; stderr: string }> {
  const s = fakeProgram();
  const before = workCalls();
  try {
    await s.run(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(CommanderError);
    expect(s.calls).toEqual([]);
    expect(s.state).toMatchObject({ connected: 0, passwordsRead: 0 });
    expect(workCalls()).toBe(before);
    return { error: error as CommanderError, stderr: s.stderr() };
  }
  throw new Error(`expected a usage error for ${args.join(' ')}`);
}

const AT = '2026-01-01T00:00:00.000Z';

test('user create: permissions and modpacks as checked lists, empty by default', async () => {
  const s = fakeProgram();
  await s.run('user', 'create', 'alice', '--permissions', 'mods_create, modpacks_manage', '--modpacks', 'pack1,pack2');
  const permissions = ['mods_create', 'modpacks_manage'];
  expect(s.requests('builds.GetModpacksBySlugs')).toEqual([{ slugs: ['pack1', 'pack2'] }]);
  expect(s.requests('auth.CreateUser')).toEqual([
    { actor: CLI_ACTOR, username: 'alice', permissions, modpack_ids: [1, 2] },
  ]);
  expect(s.results).toEqual([
    {
      username: 'alice',
      email: null,
      permissions,
      modpacks: ['pack1', 'pack2'],
      has_password: false,
      two_factor: false,
      created_at: AT,
      updated_at: AT,
    },
  ]);

  const d = fakeProgram();
  await d.run('user', 'create', 'bob');
  expect(d.calls).toEqual([
    ['auth.CreateUser', { actor: CLI_ACTOR, username: 'bob', permissions: [], modpack_ids: [] }],
  ]);
  expect(d.state.passwordsRead).toBe(0);
});

test('user create: an e-mail address and a password from standard input', async () => {
  const s = fakeProgram();
  await s.run('user', 'create', 'alice', '--email', 'alice@example.com', '--password-stdin');
  expect(s.calls).toEqual([
    [
      'auth.CreateUser',
      {
        actor: CLI_ACTOR,
        username: 'alice',
        permissions: [],
        modpack_ids: [],
        email: 'alice@example.com',
        password: PASSWORD,
      },
    ],
  ]);
  expect(s.state.passwordsRead).toBe(1);
  expect((await usageError(['user', 'create', 'alice', '--email', 'nope'])).stderr).toMatch(/e-mail address/);
});

test('user password: generated (shown once) or from standard input, one of the two', async () => {
  const s = fakeProgram();
  await s.run('user', 'password', 'alice', '--generate');
  expect(s.stderr()).toBe('The password is shown once: store it now.\n');
  await s.run('user', 'password', 'alice', '--password-stdin');
  expect(s.calls).toEqual([
    ['auth.SetPassword', { username: 'alice', password: undefined, only_if_unset: false }],
    ['auth.SetPassword', { username: 'alice', password: PASSWORD, only_if_unset: false }],
  ]);
  expect(s.results).toEqual([
    { success: 'Password set.', username: 'alice', password: 'generated-password-24chr' },
    { success: 'Password set.', username: 'alice' },
  ]);
  expect(s.stderr()).toBe('The password is shown once: store it now.\n');
  expect((await usageError(['user', 'password', 'alice', '--generate', '--password-stdin'])).stderr).toMatch(
    /cannot be used with/,
  );
  const none = fakeProgram();
  await expect(none.run('user', 'password', 'alice')).rejects.toMatchObject({
    message: 'give --generate or --password-stdin',
    exitCode: EXIT_USAGE,
  });
  expect(none.calls).toEqual([]);
  expect(none.state.connected).toBe(0);
});

test('user list, delete and reset-2fa', async () => {
  const s = fakeProgram();
  await s.run('user', 'list');
  await s.run('user', 'delete', 'bob');
  await s.run('user', 'reset-2fa', 'bob');
  expect(s.calls).toEqual([
    ['auth.ListUsers', {}],
    ['auth.DeleteUser', { username: 'bob', actor: CLI_ACTOR }],
    ['auth.ResetTwoFactor', { username: 'bob', actor: CLI_ACTOR }],
  ]);
  expect(s.results.slice(1)).toEqual([
    { success: 'User deleted.', username: 'bob' },
    { success: 'Two-factor sign-in reset.', username: 'bob' },
  ]);
  expect((await usageError(['user', 'reset-2fa'])).stderr).toMatch(/missing required argument 'username'/);
});

test('token issue (default name, shown once), list and revoke with a numeric id', async () => {
  const s = fakeProgram();
  await s.run('token', 'issue', 'alice');
  await s.run('token', 'issue', 'alice', '--name', 'ci');
  await s.run('token', 'list', 'alice');
  await s.run('token', 'revoke', 'alice', '42');
  expect(s.calls).toEqual([
    ['auth.CreateToken', { username: 'alice', name: 'cli', actor: CLI_ACTOR }],
    ['auth.CreateToken', { username: 'alice', name: 'ci', actor: CLI_ACTOR }],
    ['auth.GetUser', { username: 'alice' }],
    ['auth.ListTokens', { user_id: 7 }],
    ['auth.GetUser', { username: 'alice' }],
    ['auth.RevokeToken', { user_id: 7, token_id: 42 }],
  ]);
  expect(s.results[0]).toEqual({ token: { id: 42, name: 'cli', plaintext: '42|secret', created_at: AT } });
  expect(s.results[3]).toEqual({ success: 'Token revoked.', username: 'alice', id: 42 });
  expect(s.stderr()).toBe('The token is shown once: store it now.\n'.repeat(2));
});

test('key create with or without a value (shown once), list, delete', async () => {
  const s = fakeProgram();
  await s.run('key', 'create', 'technic');
  await s.run('key', 'create', 'technic', '--key', 'abc123');
  await s.run('key', 'list');
  await s.run('key', 'delete', '3');
  expect(s.calls).toEqual([
    ['auth.CreateKey', { name: 'technic', api_key: undefined }],
    ['auth.CreateKey', { name: 'technic', api_key: 'abc123' }],
    ['auth.ListKeys', {}],
    ['auth.DeleteKey', { id: 3 }],
  ]);
  expect(s.results[1]).toEqual({ id: 3, name: 'technic', api_key: 'abc123', created_at: AT });
  expect(s.stderr()).toBe('The key is shown once: store it now.\n'.repeat(2));
});

test('client link takes one or more slugs (repeats dropped) and an optional name', async () => {
  const s = fakeProgram();
  await s.run('client', 'link', UUID, 'pack1', 'pack2', 'pack1');
  await s.run('client', 'link', UUID, 'pack3', '--name', 'laptop');
  await s.run('client', 'list');
  expect(s.requests('builds.GetModpacksBySlugs')).toEqual([{ slugs: ['pack1', 'pack2'] }, { slugs: ['pack3'] }]);
  expect(s.requests('auth.UpdateClient')).toEqual([
    { uuid: UUID, name: undefined, modpack_ids: [1, 2, 3], update_mask: ['modpacks'] },
    { uuid: UUID, name: 'laptop', modpack_ids: [3], update_mask: ['name', 'modpacks'] },
  ]);
  expect(s.requests('auth.ListClients')).toHaveLength(3);
  expect(s.results[0]).toMatchObject({
    uuid: UUID,
    modpacks: [
      { id: 1, slug: 'pack1' },
      { id: 2, slug: 'pack2' },
      { id: 3, slug: 'pack3' },
    ],
  });
});

test('import-solder needs --from, a MySQL, MariaDB or PostgreSQL URL; --dry-run and --app-key are optional', async () => {
  const env = {
    CATALOG_DATABASE_URL: 'postgres://h/c',
    BUILDS_DATABASE_URL: 'postgres://h/b',
    AUTH_DATABASE_URL: 'postgres://h/a',
  };
  const appKey = `base64:${Buffer.alloc(32, 7).toString('base64')}`;
  const s = fakeProgram({}, env);
  await s.run('import-solder', '--from', 'postgres://solder@db:5432/solder');
  await s.run('import-solder', '--from', 'mysql://solder@db:3306/solder', '--dry-run');
  await s.run('import-solder', '--from', 'mariadb://solder@db/solder', '--app-key', appKey);
  const progress = expect.objectContaining({ line: expect.any(Function) });
  expect(jest.mocked(importSolder).mock.calls).toEqual([
    [loadImportConfig(env), { from: 'postgres://solder@db:5432/solder', dryRun: false, appKey: undefined, progress }],
    [loadImportConfig(env), { from: 'mysql://solder@db:3306/solder', dryRun: true, appKey: undefined, progress }],
    [loadImportConfig(env), { from: 'mariadb://solder@db/solder', dryRun: false, appKey, progress }],
  ]);
  expect(s.results).toEqual([{ imported: true }, { imported: true }, { imported: true }]);
  expect(s.state.connected).toBe(0);

  // A key that is none: a usage error before any setting or database is looked at.
  const wrongKey = fakeProgram({}, {});
  await expect(
    wrongKey.run('import-solder', '--from', 'mysql://solder@db/solder', '--app-key', 'base64:AAAA'),
  ).rejects.toMatchObject({ message: expect.stringMatching(/^--app-key: /), exitCode: EXIT_USAGE });
  expect(jest.mocked(importSolder)).toHaveBeenCalledTimes(3);

  expect((await usageError(['import-solder'])).stderr).toMatch(/required option '--from <url>'/);
  expect((await usageError(['import-solder', '--from', 'sqlite:///solder.db'])).stderr).toMatch(
    /expected a mysql:\/\/, mariadb:\/\/ or postgres:\/\/ URL/,
  );
});

test('backup and restore take a directory and the catalog store; restore replaces data only with --force', async () => {
  const env = {
    CATALOG_DATABASE_URL: 'postgres://h/c',
    BUILDS_DATABASE_URL: 'postgres://h/b',
    AUTH_DATABASE_URL: 'postgres://h/a',
    ARCHIVE_STORE_DIR: '/srv/archives',
  };
  const s = fakeProgram({}, env);
  await s.run('backup', '/var/backups/depot-1');
  await s.run('restore', '/var/backups/depot-1');
  await s.run('restore', '/var/backups/depot-1', '--force');
  const settings = loadStoreSettings(env);
  const stores = jest.mocked(openStore).mock.results.map((r) => r.value);
  expect(jest.mocked(openStore).mock.calls).toEqual([[settings], [settings], [settings]]);
  const progress = expect.any(Function);
  expect(jest.mocked(backupDatabases).mock.calls).toEqual([
    [loadImportConfig(env), '/var/backups/depot-1', { progress, archives: { store: stores[0], settings } }],
  ]);
  const archives = (i: number) => ({ store: stores[i], maxBytes: settings.ARCHIVE_MAX_BYTES });
  expect(jest.mocked(restoreDatabases).mock.calls).toEqual([
    [loadImportConfig(env), '/var/backups/depot-1', { force: false, progress, archives: archives(1) }],
    [loadImportConfig(env), '/var/backups/depot-1', { force: true, progress, archives: archives(2) }],
  ]);
  expect(s.results).toEqual([{ backup: true }, { restored: true }, { restored: true }]);
  // the stores are closed at exit
  for (const cleanup of s.state.cleanups) cleanup();
  for (const store of stores) expect(store.close).toHaveBeenCalledTimes(1);

  expect((await usageError(['backup'])).stderr).toMatch(/missing required argument 'dir'/);
  expect((await usageError(['restore'])).stderr).toMatch(/missing required argument 'dir'/);
  expect((await usageError(['backup', 'a', 'b'])).stderr).toMatch(/too many arguments/);
});

test('wrong command lines stop before anything is called, with a message', async () => {
  expect((await usageError(['user', 'create', 'alice', '--permissions', 'mods_create,root'])).stderr).toMatch(
    /unknown permission\(s\) root/,
  );
  expect((await usageError(['user', 'create', 'bad name'])).stderr).toMatch(/username/);
  expect((await usageError(['user', 'create', 'alice', '--modpacks', 'ok,not ok'])).stderr).toMatch(/slug/);
  expect((await usageError(['user', 'create'])).stderr).toMatch(/missing required argument 'username'/);
  expect((await usageError(['token', 'revoke', 'alice', 'abc'])).stderr).toMatch(/positive whole number/);
  expect((await usageError(['key', 'delete', '0'])).stderr).toMatch(/positive whole number/);
  expect((await usageError(['client', 'link', 'not-a-uuid', 'pack1'])).stderr).toMatch(/UUID/);
  expect((await usageError(['client', 'link', UUID])).stderr).toMatch(/missing required argument 'modpack-slug'/);
  expect((await usageError(['user', 'list', 'extra'])).stderr).toMatch(/too many arguments/);
  expect((await usageError(['frobnicate'])).stderr).toMatch(/unknown command 'frobnicate'/);
  expect((await usageError(['key', 'create', 'x', '--bogus'])).stderr).toMatch(/unknown option '--bogus'/);
  expect((await usageError(['archives', 'push', 'repo', '--concurrency', '17'])).stderr).toMatch(/from 1 to 16/);
  expect((await usageError(['archives', 'adopt', '--concurrency', '0'])).stderr).toMatch(/from 1 to 16/);
  expect(EXIT_USAGE).toBe(64);
});

test('rehash and audit-mirror: arguments, output, exit status 3 when problems remain', async () => {
  const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';
  const { ARCHIVE_TRANSFER_TIMEOUT_MS, GRPC_DEADLINE_MS } = loadArchiveConfig({});
  const answer = {
    url: 'http://m/mods/jei/jei-1.0 beta.zip',
    md5: MD5,
    filesize: 10,
    recorded_md5: MD5,
    recorded_filesize: 12,
    md5_matches: true,
    filesize_matches: false,
  };
  const missing = { id: 3, mod: 'a', version: '1', url: 'http://m/mods/a/a-1.zip', problem: 'missing' };
  const ok = (id: number) => ({ id, mod: 'b', version: `${id}`, url: 'u', md5: MD5, recorded_md5: MD5, filesize: 1 });
  const s = fakeProgram({
    'catalog.RehashVersion': ({ store }: { store: boolean }) => ({ ...answer, stored: store }),
    'catalog.CheckVersionArchives': ({ concurrency }: { concurrency: number }) => ({
      mirror_url: 'http://m/',
      total: 3,
      checks: [ok(1), ok(2), concurrency === 3 ? { ...missing, message: `${missing.url} answered 404` } : ok(3)],
    }),
  });

  await expect(s.run('rehash', 'jei', '1.0 beta')).rejects.toMatchObject({
    message: 'the archive does not match the version (run with --store to record it)',
    exitCode: 3,
  });
  expect(s.results).toEqual([{ ...answer, stored: false }]);
  await s.run('rehash', 'jei', '1.0 beta', '--store');
  const deadline = { deadlineMs: ARCHIVE_TRANSFER_TIMEOUT_MS + GRPC_DEADLINE_MS };
  expect(s.calls).toEqual([
    ['catalog.RehashVersion', { slug: 'jei', version: '1.0 beta', store: false }, deadline],
    ['catalog.RehashVersion', { slug: 'jei', version: '1.0 beta', store: true }, deadline],
  ]);

  await s.run('audit-mirror');
  expect(s.out.join('')).toMatch(/^Mirror audit of 3 version\(s\) on http:\/\/m\/ in [\d.]+ s \(concurrency 8\)\n/);
  await expect(s.run('audit-mirror', '--concurrency', '3', '--json')).rejects.toMatchObject({
    message: '1 problem(s) found',
    exitCode: 3,
  });
  expect(s.results[s.results.length - 1]).toMatchObject({
    mirror_url: 'http://m/',
    checked: 3,
    ok: 2,
    counts: { missing: 1, md5_mismatch: 0, size_mismatch: 0, refused: 0, failed: 0 },
    concurrency: 3,
    problems: [{ problem: 'missing', mod: 'a', version: '1', url: missing.url, detail: `${missing.url} answered 404` }],
  });
  expect(s.requests('catalog.CheckVersionArchives')).toEqual([
    { after_id: 0, limit: 32, concurrency: 8 },
    { after_id: 0, limit: 12, concurrency: 3 },
  ]);
  expect(s.progress()).toMatch(/^audit-mirror: 3 version\(s\) to check\n/);
  expect((await usageError(['audit-mirror', '--concurrency', '0'])).stderr).toMatch(/from 1 to 32/);
  expect((await usageError(['rehash', 'jei'])).stderr).toMatch(/missing required argument 'version'/);
});
