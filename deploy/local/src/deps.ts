// PostgreSQL and NATS for the stack: the configured ones, else the machine's on their standard
// ports, else servers started (and later stopped) by the launcher itself.
import fs from 'node:fs';
import path from 'node:path';
import { redactUrl } from '@depot/common';
import { Client } from 'pg';
import { ManagedChild } from './child';
import { claimDataDir, DATA_ROOT, REPO_ROOT } from './data-dir';
import { StartupError, waitFor } from './health';
import { freePort, tcpAnswers } from './ports';

export interface Dependency {
  url: string;
  /** Where it came from: the options or environment, the machine's standard port, or started here. */
  source: 'configured' | 'local' | 'started';
  /** The process the launcher started, if any. */
  child?: ManagedChild;
  stop(): Promise<void>;
}

interface DependencyContext {
  log(line: string): void;
  signal?: AbortSignal;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/depot';
const LOCAL_NATS = 'nats://127.0.0.1:4222';

const NATS_MISSING =
  'NATS is not running and nats-server is not installed. ' +
  'Install it with: sudo apt-get install nats-server (or set NATS_URL)';

const nothingToStop = async () => undefined;

export async function resolvePostgres(
  opts: { databaseUrl?: string; preferEmbedded: boolean },
  ctx: DependencyContext,
): Promise<Dependency> {
  if (opts.databaseUrl) {
    ctx.log(`Using PostgreSQL at ${redactUrl(opts.databaseUrl)}`);
    return { url: opts.databaseUrl, source: 'configured', stop: nothingToStop };
  }
  if (!opts.preferEmbedded && (await tcpAnswers('127.0.0.1', 5432))) {
    const refusal = await loginProblem(LOCAL_POSTGRES);
    if (!refusal) {
      ctx.log('Using the PostgreSQL server on 127.0.0.1:5432');
      return { url: LOCAL_POSTGRES, source: 'local', stop: nothingToStop };
    }
    ctx.log(`PostgreSQL on 127.0.0.1:5432 refused user postgres (${refusal}); starting an embedded one instead`);
  }
  return startEmbeddedPostgres(ctx);
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

async function startEmbeddedPostgres(ctx: DependencyContext): Promise<Dependency> {
  const helper = path.join(__dirname, `embedded-postgres${path.extname(__filename)}`);
  const child = new ManagedChild({
    name: 'postgres',
    command: process.execPath,
    args: ['--import', 'tsx', helper],
    cwd: REPO_ROOT,
    env: process.env,
    stdio: 'pipe',
    ipc: true,
  });
  let ready: { port: number; dataDir: string } | undefined;
  child.start().once('message', (message) => (ready = message as typeof ready));
  try {
    // initdb on first use takes a few seconds; a slow disk can take much longer.
    await waitFor('embedded PostgreSQL', async () => ready !== undefined, {
      child,
      timeoutMs: 120_000,
      signal: ctx.signal,
    });
  } catch (err) {
    await child.stop();
    throw err;
  }
  const { port, dataDir } = ready!;
  ctx.log(`Started an embedded PostgreSQL on 127.0.0.1:${port} (data in ${dataDir})`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/depot`,
    source: 'started',
    child,
    stop: async () => {
      await child.stop('SIGTERM', 15_000);
    },
  };
}

export async function resolveNats(opts: { natsUrl?: string }, ctx: DependencyContext): Promise<Dependency> {
  if (opts.natsUrl) {
    ctx.log(`Using NATS at ${opts.natsUrl.split(',').map(redactUrl).join(',')}`);
    return { url: opts.natsUrl, source: 'configured', stop: nothingToStop };
  }
  if (await tcpAnswers('127.0.0.1', 4222)) {
    ctx.log('Using the NATS server on 127.0.0.1:4222');
    return { url: LOCAL_NATS, source: 'local', stop: nothingToStop };
  }
  const binary = findOnPath('nats-server');
  if (!binary) throw new StartupError(NATS_MISSING);
  const claimed = await claimDataDir(path.join(DATA_ROOT, 'nats'), 'nats-server.pid');
  const port = await freePort();
  const child = new ManagedChild({
    name: 'nats',
    command: binary,
    args: [
      '-js',
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-sd',
      claimed.dir,
      '-P',
      path.join(claimed.dir, 'nats-server.pid'),
    ],
    cwd: REPO_ROOT,
    env: process.env,
    stdio: 'pipe',
  });
  const stop = async () => {
    await child.stop();
    claimed.release();
  };
  child.start();
  try {
    await waitFor('nats-server', () => tcpAnswers('127.0.0.1', port), { child, timeoutMs: 15_000, signal: ctx.signal });
  } catch (err) {
    await stop();
    throw err;
  }
  ctx.log(`Started nats-server with JetStream on 127.0.0.1:${port} (data in ${claimed.dir})`);
  return { url: `nats://127.0.0.1:${port}`, source: 'started', child, stop };
}

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
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
