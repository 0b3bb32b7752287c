// End-to-end support: a whole stack started by the same launcher as `npm start` (fresh
// databases, events namespace and ports for each test file), driven over HTTP like a client.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are whatever each test asserts */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { connectBus, deleteStream } from '@depot/common/bus';
import { dropDatabase } from '@depot/common/runtime';
import { createTestNamespace, silentLogger, TEST_NATS_URL, testDatabaseUrl, uniqueName } from '@depot/common/testing';
import { startStack, type StackOptions } from '@depot/local';
import { Api, type Reply } from './api';
import { throughVarnish, Varnish, varnishd } from './varnish';

export type Stack = Awaited<ReturnType<typeof startStack>>;

export interface TestStack {
  stack: Stack;
  url: string;
  adminToken: string;
  /** Client authenticated as the bootstrap admin (solder_full). */
  admin: Api;
  /** Client without credentials. */
  anon: Api;
  mirrorUrl: string;
  namespace: string;
  stop(): Promise<void>;
}

/**
 * Starts a stack for one test file. Each gets its own base database name (so fresh service
 * databases), events namespace and ports; `stop()` also drops the databases and the stream.
 */
export async function startTestStack(
  opts: {
    env?: Record<string, string>;
    /** SERVICE_MIRROR_URL; `null`: unset, the stack's own gateway (which serves hosted archives). */
    mirrorUrl?: string | null;
    disableModApi?: boolean;
    redisUrl?: string;
    /** A NATS of the test's own (e.g. one it stops and starts); default: the tests' (TEST_NATS_URL). */
    natsUrl?: string;
    /** Extra environment per service (e.g. one service's DATABASE_URL on a private server). */
    services?: StackOptions['services'];
    /** LOG_LEVEL of every process; default TEST_LOG_LEVEL or warn. */
    logLevel?: string;
    /** A process of the stack exited without being asked to. */
    onUnexpectedExit?: StackOptions['onUnexpectedExit'];
    /** Restarts of such a process (default: on, as under npm start). */
    supervise?: StackOptions['supervise'];
    onGiveUp?: StackOptions['onGiveUp'];
    /** The launcher's own progress lines (restarts...). */
    log?: StackOptions['log'];
    /** Processes of each service (default: CATALOG_REPLICAS... of the environment, else 1). */
    replicas?: StackOptions['replicas'];
    /** The base name of the service databases (default: a fresh one), for a test that prepares them. */
    databaseBase?: string;
    /** The fs archive store's folder (default: a throwaway one), for a test that looks into it. */
    archiveDir?: string;
  } = {},
): Promise<TestStack> {
  const base = opts.databaseBase ?? uniqueName('depot_e2e');
  const ns = createTestNamespace('e2e');
  const adminToken = `admin_${randomBytes(24).toString('hex')}`;
  const mirrorUrl = opts.mirrorUrl === null ? undefined : (opts.mirrorUrl ?? 'https://mirror.example.test/repo/');
  // TEST_THROUGH_VARNISH=1 (npm run test:through-varnish): the stack behind a Varnish of its own;
  // not one with a Varnish of its test's own, nor one whose test counts the gateway's own rate
  // limit (the cache answers reads the gateway then never counts: what it is for).
  const ownFront = opts.env?.SHARED_CACHE_PURGE !== undefined || opts.env?.RATE_LIMIT_PER_MINUTE !== undefined;
  const front = throughVarnish() && !ownFront ? new Varnish() : undefined;
  if (front) varnishd.require();
  const frontEnv = front
    ? { SHARED_CACHE_PURGE: 'varnish', SHARED_CACHE_VARNISH_URLS: await front.reservePort() }
    : undefined;
  const stack = await startStack({
    databaseUrl: testDatabaseUrl(base),
    eventsNamespace: ns.namespace,
    gatewayPort: 0,
    adminToken,
    mirrorUrl,
    disableModApi: opts.disableModApi,
    redisUrl: opts.redisUrl,
    natsUrl: opts.natsUrl ?? TEST_NATS_URL,
    services: opts.services,
    onUnexpectedExit: opts.onUnexpectedExit,
    supervise: opts.supervise,
    onGiveUp: opts.onGiveUp,
    log: opts.log,
    replicas: opts.replicas,
    archiveDir: opts.archiveDir,
    stdio: 'pipe',
    logLevel: opts.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'warn',
    env: { RATE_LIMIT_ALLOWLIST: '', RATE_LIMIT_PER_MINUTE: '0', ...frontEnv, ...opts.env },
  });
  let url = stack.gatewayUrl;
  if (front) {
    front.backend = stack.gatewayUrl;
    try {
      await front.start();
    } catch (err) {
      await stack.stop();
      throw err;
    }
    url = front.url;
  }
  return {
    stack,
    url,
    adminToken,
    admin: new Api(url, adminToken),
    anon: new Api(url),
    mirrorUrl: mirrorUrl ?? `${stack.gatewayUrl}/`,
    namespace: ns.namespace,
    async stop() {
      await front?.dispose();
      await stack.stop();
      await Promise.all(
        Object.values(stack.databases).map((url) => dropDatabase(url as string).catch(() => undefined)),
      );
      // (bounded: a private NATS may be down by now, and connecting would wait for it forever)
      if (opts.natsUrl) await withTimeout(dropStream(opts.natsUrl, ns.namespace), 5000).catch(() => undefined);
      else await ns.drop().catch(() => undefined);
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Deletes a namespace's stream on a given NATS (a private one; the machine's is ns.drop()). */
async function dropStream(natsUrl: string, namespace: string): Promise<void> {
  const bus = await connectBus(natsUrl, namespace, silentLogger());
  try {
    await deleteStream(bus);
  } finally {
    await bus.close();
  }
}

/** The body of a setup request that must answer `status`; anything else fails the test, saying what. */
export function must<T = any>(r: Reply<T>, status: number, what: string): T {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.text}`);
  return r.body;
}

export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export function md5Of(seed: string): string {
  return createHash('md5').update(seed).digest('hex');
}

/** Creates a user with the given permissions and modpack slugs and returns a token for it. */
export async function userWithToken(
  admin: Api,
  username: string,
  permissions: string[],
  modpacks: string[] = [],
): Promise<string> {
  const created = await admin.post('/api/user', { username, permissions, modpacks });
  if (created.status !== 201) throw new Error(`creating user ${username}: ${created.status} ${created.text}`);
  const issued = await admin.post(`/api/user/${encodeURIComponent(username)}/token`, { name: 'test' });
  if (issued.status !== 201) throw new Error(`issuing token for ${username}: ${issued.status} ${issued.text}`);
  return issued.body.token.plaintext;
}

const REPO = path.resolve(__dirname, '../..');

/** `npm run admin -- <args>` against the stack (its services' gRPC addresses), with `stdin` piped in. */
export function adminCli(
  t: TestStack,
  args: string[],
  stdin?: string,
  /** More environment for the CLI (e.g. ARCHIVE_UPSTREAM_URL). */
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', path.join(REPO, 'services/admin/src/cli.ts'), ...args],
      {
        cwd: REPO,
        env: {
          ...process.env,
          CATALOG_GRPC_ADDR: `127.0.0.1:${t.stack.ports.catalog}`,
          BUILDS_GRPC_ADDR: `127.0.0.1:${t.stack.ports.builds}`,
          AUTH_GRPC_ADDR: `127.0.0.1:${t.stack.ports.auth}`,
          ...env,
        },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? '');
  });
}

export { eventually } from '@depot/common/testing';
export * from './api';
export * from './expect';
