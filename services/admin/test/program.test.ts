// Command-line parsing: which handler runs with which checked values, and usage errors (no
// service is called: the handlers are fakes).
import { CommanderError } from 'commander';
import { loadGrpcConfig, loadImportConfig, unreachableHint } from '../src/config';
import { CliError, describeError, EXIT_USAGE, ServiceCallError } from '../src/errors';
import { buildProgram, type Handlers } from '../src/program';
import { ConfigError, DepotError, toServiceError, type LocalStackState } from '@depot/common';

const FILE = '/repo/.data/stack.json';
const NO_STACK: LocalStackState = { state: 'none', file: FILE };
const RUNNING: LocalStackState = {
  state: 'running',
  file: FILE,
  stack: {
    pid: 4242,
    gatewayUrl: 'http://127.0.0.1:8080',
    grpc: { catalog: '127.0.0.1:41001', builds: '127.0.0.1:41002', auth: '127.0.0.1:41003' },
    databases: {
      catalog: 'postgres://p@h/depot_catalog',
      builds: 'postgres://p@h/depot_builds',
      auth: 'postgres://p@h/depot_auth',
    },
    eventsNamespace: 'depot',
    startedAt: '2026-01-01T00:00:00.000Z',
  },
};
const STALE: LocalStackState = { state: 'stale', file: FILE, pid: 4242 };

function setup() {
  const calls: [string, unknown[]][] = [];
  const handlers = new Proxy({} as Handlers, {
    get:
      (_t, name: string) =>
      async (...args: unknown[]) => {
        calls.push([name, args]);
        return { ok: name };
      },
  });
  const results: unknown[] = [];
  let err = '';
  const program = buildProgram(handlers, {
    result: (v) => results.push(v),
    out: () => undefined,
    err: (t) => (err += t),
  });
  const run = (...args: string[]) => program.parseAsync(['node', 'depot-admin', ...args]);
  return { calls, results, run, stderr: () => err };
}

