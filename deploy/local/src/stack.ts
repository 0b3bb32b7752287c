// The local stack: PostgreSQL and NATS (found or started), one database per service, then
// catalog, builds and auth, then the gateway, each a separate process as in Kubernetes. Used by
// `npm start` and by the end-to-end tests alike.
import path from 'node:path';
import { describeExit, type ExitInfo, type ManagedChild } from './child';
import { resolveSettings, serviceEnvironment, type StackOptions, type Wiring } from './config';
import { ensureConsoleBuilt } from './console';
import { claimDataDir, DATA_ROOT, throwawayDir, type ClaimedDir } from './data-dir';
import { resolveNats, resolvePostgres, type Dependency } from './deps';
import { StartupError } from './health';
import { freePorts } from './ports';
import { addressList, replicaLabel } from './replicas';
import { BACKENDS, SERVICE_NAMES, type BackendName, type ServiceName } from './service-names';
import { serviceProcess, type Replica, type ServiceProcess } from './service-process';
import { Supervisor } from './supervisor';
import { choosePorts, createDatabases } from './wiring';

export interface Stack {
  /** http://127.0.0.1:<port> of the first gateway. */
  gatewayUrl: string;
  /** Every gateway replica's URL (GATEWAY_REPLICAS), the first one first. */
  gatewayUrls: string[];
  adminToken: string;
  /** True when no ADMIN_TOKEN was given and this one was made for this run. */
  adminTokenGenerated: boolean;
  /** Base URL the service databases are derived from. */
  databaseUrl: string;
  databases: Record<BackendName, string>;
  natsUrl: string;
  eventsNamespace: string;
  /** The port of each service's first replica. */
  ports: Record<ServiceName, number>;
  /** The gRPC address callers are given: every replica's, balanced round_robin (replicas.ts). */
  addresses: Record<BackendName, string>;
  /** Where PostgreSQL and NATS came from. */
  sources: { postgres: Dependency['source']; nats: Dependency['source'] };
  /** Stops the gateways, then the services, then PostgreSQL and NATS if started here. */
  stop(): Promise<void>;
  /** Every replica of a service, in order (one unless its *_REPLICAS says more). */
  replicas(name: ServiceName): Replica[];
  /**
   * Stops every replica of a service (SIGTERM by default; SIGKILL for a crash) and resolves with
   * the first one's exit.
   */
  stopService(name: ServiceName, signal?: NodeJS.Signals): Promise<ExitInfo | undefined>;
  /** Starts a stopped service again, with the same configuration and ports, and waits until healthy. */
  startService(name: ServiceName): Promise<void>;
  restartService(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Recent output (up to 2000 lines) of a service's first replica, of one replica by its name
   * (`catalog-2`), or of `postgres`/`nats` when started here.
   */
  logs(name: ServiceName | 'postgres' | 'nats' | (string & {})): string;
  /** Process id of a running service's first replica (e.g. to read its memory in /proc/<pid>/status). */
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
export type { Replica } from './service-process';

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const settings = resolveSettings(options);
  const log = options.log ?? (() => undefined);
  const ctx = { log, signal: options.signal };
  const deps: Dependency[] = [];
  let archives: ClaimedDir | undefined;
  const processes = new Map<ServiceName, ServiceProcess[]>();
  const extraGateways: ManagedChild[] = [];
  let started = false;
  let stopping: Promise<void> | undefined;
  const supervisor =
    settings.supervision &&
    new Supervisor(settings.supervision, {
      log,
      giveUp: (name, message) => (options.onGiveUp ? options.onGiveUp(name, message) : log(message)),
    });
  const of = (name: ServiceName) => processes.get(name) ?? [];

  const stop = () =>
    (stopping ??= (async () => {
      supervisor?.stop();
      await Promise.all([...of('gateway').map((p) => p.child), ...extraGateways].map((child) => child.stop()));
      await Promise.all(BACKENDS.flatMap((name) => of(name).map((p) => p.child.stop())));
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
    archives = settings.archiveDir
      ? { dir: settings.archiveDir, persistent: true, release: () => undefined }
      : settings.persistentArchives
        ? // (no server runs on it: the pid file named is never there)
          await claimDataDir(path.join(DATA_ROOT, 'archives'), '.launcher.pid')
        : throwawayDir('archives');
    const wiring: Wiring = {
      natsUrl: bus.url,
      databases,
      archiveDir: archives.dir,
      ...(await choosePorts(settings.gatewayPort, settings.replicas)),
    };
    // Each replica is a process of its own, restarted on its own (its own crash loop).
    for (const name of SERVICE_NAMES) {
      const count = settings.replicas[name];
      const replicas = wiring.ports[name].map((port, index) => {
        const label = replicaLabel(name, index, count);
        const proc = serviceProcess({
          name: label,
          service: name,
          index,
          port,
          metricsPort: name === 'gateway' ? undefined : wiring.metricsPorts[name][index],
          env: serviceEnvironment(name, settings, wiring, index),
          settings,
          cancelRestart: () => supervisor?.cancel(label),
        });
        watch(label, proc.child, () => proc.start());
        return proc;
      });
      processes.set(name, replicas);
    }
    const startService = (name: ServiceName, signal?: AbortSignal) =>
      Promise.all(of(name).map((p) => p.start(signal))).then(() => undefined);

    // The back-end services only need each other for some calls, not to start; their replicas
    // start at once, and the first to take the migrations lock migrates (common/src/orm.ts).
    await Promise.all(BACKENDS.map((name) => startService(name, options.signal)));
    await consoleBuilt;
    await startService('gateway', options.signal);
    for (const { child } of [...processes.values()].flat()) {
      if (!child.running) {
        throw new StartupError(`${child.name} exited during start-up. Last output:\n${child.recentOutput()}`);
      }
    }
    started = true;

    const firstPorts = Object.fromEntries(SERVICE_NAMES.map((name) => [name, wiring.ports[name][0]])) as Record<
      ServiceName,
      number
    >;
    const gatewayUrls = wiring.ports.gateway.map((port) => `http://127.0.0.1:${port}`);
    const stopService = async (name: ServiceName, signal: NodeJS.Signals = 'SIGTERM') =>
      (await Promise.all(of(name).map((p) => p.replica.stop(signal))))[0];
    return {
      gatewayUrl: gatewayUrls[0],
      gatewayUrls,
      adminToken: settings.adminToken,
      adminTokenGenerated: settings.adminTokenGenerated,
      databaseUrl: pg.url,
      databases,
      natsUrl: bus.url,
      eventsNamespace: settings.eventsNamespace,
      ports: firstPorts,
      addresses: Object.fromEntries(BACKENDS.map((name) => [name, addressList(wiring.ports[name])])) as Record<
        BackendName,
        string
      >,
      sources: { postgres: pg.source, nats: bus.source },
      stop,
      replicas: (name) => of(name).map((p) => p.replica),
      stopService,
      startService: (name) => startService(name),
      async restartService(name, signal = 'SIGTERM') {
        await stopService(name, signal);
        await startService(name);
      },
      logs(name) {
        const replica = [...processes.values()].flat().find((p) => p.replica.name === name);
        const child =
          replica?.child ??
          processes.get(name as ServiceName)?.[0]?.child ??
          deps.find((d) => d.child?.name === name)?.child;
        return child ? child.output.tail().join('\n') : '';
      },
      pid: (name) => of(name)[0]?.child.pid,
      async addGateway(env = {}) {
        const [port] = await freePorts(1);
        const label = `gateway-${wiring.ports.gateway.length + extraGateways.length + 1}`;
        const proc = serviceProcess({
          name: label,
          service: 'gateway',
          index: 0,
          port,
          env: {
            ...serviceEnvironment('gateway', settings, { ...wiring, ports: { ...wiring.ports, gateway: [port] } }),
            ...env,
            GATEWAY_PORT: String(port),
          },
          settings,
        });
        extraGateways.push(proc.child);
        watch(label, proc.child, () => proc.start());
        await proc.start(options.signal);
        return {
          url: `http://127.0.0.1:${port}`,
          get pid() {
            return proc.child.pid;
          },
          logs: () => proc.child.output.tail().join('\n'),
          stop: async () => void (await proc.child.stop()),
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

export { describeExit, StartupError };
export type { ExitInfo };
