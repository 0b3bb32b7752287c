// PostgreSQL and NATS for the stack: the configured ones, else the machine's on their standard
// ports, else servers started (and later stopped) by the launcher itself. The tests' own servers
// (src/test-deps.ts) come from the same functions, with their own variables and data directories.
import fs from 'node:fs';
import path from 'node:path';
import { redactUrl } from '@depot/common/runtime';
import { Client } from 'pg';
import { ManagedChild } from './child';
import { claimDataDir, DATA_ROOT, REPO_ROOT, throwawayDir, type ClaimedDir } from './data-dir';
import { StartupError, waitFor } from './health';
import { freePort, tcpAnswers } from './ports';

export interface Dependency {
  url: string;
  /** Where it came from: the options or environment, the machine's standard port, or started here. */
  source: 'configured' | 'local' | 'started';
  /** The process the launcher started, if any. */
  child?: ManagedChild;
  /** Starts that process again after it exited, on the same port and data; resolves once ready. */
  restart?(): Promise<void>;
  stop(): Promise<void>;
}

export interface DependencyContext {
  log(line: string): void;
  signal?: AbortSignal;
}

/**
 * Neither configured, nor running, nor installed: the message says in one line how to get it.
 * (A server that is installed but fails to start is a StartupError quoting its output.)
 */
export class MissingDependency extends StartupError {
  constructor(message: string) {
    super(message);
    this.name = 'MissingDependency';
  }
}

/**
 * Where a server started here keeps its data: `.data/<name>` (kept across runs; a second user
 * at the same time gets a throwaway directory), or with `throwaway` always a fresh directory in
 * the temporary folder, deleted when it stops.
 */
export interface DataDirChoice {
  name: string;
  throwaway?: boolean;
}

const nothingToStop = async () => undefined;

export const NATS_INSTALL = 'sudo apt-get install nats-server';

export async function resolvePostgres(
  opts: {
    /** The configured URL, used as is. */
    url?: string;
    /** Skip the server on 127.0.0.1:5432 (DEPOT_EMBEDDED_PG). */
    preferEmbedded: boolean;
    /** The database named in the URL of a found or started server. */
    database: string;
    dataDir: DataDirChoice;
  },
  ctx: DependencyContext,
): Promise<Dependency> {
  if (opts.url) {
    ctx.log(`Using PostgreSQL at ${redactUrl(opts.url)}`);
    return { url: opts.url, source: 'configured', stop: nothingToStop };
  }
  const local = `postgres://postgres@127.0.0.1:5432/${opts.database}`;
  if (!opts.preferEmbedded && (await tcpAnswers('127.0.0.1', 5432))) {
    const refusal = await loginProblem(local);
    if (!refusal) {
      ctx.log('Using the PostgreSQL server on 127.0.0.1:5432');
      return { url: local, source: 'local', stop: nothingToStop };
    }
    ctx.log(`PostgreSQL on 127.0.0.1:5432 refused user postgres (${refusal}); starting an embedded one instead`);
  }
  return startEmbeddedPostgres(opts.database, opts.dataDir, ctx);
}

async function loginProblem(url: string): Promise<string | undefined> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startEmbeddedPostgres(
  database: string,
  dataDir: DataDirChoice,
  ctx: DependencyContext,
): Promise<Dependency> {
  const helper = path.join(__dirname, `embedded-postgres${path.extname(__filename)}`);
  // The port is chosen here, so that a restart comes back where the services look for it.
  const port = await freePort();
  const child = new ManagedChild({
    name: 'postgres',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      helper,
      '--port',
      String(port),
      '--data',
      dataDir.name,
      ...(dataDir.throwaway ? ['--throwaway'] : []),
    ],
    cwd: REPO_ROOT,
    env: process.env,
    stdio: 'pipe',
    ipc: true,
  });
  const start = async (signal?: AbortSignal) => {
    let ready: { port: number; dataDir: string } | undefined;
    child.start().once('message', (message) => (ready = message as typeof ready));
    // initdb on first use takes a few seconds; a slow disk can take much longer.
    await waitFor('embedded PostgreSQL', async () => ready !== undefined, { child, timeoutMs: 120_000, signal });
    return ready!;
  };
  let dir: string;
  try {
    dir = (await start(ctx.signal)).dataDir;
  } catch (err) {
    await child.stop();
    throw err;
  }
  ctx.log(`Started an embedded PostgreSQL on 127.0.0.1:${port} (data in ${dir})`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    source: 'started',
    child,
    restart: async () => void (await start()),
    stop: async () => {
      await child.stop('SIGTERM', 15_000);
    },
  };
}