async function usageError(args: string[]): Promise<{ error: CommanderError; stderr: string }> {
  const { run, calls, stderr } = setup();
  try {
    await run(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(CommanderError);
    expect(calls).toEqual([]);
    return { error: error as CommanderError, stderr: stderr() };
  }
  throw new Error(`expected a usage error for ${args.join(' ')}`);
}

test('user create: permissions and modpacks as checked lists, empty by default', async () => {
  const s = setup();
  await s.run('user', 'create', 'alice', '--permissions', 'mods_create, modpacks_manage', '--modpacks', 'pack1,pack2');
  expect(s.calls).toEqual([
    ['userCreate', ['alice', { permissions: ['mods_create', 'modpacks_manage'], modpacks: ['pack1', 'pack2'] }]],
  ]);
  expect(s.results).toEqual([{ ok: 'userCreate' }]);

  const d = setup();
  await d.run('user', 'create', 'bob');
  expect(d.calls).toEqual([['userCreate', ['bob', { permissions: [], modpacks: [] }]]]);
});

test('user create: an e-mail address and a password from standard input', async () => {
  const s = setup();
  await s.run('user', 'create', 'alice', '--email', 'alice@example.com', '--password-stdin');
  expect(s.calls).toEqual([
    ['userCreate', ['alice', { permissions: [], modpacks: [], email: 'alice@example.com', passwordStdin: true }]],
  ]);
  expect((await usageError(['user', 'create', 'alice', '--email', 'nope'])).stderr).toMatch(/e-mail address/);
});

test('user password: generated or from standard input, one of the two', async () => {
  const s = setup();
  await s.run('user', 'password', 'alice', '--generate');
  await s.run('user', 'password', 'alice', '--password-stdin');
  expect(s.calls).toEqual([
    ['userPassword', ['alice', { generate: true }]],
    ['userPassword', ['alice', { passwordStdin: true }]],
  ]);
  expect((await usageError(['user', 'password', 'alice', '--generate', '--password-stdin'])).stderr).toMatch(
    /cannot be used with/,
  );
  const none = setup();
  await expect(none.run('user', 'password', 'alice')).rejects.toThrow(/--generate or --password-stdin/);
  expect(none.calls).toEqual([]);
});

test('user list, delete and reset-2fa', async () => {
  const s = setup();
  await s.run('user', 'list');
  await s.run('user', 'delete', 'bob');
  await s.run('user', 'reset-2fa', 'bob');
  expect(s.calls).toEqual([
    ['userList', []],
    ['userDelete', ['bob']],
    ['userResetTwoFactor', ['bob']],
  ]);
  expect((await usageError(['user', 'reset-2fa'])).stderr).toMatch(/missing required argument 'username'/);
});

test('token issue (default name), list and revoke with a numeric id', async () => {
  const s = setup();
  await s.run('token', 'issue', 'alice');
  await s.run('token', 'issue', 'alice', '--name', 'ci');
  await s.run('token', 'list', 'alice');
  await s.run('token', 'revoke', 'alice', '42');
  expect(s.calls).toEqual([
    ['tokenIssue', ['alice', { name: 'cli' }]],
    ['tokenIssue', ['alice', { name: 'ci' }]],
    ['tokenList', ['alice']],
    ['tokenRevoke', ['alice', 42]],
  ]);
});

test('key create with or without a value, list, delete', async () => {
  const s = setup();
  await s.run('key', 'create', 'technic');
  await s.run('key', 'create', 'technic', '--key', 'abc123');
  await s.run('key', 'list');
  await s.run('key', 'delete', '3');
  expect(s.calls).toEqual([
    ['keyCreate', ['technic', {}]],
    ['keyCreate', ['technic', { key: 'abc123' }]],
    ['keyList', []],
    ['keyDelete', [3]],
  ]);
});

test('client link takes one or more slugs (repeats dropped) and an optional name', async () => {
  const uuid = '5f1c2f7e-1111-4a1a-9c1c-000000000001';
  const s = setup();
  await s.run('client', 'link', uuid, 'pack1', 'pack2', 'pack1');
  await s.run('client', 'link', uuid, 'pack3', '--name', 'laptop');
  await s.run('client', 'list');
  expect(s.calls).toEqual([
    ['clientLink', [uuid, ['pack1', 'pack2'], {}]],
    ['clientLink', [uuid, ['pack3'], { name: 'laptop' }]],
    ['clientList', []],
  ]);
});

test('import-solder needs --from, a MySQL, MariaDB or PostgreSQL URL; --dry-run and --app-key are optional', async () => {
  const s = setup();
  await s.run('import-solder', '--from', 'postgres://solder@db:5432/solder');
  await s.run('import-solder', '--from', 'mysql://solder@db:3306/solder', '--dry-run');
  await s.run('import-solder', '--from', 'mariadb://solder@db/solder', '--app-key', 'base64:AAAA');
  expect(s.calls).toEqual([
    ['importSolder', [{ from: 'postgres://solder@db:5432/solder', dryRun: false, appKey: undefined }]],
    ['importSolder', [{ from: 'mysql://solder@db:3306/solder', dryRun: true, appKey: undefined }]],
    ['importSolder', [{ from: 'mariadb://solder@db/solder', dryRun: false, appKey: 'base64:AAAA' }]],
  ]);

  expect((await usageError(['import-solder'])).stderr).toMatch(/required option '--from <url>'/);
  expect((await usageError(['import-solder', '--from', 'sqlite:///solder.db'])).stderr).toMatch(
    /expected a mysql:\/\/, mariadb:\/\/ or postgres:\/\/ URL/,
  );
});

test('backup and restore take a directory; restore replaces data only with --force', async () => {
  const s = setup();
  await s.run('backup', '/var/backups/depot-1');
  await s.run('restore', '/var/backups/depot-1');
  await s.run('restore', '/var/backups/depot-1', '--force');
  expect(s.calls).toEqual([
    ['backup', ['/var/backups/depot-1']],
    ['restore', ['/var/backups/depot-1', { force: false }]],
    ['restore', ['/var/backups/depot-1', { force: true }]],
  ]);
  expect((await usageError(['backup'])).stderr).toMatch(/missing required argument 'dir'/);
  expect((await usageError(['restore'])).stderr).toMatch(/missing required argument 'dir'/);
  expect((await usageError(['backup', 'a', 'b'])).stderr).toMatch(/too many arguments/);
});

test('wrong command lines stop before any handler with a message', async () => {
  expect((await usageError(['user', 'create', 'alice', '--permissions', 'mods_create,root'])).stderr).toMatch(
    /unknown permission\(s\) root/,
  );
  expect((await usageError(['user', 'create', 'bad name'])).stderr).toMatch(/username/);
  expect((await usageError(['user', 'create', 'alice', '--modpacks', 'ok,not ok'])).stderr).toMatch(/slug/);
  expect((await usageError(['user', 'create'])).stderr).toMatch(/missing required argument 'username'/);
  expect((await usageError(['token', 'revoke', 'alice', 'abc'])).stderr).toMatch(/positive whole number/);
  expect((await usageError(['key', 'delete', '0'])).stderr).toMatch(/positive whole number/);
  expect((await usageError(['client', 'link', 'not-a-uuid', 'pack1'])).stderr).toMatch(/UUID/);
  expect((await usageError(['client', 'link', '5f1c2f7e-1111-4a1a-9c1c-000000000001'])).stderr).toMatch(
    /missing required argument 'modpack-slug'/,
  );
  expect((await usageError(['user', 'list', 'extra'])).stderr).toMatch(/too many arguments/);
  expect((await usageError(['frobnicate'])).stderr).toMatch(/unknown command 'frobnicate'/);
  expect((await usageError(['key', 'create', 'x', '--bogus'])).stderr).toMatch(/unknown option '--bogus'/);
  expect(EXIT_USAGE).toBe(64);
});

test('configuration: gRPC addresses default to the local ports; import needs the three database URLs', () => {
  expect(loadGrpcConfig({}, NO_STACK)).toEqual({
    CATALOG_GRPC_ADDR: '127.0.0.1:50051',
    BUILDS_GRPC_ADDR: '127.0.0.1:50052',
    AUTH_GRPC_ADDR: '127.0.0.1:50053',
    GRPC_DEADLINE_MS: 5000,
    origins: { catalog: 'default', builds: 'default', auth: 'default' },
  });
  expect(() => loadGrpcConfig({ AUTH_GRPC_ADDR: 'nope' }, NO_STACK)).toThrow(/AUTH_GRPC_ADDR: must be host:port/);
  expect(() => loadImportConfig({ CATALOG_DATABASE_URL: 'postgres://h/c', BUILDS_DATABASE_URL: '' }, NO_STACK)).toThrow(
    /BUILDS_DATABASE_URL: is required[\s\S]*AUTH_DATABASE_URL: is required[\s\S]*\(or start Depot with npm start in this checkout: the CLI then uses its databases\)$/,
  );
  expect(() =>
    loadImportConfig(
      {
        CATALOG_DATABASE_URL: 'postgres://h/c',
        BUILDS_DATABASE_URL: 'postgres://h/b',
        AUTH_DATABASE_URL: 'http://x',
      },
      NO_STACK,
    ),
  ).toThrow(/AUTH_DATABASE_URL: must be a postgres:\/\/ URL/);
  const urls = {
    CATALOG_DATABASE_URL: 'postgres://h/c',
    BUILDS_DATABASE_URL: 'postgres://h/b',
    AUTH_DATABASE_URL: 'postgres://h/a',
  };
  expect(loadImportConfig(urls, NO_STACK)).toEqual(urls);
});

test('configuration: what is unset comes from the stack npm start runs from the checkout; variables win', () => {
  expect(loadGrpcConfig({ BUILDS_GRPC_ADDR: 'builds.example:7000' }, RUNNING)).toEqual({
    CATALOG_GRPC_ADDR: '127.0.0.1:41001',
    BUILDS_GRPC_ADDR: 'builds.example:7000',
    AUTH_GRPC_ADDR: '127.0.0.1:41003',
    GRPC_DEADLINE_MS: 5000,
    origins: { catalog: 'local stack', builds: 'environment', auth: 'local stack' },
  });
  expect(loadImportConfig({ AUTH_DATABASE_URL: 'postgres://mine@h/auth' }, RUNNING)).toEqual({
    CATALOG_DATABASE_URL: 'postgres://p@h/depot_catalog',
    BUILDS_DATABASE_URL: 'postgres://p@h/depot_builds',
    AUTH_DATABASE_URL: 'postgres://mine@h/auth',
  });
  // a file left by a launcher that was killed: said, rather than trying its dead addresses
  const stale =
    'no Depot runs from this checkout any more: /repo/.data/stack.json is left from a launcher (pid 4242) that has ' +
    'exited. Start it again with npm start, or set ';
  expect(() => loadGrpcConfig({}, STALE)).toThrow(
    new CliError(`${stale}CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, AUTH_GRPC_ADDR`),
  );
  expect(() => loadImportConfig({ CATALOG_DATABASE_URL: 'postgres://h/c' }, STALE)).toThrow(
    new CliError(`${stale}CATALOG_DATABASE_URL, BUILDS_DATABASE_URL, AUTH_DATABASE_URL`),
  );
  // every variable set: the file is not even looked at
  const all = { CATALOG_GRPC_ADDR: 'c:1', BUILDS_GRPC_ADDR: 'b:2', AUTH_GRPC_ADDR: 'a:3' };
  expect(loadGrpcConfig(all, STALE).origins).toEqual({
    catalog: 'environment',
    builds: 'environment',
    auth: 'environment',
  });
});

test('error messages: Depot reasons, field errors, unreachable services, configuration', () => {
  const remote = (err: DepotError) => Object.assign(new Error(err.message), toServiceError(err));
  expect(describeError(new ServiceCallError('auth', 'a:1', remote(new DepotError('USER_NOT_FOUND'))))).toBe(
    'User not found.',
  );
  expect(
    describeError(
      new ServiceCallError(
        'auth',
        'a:1',
        remote(DepotError.fields({ username: ['The username has already been taken.'] }, 'USERNAME_TAKEN')),
      ),
    ),
  ).toBe('The username has already been taken.');
  expect(
    describeError(
      new ServiceCallError('auth', 'a:1', remote(DepotError.fields({ name: ['The name field is required.'] }))),
    ),
  ).toBe('The given data was invalid.\n  name: The name field is required.');
  const down = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
    code: 14, // UNAVAILABLE
    details: 'No connection established. Resolution note: ',
  });
  expect(describeError(new ServiceCallError('builds', '10.0.0.1:50052', down))).toBe(
    'cannot reach the builds service at 10.0.0.1:50052 (No connection established); check BUILDS_GRPC_ADDR',
  );
  expect(describeError(new ServiceCallError('auth', '127.0.0.1:50053', down, unreachableHint('auth', 'default')))).toBe(
    'cannot reach the auth service at 127.0.0.1:50053 (No connection established); no Depot started with npm start ' +
      'runs from this checkout: start one (the CLI then finds it), or set CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, ' +
      'AUTH_GRPC_ADDR to where the services answer',
  );
  expect(
    describeError(new ServiceCallError('auth', '127.0.0.1:41003', down, unreachableHint('auth', 'local stack'))),
  ).toBe(
    'cannot reach the auth service at 127.0.0.1:41003 (No connection established); the stack npm start runs from ' +
      'this checkout (.data/stack.json) has it there: see its output, or set AUTH_GRPC_ADDR',
  );
  expect(describeError(new ConfigError('Invalid configuration:\n  X: bad'))).toBe('Invalid configuration:\n  X: bad');
  expect(describeError(new CliError('unknown modpack(s): x'))).toBe('unknown modpack(s): x');
  expect(describeError(new Error('connect to postgres://u:secret@h/db failed'))).toBe(
    'connect to postgres://u:***@h/db failed',
  );
});

