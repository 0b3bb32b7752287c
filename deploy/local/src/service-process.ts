// One process of a Depot service (a replica): its command line, its start that waits until it is
// healthy (the gRPC health check of a back-end service, /healthz of a gateway), and the view of it
// the stack hands out.
import path from 'node:path';
import { ManagedChild, type ExitInfo } from './child';
import type { Settings } from './config';
import { SERVICE_ENTRIES, type ServiceName } from './service-names';
import { REPO_ROOT } from './data-dir';
import { grpcHealthProbe, httpOk, waitFor } from './health';

// Preloaded into every service. The launcher holds an IPC channel to each; when the launcher goes
// away, even killed by SIGKILL, the channel closes and the service stops as if sent SIGTERM
// instead of living on as an orphan. A data: URL because a .ts preload is not loadable there;
// the `if` because preloads also run in tsx's loader thread, which has no channel.
const EXIT_WITH_LAUNCHER = `data:text/javascript,${encodeURIComponent(
  'if (process.channel) { process.channel.unref(); process.once("disconnect", () => process.kill(process.pid, "SIGTERM")); }',
)}`;

export interface Replica {
  /** `catalog` when it runs alone, `catalog-1`, `catalog-2`... among several (replicas.ts). */
  readonly name: string;
  readonly service: ServiceName;
  /** 0-based. */
  readonly index: number;
  /** Its gRPC port (a back-end service) or HTTP port (a gateway), on 127.0.0.1. */
  readonly port: number;
  /** Its Prometheus metrics: METRICS_PORT of a back-end service, the gateway's own /metrics. */
  readonly metricsUrl: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Recent output (up to 2000 lines). */
  logs(): string;
  /** Stops it (SIGTERM by default; SIGKILL for a crash); the supervisor does not restart it. */
  stop(signal?: NodeJS.Signals): Promise<ExitInfo | undefined>;
  /** Starts it again (same configuration and port) and waits until it is healthy. */
  start(): Promise<void>;
}

export interface ServiceProcess {
  child: ManagedChild;
  replica: Replica;
  /** Starts the process and resolves once it is healthy. */
  start(signal?: AbortSignal): Promise<void>;
}

export function serviceProcess(opts: {
  name: string;
  service: ServiceName;
  index: number;
  port: number;
  metricsPort?: number;
  env: Record<string, string>;
  settings: Settings;
  /** Forgets a pending supervised restart: called when it is started or stopped on purpose. */
  cancelRestart?: () => void;
}): ServiceProcess {
  const { settings } = opts;
  const child = new ManagedChild({
    name: opts.name,
    command: process.execPath,
    args: [
      '--conditions=depot-source',
      '--import',
      'tsx',
      '--import',
      EXIT_WITH_LAUNCHER,
      path.join(REPO_ROOT, SERVICE_ENTRIES[opts.service]),
    ],
    cwd: REPO_ROOT,
    env: { ...process.env, ...opts.env },
    stdio: settings.stdio,
    prefix: settings.pretty,
    ipc: true,
  });
  const start = async (signal?: AbortSignal) => {
    opts.cancelRestart?.();
    child.start();
    await waitHealthy(opts.service, child, opts.port, settings.startTimeoutMs, signal);
  };
  const replica: Replica = {
    name: opts.name,
    service: opts.service,
    index: opts.index,
    port: opts.port,
    metricsUrl: `http://127.0.0.1:${opts.metricsPort ?? opts.port}/metrics`,
    get pid() {
      return child.pid;
    },
    get running() {
      return child.running;
    },
    logs: () => child.output.tail().join('\n'),
    stop: (signal = 'SIGTERM') => {
      opts.cancelRestart?.();
      return child.stop(signal);
    },
    start: () => start(),
  };
  return { child, replica, start };
}

async function waitHealthy(
  service: ServiceName,
  child: ManagedChild,
  port: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const opts = { child, timeoutMs, signal };
  if (service === 'gateway') {
    await waitFor(child.name, () => httpOk(`http://127.0.0.1:${port}/healthz`), opts);
    return;
  }
  const probe = grpcHealthProbe(`127.0.0.1:${port}`);
  try {
    await waitFor(child.name, probe.check, opts);
  } finally {
    probe.close();
  }
}
