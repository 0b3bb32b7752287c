// `npm start` as a user runs it (deploy/local/src/start.ts in the foreground), and the admin CLI of
// the same checkout: it finds the running stack without any setting (the launcher's
// .data/stack.json, here a file of this test's own through DEPOT_LOCAL_STACK_FILE), and says which
// setting to give when no stack runs. Logs into a pipe carry no colour codes, the access lines go to
// .data/logs; after Ctrl-C the last line says that everything has stopped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { testDatabaseUrl, uniqueName } from '@depot/common/testing';
import { expectStopped, REPO, startStack, type StartedStack } from '../support/npm-start';

const ADMIN_TOKEN = `admin_${uniqueName('start')}`;
let stack: StartedStack;
let stackFile: string;

/** The admin CLI as `npm run admin` runs it, with no address or database variable set. */
function cli(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/_GRPC_ADDR$|_DATABASE_URL$/.test(k)),
  ) as Record<string, string>;
  return spawnSync(
    process.execPath,
    ['--conditions=depot-source', '--import', 'tsx', path.join(REPO, 'services/admin/src/cli.ts'), ...args],
    {
      cwd: REPO,
      env: { ...clean, DEPOT_LOCAL_STACK_FILE: stackFile, GRPC_DEADLINE_MS: '1500', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

beforeAll(async () => {
  // The launcher in the foreground, as `npm start` execs it; pretty logs into a pipe.
  stack = await startStack(
    'start',
    [process.execPath, '--conditions=depot-source', '--import', 'tsx', path.join(REPO, 'deploy/local/src/start.ts')],
    { ADMIN_TOKEN, LOG_LEVEL: 'info', LOG_PRETTY: '', LOG_COLOR: '', NO_COLOR: '' },
  );
  stackFile = stack.stackFile;
}, 120_000);

afterAll(() => stack?.cleanup());

test('the admin CLI finds the running stack by itself; Ctrl-C stops everything and says so last', async () => {
  const output = stack.output();
  const gatewayUrl = /Depot gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  expect(gatewayUrl).toBeDefined();
  expect(output).toContain('Admin CLI: npm run admin -- --help (it finds this stack by itself)');
  // pretty logs, written into a pipe: no colour codes
  expect(output).toMatch(/catalog \| \[[\d:.]+\] INFO \(catalog\/\d+\): catalog gRPC listening/);
  expect(output).not.toContain('\u001b[');

  // what the launcher tells the CLI: addresses and database URLs, readable by its owner only, no token
  expect(fs.statSync(stackFile).mode & 0o777).toBe(0o600);
  const text = fs.readFileSync(stackFile, 'utf8');
  expect(text).not.toContain(ADMIN_TOKEN);
  const described = JSON.parse(text);
  expect(described).toEqual({
    pid: stack.proc.pid,
    gatewayUrl,
    grpc: {
      catalog: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      builds: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      auth: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      hooks: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
    },
    databases: {
      catalog: testDatabaseUrl(`${stack.base}_catalog`),
      builds: testDatabaseUrl(`${stack.base}_builds`),
      auth: testDatabaseUrl(`${stack.base}_auth`),
      hooks: testDatabaseUrl(`${stack.base}_hooks`),
    },
    eventsNamespace: stack.namespace,
    startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });

  // the CLI, without any setting, writes through the stack; the API shows it
  const created = cli(['user', 'create', 'alice', '--permissions', 'mods_create']);
  expect({ status: created.status, stderr: created.stderr }).toEqual({ status: 0, stderr: '' });
  const listed = cli(['user', 'list']);
  expect(listed.status).toBe(0);
  expect(
    JSON.parse(listed.stdout)
      .users.map((u: { username: string }) => u.username)
      .sort(),
  ).toEqual(['admin', 'alice']);
  const users = await fetch(`${gatewayUrl}/api/user`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(users.status).toBe(200);
  const alice = ((await users.json()) as { users: { username: string; permissions: string[] }[] }).users.find(
    (u) => u.username === 'alice',
  );
  expect(alice?.permissions).toEqual(['mods_create']);

  // the access lines: as JSON in .data/logs/gateway-access.log (each request's line by its id), not
  // on the terminal, which is told where they are
  expect(output).toContain('Access log: one JSON line per request in .data/logs/gateway-access.log');
  const reqId = users.headers.get('x-request-id');
  const accessFile = path.join(REPO, '.data', 'logs', 'gateway-access.log');
  const accessLine = async () => {
    for (let i = 0; i < 20; i++) {
      const line = fs.existsSync(accessFile)
        ? fs
            .readFileSync(accessFile, 'utf8')
            .split('\n')
            .find((l) => l.includes(`"reqId":"${reqId}"`))
        : undefined;
      if (line) return JSON.parse(line) as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  };
  expect(await accessLine()).toEqual(
    expect.objectContaining({ name: 'gateway', method: 'GET', route: '/api/user', status: 200, msg: 'request' }),
  );
  expect(stack.output()).not.toMatch(/INFO \(gateway\/\d+\): request/);

  // Ctrl-C
  stack.proc.kill('SIGINT');
  await expectStopped(stack, described);

  // no stack now: the CLI says which settings to give
  const after = cli(['user', 'list']);
  expect(after.status).toBe(1);
  expect(after.stderr).toMatch(
    /^depot-admin: cannot reach the auth service at 127\.0\.0\.1:50053 \(.+\); no Depot started with npm start runs from this checkout: start one \(the CLI then finds it\), or set CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, AUTH_GRPC_ADDR to where the services answer\n$/,
  );
}, 120_000);

test('a file left by a launcher that was killed is recognised as such', () => {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  fs.writeFileSync(
    stackFile,
    JSON.stringify({
      pid: dead,
      gatewayUrl: 'http://127.0.0.1:1',
      grpc: { catalog: '127.0.0.1:1', builds: '127.0.0.1:2', auth: '127.0.0.1:3' },
      databases: { catalog: 'postgres://h/c', builds: 'postgres://h/b', auth: 'postgres://h/a' },
      eventsNamespace: 'x',
      startedAt: new Date().toISOString(),
    }),
  );
  const run = cli(['key', 'list']);
  expect(run.status).toBe(1);
  expect(run.stderr).toBe(
    `depot-admin: no Depot runs from this checkout any more: ${stackFile} is left from a launcher (pid ${dead}) ` +
      'that has exited. Start it again with npm start, or set CATALOG_GRPC_ADDR, BUILDS_GRPC_ADDR, AUTH_GRPC_ADDR\n',
  );
  const explicit = cli(['key', 'list'], {
    CATALOG_GRPC_ADDR: '127.0.0.1:1',
    BUILDS_GRPC_ADDR: '127.0.0.1:2',
    AUTH_GRPC_ADDR: '127.0.0.1:3',
  });
  expect(explicit.stderr).toMatch(
    /^depot-admin: cannot reach the auth service at 127\.0\.0\.1:3 .*; check AUTH_GRPC_ADDR\n$/,
  );
});