export async function resolveNats(
  opts: {
    url?: string;
    /** The variable that configures it, named when nats-server is missing. */
    variable: string;
    dataDir: DataDirChoice;
  },
  ctx: DependencyContext,
): Promise<Dependency> {
  return resolveServer(
    {
      title: 'NATS',
      url: opts.url,
      standardPort: 4222,
      urlAt: (port) => `nats://127.0.0.1:${port}`,
      server: {
        name: 'nats',
        binary: 'nats-server',
        description: 'nats-server with JetStream',
        missing:
          'NATS is not running and nats-server is not installed. ' +
          `Install it with: ${NATS_INSTALL} (or set ${opts.variable})`,
        dataDir: opts.dataDir,
        pidFile: 'nats-server.pid',
        args: (port, dir) => [
          '-js',
          '-a',
          '127.0.0.1',
          '-p',
          String(port),
          '-sd',
          dir,
          '-P',
          path.join(dir, 'nats-server.pid'),
        ],
      },
    },
    ctx,
  );
}

/**
 * A server: the configured URL, else the machine's server on its standard port, else one started
 * from the program installed on the machine (MissingDependency when it is not).
 */
export async function resolveServer(
  opts: {
    /** Its name in the progress lines. */
    title: string;
    url?: string;
    standardPort: number;
    urlAt(port: number): string;
    server: InstalledServer;
  },
  ctx: DependencyContext,
): Promise<Dependency> {
  if (opts.url) {
    ctx.log(`Using ${opts.title} at ${opts.url.split(',').map(redactUrl).join(',')}`);
    return { url: opts.url, source: 'configured', stop: nothingToStop };
  }
  if (await tcpAnswers('127.0.0.1', opts.standardPort)) {
    ctx.log(`Using the ${opts.title} server on 127.0.0.1:${opts.standardPort}`);
    return { url: opts.urlAt(opts.standardPort), source: 'local', stop: nothingToStop };
  }
  const server = await startInstalledServer(opts.server, ctx);
  ctx.log(`Started ${opts.server.description} on 127.0.0.1:${server.port} (data in ${server.dir})`);
  return {
    url: opts.urlAt(server.port),
    source: 'started',
    child: server.child,
    restart: server.restart,
    stop: server.stop,
  };
}

export interface InstalledServer {
  /** Its name in the stack's logs. */
  name: string;
  binary: string;
  /** What the progress line calls it once started. */
  description: string;
  /** The line saying how to get it. */
  missing: string;
  dataDir: DataDirChoice;
  /** The server's pid file inside its data directory: one left by a killed launcher is stopped. */
  pidFile: string;
  args(port: number, dataDir: string): string[];
}

/**
 * A server installed on the machine (see findExecutable) on a free port of 127.0.0.1, ready once
 * the port answers; restart() starts it again there, stop() stops it and releases its data
 * directory. Throws MissingDependency(`missing`) when not installed.
 */
export async function startInstalledServer(
  spec: InstalledServer,
  ctx: DependencyContext,
): Promise<{ port: number; dir: string; child: ManagedChild; restart(): Promise<void>; stop(): Promise<void> }> {
  const binary = findExecutable(spec.binary);
  if (!binary) throw new MissingDependency(spec.missing);
  const claimed: ClaimedDir = spec.dataDir.throwaway
    ? throwawayDir(spec.dataDir.name)
    : await claimDataDir(path.join(DATA_ROOT, spec.dataDir.name), spec.pidFile);
  const port = await freePort();
  const child = new ManagedChild({
    name: spec.name,
    command: binary,
    args: spec.args(port, claimed.dir),
    cwd: REPO_ROOT,
    env: process.env,
    stdio: 'pipe',
  });
  const stop = async () => {
    await child.stop();
    claimed.release();
  };
  const start = async (signal?: AbortSignal) => {
    child.start();
    await waitFor(spec.binary, () => tcpAnswers('127.0.0.1', port), { child, timeoutMs: 15_000, signal });
  };
  try {
    await start(ctx.signal);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, dir: claimed.dir, child, restart: () => start(), stop };
}

/**
 * The full path of an executable: on the PATH, else in the sbin directories, where Debian puts
 * servers (nats-server is /usr/sbin/nats-server) but which a normal user's PATH lacks.
 */
export function findExecutable(command: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}
