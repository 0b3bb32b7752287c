// The tests' dependencies (src/test-deps.ts) and the wrapper behind `npm test` (src/test-env.ts):
// configured ones are used as they are, a missing optional one becomes `<variable>_MISSING` with the
// line saying how to get it, a missing required one stops everything, and the wrapper hands the
// command the variables and its exit status.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { MissingDependency, type Dependency } from '../src/deps';
import { provideTestDependencies, type TestDependency } from '../src/test-deps';

const silent = { log: () => undefined };

test('configured dependencies are taken as they are, nothing started', async () => {
  const env = {
    TEST_DATABASE_URL: 'postgres://postgres@db.example:5432/postgres',
    TEST_NATS_URL: 'nats://nats.example:4222',
    TEST_REDIS_URL: 'redis://redis.example:6379',
    TEST_NATS_SERVER: '/opt/nats/nats-server',
    TEST_PG_BIN: '/opt/pg/bin',
    TEST_CHROMIUM_PATH: '/opt/chromium/chromium',
    TEST_VARNISHD: '/opt/varnish/varnishd',
    TEST_MYSQL_URL: 'mysql://root@mysql.example:3306',
  };
  const provided = await provideTestDependencies(undefined, silent, env);
  expect(provided.env).toEqual(env);
  expect(provided.missing).toEqual([]);
  await provided.stop();
});

test('NATS_URL stands for TEST_NATS_URL, as in the tests themselves', async () => {
  const provided = await provideTestDependencies(['nats'], silent, { NATS_URL: 'nats://elsewhere:4222' });
  expect(provided.env).toEqual({ TEST_NATS_URL: 'nats://elsewhere:4222' });
});

describe('the mechanism', () => {
  const stopped: string[] = [];
  const found = (variable: string, url: string): TestDependency => ({
    variable,
    required: true,
    resolve: async (): Promise<Dependency> => ({
      url,
      source: 'started',
      stop: async () => void stopped.push(variable),
    }),
  });
  const missing = (variable: string, required: boolean): TestDependency => ({
    variable,
    required,
    resolve: async () => {
      throw new MissingDependency(`${variable} is missing: install it with: apt-get install it`);
    },
  });
  beforeEach(() => (stopped.length = 0));

  test('a missing optional dependency is named to the tests and to the user; the others are there', async () => {
    const provided = await provideTestDependencies(
      undefined,
      silent,
      {},
      {
        db: found('TEST_DB_URL', 'db://1'),
        browser: missing('TEST_BROWSER_PATH', false),
      },
    );
    expect(provided.env).toEqual({
      TEST_DB_URL: 'db://1',
      TEST_BROWSER_PATH_MISSING: 'TEST_BROWSER_PATH is missing: install it with: apt-get install it',
    });
    expect(provided.missing).toEqual(['TEST_BROWSER_PATH is missing: install it with: apt-get install it']);
    await provided.stop();
    expect(stopped).toEqual(['TEST_DB_URL']);
  });

  test('a missing required dependency fails the whole, after stopping what was started', async () => {
    await expect(
      provideTestDependencies(
        undefined,
        silent,
        {},
        { db: found('TEST_DB_URL', 'db://1'), bus: missing('TEST_BUS_URL', true) },
      ),
    ).rejects.toThrow(new MissingDependency('TEST_BUS_URL is missing: install it with: apt-get install it'));
    expect(stopped).toEqual(['TEST_DB_URL']);
  });

  test('only the dependencies asked for', async () => {
    const provided = await provideTestDependencies(
      ['db'],
      silent,
      {},
      {
        db: found('TEST_DB_URL', 'db://1'),
        bus: missing('TEST_BUS_URL', true),
      },
    );
    expect(provided.env).toEqual({ TEST_DB_URL: 'db://1' });
  });
});

describe('the wrapper (test-env.ts)', () => {
  const configured = {
    TEST_DATABASE_URL: 'postgres://postgres@db.example:5432/postgres',
    TEST_NATS_URL: 'nats://nats.example:4222',
  };
  const wrapper = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', path.join(__dirname, '..', 'src', 'test-env.ts'), ...args],
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
    );

  test('runs the command with the variables, and ends with its exit status', () => {
    const run = wrapper(
      [
        '--only',
        'postgres,nats',
        '--',
        process.execPath,
        '-e',
        'console.log(process.env.TEST_DATABASE_URL, process.env.TEST_NATS_URL); process.exit(3)',
      ],
      configured,
    );
    expect(run.stdout).toBe('postgres://postgres@db.example:5432/postgres nats://nats.example:4222\n');
    expect(run.stderr).toBe(
      'tests: Using PostgreSQL at postgres://postgres@db.example:5432/postgres\ntests: Using NATS at nats://nats.example:4222\n',
    );
    expect(run.status).toBe(3);
  });

  test('a wrong command line is one line, no stack trace', () => {
    const run = wrapper(['--only', 'postgres,mongodb', 'true'], configured);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'tests: --only takes names among postgres, nats, natsServer, pgBin, chromium, varnishd, redis, mysql; got "postgres,mongodb"\n',
    );
  });
});