test('rehash and audit-mirror: arguments, output, exit status 2 when problems remain', async () => {
  const report = (problems: number) => ({
    mirror_url: 'http://m/',
    checked: 3,
    ok: 3 - problems,
    counts: { missing: problems, md5_mismatch: 0, size_mismatch: 0, refused: 0, failed: 0 },
    seconds: 0.1,
    concurrency: 8,
    problems: Array.from({ length: problems }, () => ({
      problem: 'missing' as const,
      mod: 'a',
      version: '1',
      url: 'http://m/mods/a/a-1.zip',
      detail: 'http://m/mods/a/a-1.zip answered 404',
    })),
  });
  const answer = { md5_matches: true, filesize_matches: false, stored: false };
  const calls: unknown[][] = [];
  const results: unknown[] = [];
  let out = '';
  const handlers = {
    rehash: async (...args: unknown[]) => (calls.push(['rehash', ...args]), answer),
    auditMirror: async (opts: { concurrency: number }) => (
      calls.push(['auditMirror', opts]),
      report(opts.concurrency === 3 ? 1 : 0)
    ),
  } as unknown as Handlers;
  const program = buildProgram(handlers, {
    result: (v) => results.push(v),
    out: (t) => (out += t),
    err: () => undefined,
  });
  const run = (...args: string[]) => program.parseAsync(['node', 'depot-admin', ...args]);

  await expect(run('rehash', 'jei', '1.0 beta')).rejects.toMatchObject({
    message: 'the archive does not match the version (run with --store to record it)',
    exitCode: 3,
  });
  expect(results).toEqual([answer]);
  answer.stored = true;
  await run('rehash', 'jei', '1.0 beta', '--store');
  expect(calls.slice(0, 2)).toEqual([
    ['rehash', 'jei', '1.0 beta', { store: false }],
    ['rehash', 'jei', '1.0 beta', { store: true }],
  ]);

  await run('audit-mirror');
  expect(out).toMatch(/^Mirror audit of 3 version\(s\) on http:\/\/m\/ in 0.1 s \(concurrency 8\)\n/);
  await expect(run('audit-mirror', '--concurrency', '3', '--json')).rejects.toMatchObject({
    message: '1 problem(s) found',
    exitCode: 3,
  });
  expect(results[results.length - 1]).toEqual(report(1));
  expect(calls.slice(2)).toEqual([
    ['auditMirror', { concurrency: 8 }],
    ['auditMirror', { concurrency: 3 }],
  ]);
  expect((await usageError(['audit-mirror', '--concurrency', '0'])).stderr).toMatch(/from 1 to 32/);
  expect((await usageError(['rehash', 'jei'])).stderr).toMatch(/missing required argument 'version'/);
});
