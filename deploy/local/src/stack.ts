// The local stack: PostgreSQL and NATS (found or started), one database per service, then
// catalog, builds and auth, then the gateway, each a separate process as in Kubernetes. Used by
// `npm start` and by the end-to-end tests alike.
import { createDatabaseIfMissing, redactUrl, serviceDatabaseUrl } from '@depot/common';
import path from 'node:path';
import { describeExit, ManagedChild, type ExitInfo } from './child';
import {
  BACKENDS,
  resolveSettings,
  SERVICE_ENTRIES,
  SERVICE_NAMES,
  serviceEnvironment,
  type BackendName,
  type ServiceName,
  type Settings,
  type StackOptions,
  type Wiring,
} from './config';
import { ensureConsoleBuilt } from './console';
import { claimDataDir, DATA_ROOT, REPO_ROOT, throwawayDir, type ClaimedDir } from './data-dir';
import { resolveNats, resolvePostgres, type Dependency } from './deps';
import { grpcHealthProbe, httpOk, StartupError, waitFor } from './health';
import { freePorts, portIsFree } from './ports';
import { Supervisor } from './supervisor';

// Preloaded into every service. The launcher holds an IPC channel to each; when the launcher goes
// away, even killed by SIGKILL, the channel closes and the service stops as if sent SIGTERM
// instead of living on as an orphan. A data: URL because a .ts preload is not loadable there;
// the `if` because preloads also run in tsx's loader thread, which has no channel.
const EXIT_WITH_LAUNCHER = `data:text/javascript,${encodeURIComponent(
  'if (process.channel) { process.channel.unref(); process.once("disconnect", () => process.kill(process.pid, "SIGTERM")); }',
)}`;

export interface Stack {
  /** http://127.0.0.1:<port> */
  gatewayUrl: string;
  adminToken: string;
  /** True when no ADMIN_TOKEN was given and this one was made for this run. */
  adminTokenGenerated: boolean;
  /** Base URL the service databases are derived from. */
  databaseUrl: string;
  databases: Record<BackendName, string>;
  natsUrl: string;
  eventsNamespace: string;
  ports: Record<ServiceName, number>;
  /** Where PostgreSQL and NATS came from. */
  sources: { postgres: Dependency['source']; nats: Dependency['source'] };
  /** Stops the gateway, then the services, then PostgreSQL and NATS if started here. */
  stop(): Promise<void>;
  /** Stops one service (SIGTERM by default; SIGKILL for a crash) and resolves with its exit. */
  stopService(name: ServiceName, signal?: NodeJS.Signals): Promise<ExitInfo | undefined>;
  /** Starts a stopped service again, with the same configuration and port, and waits until healthy. */
  startService(name: ServiceName): Promise<void>;
  restartService(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** Recent output (up to 2000 lines) of a service, or of `postgres`/`nats` when started here. */
  logs(name: ServiceName | 'postgres' | 'nats'): string;
  /** Process id of a running service (e.g. to read its memory in /proc/<pid>/status). */
  pid(name: ServiceName): number | undefined;
  /**
   * Starts one more gateway replica (same services, NATS and namespace) on a free port, with
   * `env` on top of the gateway's environment, and waits until it answers. Stopped with the stack.
   */
  addGateway(env?: Record<string, string>): Promise<GatewayReplica>;
}

export interface GatewayReplica {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number | undefined;
  logs(): string;
  stop(): Promise<void>;
}

export type { StackOptions } from './config';

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const settings = resolveSettings(options);
  const log = options.log ?? (() => undefined);
  const ctx = { log, signal: options.signal };
  const deps: Dependency[] = [];
  let archives: ClaimedDir | undefined;
  const children = new Map<ServiceName, ManagedChild>();
  const extraGateways: ManagedChild[] = [];
  let started = false;
  let stopping: Promise<void> | undefined;
  const supervisor =
    settings.supervision &&
    new Supervisor(settings.supervision, {
      log,
      giveUp: (name, message) => (options.onGiveUp ? options.onGiveUp(name, message) : log(message)),
    });

  const stop = () =>
    (stopping ??= (async () => {
      supervisor?.stop();
      await Promise.all([children.get('gateway'), ...extraGateways].map((child) => child?.stop()));
      await Promise.all(BACKENDS.map((name) => children.get(name)?.stop()));
      await Promise.all(deps.map((d) => d.stop()));
      archives?.release();
    })());

  /** A process that exits on its own once the stack runs is reported, and restarted by `restart`. */
  const watch = (name: string, child: ManagedChild, restart: () => Promise<void>) => {
    child.onExit = (exit, requested) => {
      if (!started || requested || stopping) return;
      options.onUnexpectedExit?.(name, exit);
      supervisor?.crashed(name, exit, {
        restart,
        recentOutput: () => child.recentOutput(20),
        running: () => child.running,
        kill: () => child.kill('SIGKILL'),
      });
    };
  };

  try {
    const consoleBuilt = ensureConsoleBuilt(log);
    const [postgres, nats] = await settle([
      resolvePostgres(
        {
          url: settings.databaseUrl,
          preferEmbedded: settings.preferEmbeddedPostgres,
          database: 'depot',
          dataDir: { name: 'postgres' },
        },
        ctx,
      ),
      resolveNats({ url: settings.natsUrl, variable: 'NATS_URL', dataDir: { name: 'nats' } }, ctx),
    ]);
    for (const dep of [postgres, nats]) if (dep.value) deps.push(dep.value);
    if (postgres.error) throw postgres.error;
    if (nats.error) throw nats.error;
    const pg = postgres.value!;
    const bus = nats.value!;
    for (const dep of [pg, bus]) if (dep.child && dep.restart) watch(dep.child.name, dep.child, dep.restart);

    const databases = await createDatabases(pg.url);
    const ports = await choosePorts(settings.gatewayPort);
    archives = settings.archiveDir
      ? { dir: settings.archiveDir, persistent: true, release: () => undefined }
      : settings.persistentArchives
        ? // (no server runs on it: the pid file named is never there)
          await claimDataDir(path.join(DATA_ROOT, 'archives'), '.launcher.pid')
        : throwawayDir('archives');
    const wiring: Wiring = { natsUrl: bus.url, databases, ports, archiveDir: archives.dir };
    const makeChild = (name: ServiceName, label: string, env: Record<string, string>) =>
      new ManagedChild({
        name: label,
        command: process.execPath,
        args: [
          '--conditions=depot-source',
          '--import',
          'tsx',
          '--import',
          EXIT_WITH_LAUNCHER,
          path.join(REPO_ROOT, SERVICE_ENTRIES[name]),
        ],
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: settings.stdio,
        prefix: settings.pretty,
        ipc: true,
      });
    const startService = async (name: ServiceName, signal?: AbortSignal) => {
      supervisor?.cancel(name);
      const child = children.get(name)!;
      child.start();
      await waitHealthy(name, child, ports[name], settings, signal);
    };
    for (const name of SERVICE_NAMES) {
      const child = makeChild(name, name, serviceEnvironment(name, settings, wiring));
      watch(name, child, () => startService(name));
      children.set(name, child);
    }

    // The back-end services only need each other for some calls, not to start.
    await Promise.all(BACKENDS.map((name) => startService(name, options.signal)));
    await consoleBuilt;
    await startService('gateway', options.signal);
    for (const child of children.values()) {
      if (!child.running) {
        throw new StartupError(`${child.name} exited during start-up. Last output:\n${child.recentOutput()}`);
      }
    }
    started = true;

    return {
      gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
      adminToken: settings.adminToken,
      adminTokenGenerated: settings.adminTokenGenerated,
      databaseUrl: pg.url,
      databases,
      natsUrl: bus.url,
      eventsNamespace: settings.eventsNamespace,
      ports,
      sources: { postgres: pg.source, nats: bus.source },
      stop,
      stopService: (name, signal = 'SIGTERM') => {
        supervisor?.cancel(name);
        return children.get(name)!.stop(signal);
      },
      startService: (name) => startService(name),
      async restartService(name, signal = 'SIGTERM') {
        supervisor?.cancel(name);
        await children.get(name)!.stop(signal);
        await startService(name);
      },
      logs(name) {
        const child = children.get(name as ServiceName) ?? deps.find((d) => d.child?.name === name)?.child;
        return child ? child.output.tail().join('\n') : '';
      },
      pid: (name) => children.get(name)?.pid,
      async addGateway(env = {}) {
        const [port] = await freePorts(1);
        const gatewayEnv = serviceEnvironment('gateway', settings, { ...wiring, ports: { ...ports, gateway: port } });
        const child = makeChild('gateway', `gateway-${extraGateways.length + 2}`, {
          ...gatewayEnv,
          ...env,
          GATEWAY_PORT: String(port),
        });
        extraGateways.push(child);
        const start = async (signal?: AbortSignal) => {
          child.start();
          await waitHealthy('gateway', child, port, settings, signal);
        };
        watch(child.name, child, () => start());
        await start(options.signal);
        return {
          url: `http://127.0.0.1:${port}`,
          get pid() {
            return child.pid;
          },
          logs: () => child.output.tail().join('\n'),
          stop: async () => void (await child.stop()),
        };
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function settle<T>(promises: Promise<T>[]): Promise<{ value?: T; error?: unknown }[]> {
  const results = await Promise.allSettled(promises);
  return results.map((r) => (r.status === 'fulfilled' ? { value: r.value } : { error: r.reason }));
}

async function createDatabases(baseUrl: string): Promise<Record<BackendName, string>> {
  const databases = Object.fromEntries(BACKENDS.map((name) => [name, serviceDatabaseUrl(baseUrl, name)])) as Record<
    BackendName,
    string
  >;
  await Promise.all(
    BACKENDS.map(async (name) => {
      try {
        await createDatabaseIfMissing(databases[name]);
      } catch (err) {
        throw new StartupError(
          `Could not create the database ${redactUrl(databases[name])}: ${(err as Error).message}`,
        );
      }
    }),
  );
  return databases;
}

async function choosePorts(gatewayPort: number): Promise<Record<ServiceName, number>> {
  if (gatewayPort !== 0 && !(await portIsFree(gatewayPort))) {
    throw new StartupError(
      `Port ${gatewayPort} is already in use: set GATEWAY_PORT to another port (0 picks a free one)`,
    );
  }
  const [catalog, builds, auth, free] = await freePorts(gatewayPort === 0 ? 4 : 3);
  return { catalog, builds, auth, gateway: gatewayPort || free };
}

async function waitHealthy(
  name: ServiceName,
  child: ManagedChild,
  port: number,
  settings: Settings,
  signal?: AbortSignal,
): Promise<void> {
  const opts = { child, timeoutMs: settings.startTimeoutMs, signal };
  if (name === 'gateway') {
    await waitFor(name, () => httpOk(`http://127.0.0.1:${port}/healthz`), opts);
    return;
  }
  const probe = grpcHealthProbe(`127.0.0.1:${port}`);
  try {
    await waitFor(name, probe.check, opts);
  } finally {
    probe.close();
  }
}

export { describeExit, StartupError };
export type { ExitInfo };
