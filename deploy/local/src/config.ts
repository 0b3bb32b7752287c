// From launcher options and the environment to settings, and from settings to each service's
// environment. Pure, so that the wiring is unit-tested without starting anything.
import { randomBytes } from 'node:crypto';
import type { ExitInfo, StdioMode } from './child';
import { addressList, replicaCount, REPLICA_VARIABLES } from './replicas';
import { SERVICE_NAMES, type BackendName, type ServiceName } from './service-names';
import { DEFAULT_SUPERVISION, type SupervisionPolicy } from './supervisor';

/** Every option falls back to the environment variable named beside it, then to a default. */
export interface StackOptions {
  /** DATABASE_URL. Base URL; each service gets `<name>_<service>` on the same server. */
  databaseUrl?: string;
  /** DEPOT_EMBEDDED_PG=1: use an embedded PostgreSQL even when 127.0.0.1:5432 answers. */
  preferEmbeddedPostgres?: boolean;
  /** NATS_URL. */
  natsUrl?: string;
  /** EVENTS_NAMESPACE, default `depot`. Give each concurrent stack on one NATS its own. */
  eventsNamespace?: string;
  /** GATEWAY_PORT, default 8080; 0 picks a free port. */
  gatewayPort?: number;
  /** ADMIN_TOKEN; when neither is set a random token is made for this run. */
  adminToken?: string;
  /**
   * TOTP_ENCRYPTION_KEY of the auth service (two-factor secrets at rest); when neither is set a
   * random key is made for this run (`npm start` keeps one under .data/ instead: totp-key.ts).
   */
  totpEncryptionKey?: string;
  /**
   * HOOKS_SECRET_KEY of the hooks service (webhook secrets at rest); as totpEncryptionKey, random
   * for this run when neither is set (`npm start` keeps one under .data/).
   */
  hooksSecretKey?: string;
  /**
   * SERVICE_MIRROR_URL (gateway and catalog); default: the stack's own gateway, which serves the
   * archives it hosts (`http://127.0.0.1:<gateway port>/`).
   */
  mirrorUrl?: string;
  /** SERVICE_DISABLE_MOD_API. */
  disableModApi?: boolean;
  /**
   * ARCHIVE_STORE_DIR: the catalog's folder of hosted archives (its fs store). Unset: `.data/archives`
   * of the checkout when `persistentArchives` (npm start; a throwaway folder while another launcher
   * holds it), else a throwaway folder removed when the stack stops (tests).
   */
  archiveDir?: string;
  persistentArchives?: boolean;
  /** REDIS_URL; '' switches Redis off even when the environment sets it. */
  redisUrl?: string;
  /** LOG_LEVEL, default info. */
  logLevel?: string;
  /** LOG_PRETTY; default false (npm start turns it on). */
  pretty?: boolean;
  /**
   * ACCESS_LOG_FILE of every gateway: its access lines there, as JSON, instead of on its standard
   * output; '' keeps them there. Unset: the gateways' own environment decides (npm start: a file
   * under .data/logs with pretty logs, start.ts).
   */
  accessLogFile?: string;
  /**
   * LOG_COLOR: colour in pretty logs. The services write to a pipe (the launcher's), so they are
   * told whether the launcher's own output is a terminal; default false (npm start: it says).
   */
  color?: boolean;
  /** Default 'pipe'. Output is kept in a ring buffer in every mode; see Stack.logs. */
  stdio?: StdioMode;
  /** Extra environment for every service. */
  env?: Record<string, string>;
  /** Extra environment per service, applied after `env` (to every replica of it). */
  services?: Partial<Record<ServiceName, Record<string, string>>>;
  /**
   * CATALOG_REPLICAS, BUILDS_REPLICAS, AUTH_REPLICAS, GATEWAY_REPLICAS: processes of each service
   * (1 to 4, default 1), each on its own port, every caller balancing over all of them (replicas.ts).
   */
  replicas?: Partial<Record<ServiceName, number>>;
  /** How long one service may take to become healthy, default 60 s. */
  startTimeoutMs?: number;
  /** Aborting cancels a start in progress (it then stops what it had started). */
  signal?: AbortSignal;
  /** Progress lines of the launcher itself (which PostgreSQL and NATS it uses...). */
  log?: (line: string) => void;
  /** A process of the stack exited without being asked to, after the stack had started. */
  onUnexpectedExit?: (name: string, exit: ExitInfo) => void;
  /**
   * Such a process is started again after a backoff (src/supervisor.ts), the others keep running;
   * default on. `false` for tests that kill a process and look at what follows themselves, or a
   * policy of their own (fewer crashes, shorter delays).
   */
  supervise?: boolean | Partial<SupervisionPolicy>;
  /** A supervised process crashed too often: the message says so, with its last output. */
  onGiveUp?: (name: string, message: string) => void;
}

export interface Settings {
  databaseUrl?: string;
  preferEmbeddedPostgres: boolean;
  natsUrl?: string;
  eventsNamespace: string;
  gatewayPort: number;
  adminToken: string;
  adminTokenGenerated: boolean;
  totpEncryptionKey: string;
  hooksSecretKey: string;
  mirrorUrl?: string;
  disableModApi?: boolean;
  archiveDir?: string;
  persistentArchives: boolean;
  redisUrl?: string;
  logLevel: string;
  pretty: boolean;
  accessLogFile?: string;
  color: boolean;
  stdio: StdioMode;
  env: Record<string, string>;
  services: Partial<Record<ServiceName, Record<string, string>>>;
  replicas: Record<ServiceName, number>;
  startTimeoutMs: number;
  /** Undefined: not supervised. */
  supervision?: SupervisionPolicy;
}

const nonEmpty = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

export function envFlag(name: string, value: string | undefined): boolean | undefined {
  if (nonEmpty(value) === undefined) return undefined;
  const v = value!.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function port(name: string, value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  return n;
}

export function resolveSettings(options: StackOptions, env: NodeJS.ProcessEnv = process.env): Settings {
  const adminToken = options.adminToken ?? nonEmpty(env.ADMIN_TOKEN);
  return {
    databaseUrl: options.databaseUrl ?? nonEmpty(env.DATABASE_URL),
    preferEmbeddedPostgres:
      options.preferEmbeddedPostgres ?? envFlag('DEPOT_EMBEDDED_PG', env.DEPOT_EMBEDDED_PG) ?? false,
    natsUrl: options.natsUrl ?? nonEmpty(env.NATS_URL),
    eventsNamespace: options.eventsNamespace ?? nonEmpty(env.EVENTS_NAMESPACE) ?? 'depot',
    gatewayPort: port('GATEWAY_PORT', options.gatewayPort ?? nonEmpty(env.GATEWAY_PORT) ?? 8080),
    adminToken: adminToken ?? randomBytes(24).toString('base64url'),
    adminTokenGenerated: adminToken === undefined,
    totpEncryptionKey:
      options.totpEncryptionKey ?? nonEmpty(env.TOTP_ENCRYPTION_KEY) ?? randomBytes(32).toString('base64url'),
    hooksSecretKey: options.hooksSecretKey ?? nonEmpty(env.HOOKS_SECRET_KEY) ?? randomBytes(32).toString('base64url'),
    mirrorUrl: options.mirrorUrl ?? nonEmpty(env.SERVICE_MIRROR_URL),
    disableModApi: options.disableModApi ?? envFlag('SERVICE_DISABLE_MOD_API', env.SERVICE_DISABLE_MOD_API),
    archiveDir: options.archiveDir ?? nonEmpty(env.ARCHIVE_STORE_DIR),
    persistentArchives: options.persistentArchives ?? false,
    redisUrl: nonEmpty(options.redisUrl ?? env.REDIS_URL),
    logLevel: options.logLevel ?? nonEmpty(env.LOG_LEVEL) ?? 'info',
    pretty: options.pretty ?? envFlag('LOG_PRETTY', env.LOG_PRETTY) ?? false,
    accessLogFile: options.accessLogFile ?? env.ACCESS_LOG_FILE,
    color: options.color ?? envFlag('LOG_COLOR', env.LOG_COLOR) ?? false,
    stdio: options.stdio ?? 'pipe',
    env: options.env ?? {},
    services: options.services ?? {},
    replicas: Object.fromEntries(
      SERVICE_NAMES.map((name) => [
        name,
        replicaCount(REPLICA_VARIABLES[name], options.replicas?.[name] ?? nonEmpty(env[REPLICA_VARIABLES[name]])),
      ]),
    ) as Record<ServiceName, number>,
    startTimeoutMs: options.startTimeoutMs ?? 60_000,
    supervision:
      options.supervise === false
        ? undefined
        : { ...DEFAULT_SUPERVISION, ...(typeof options.supervise === 'object' ? options.supervise : {}) },
  };
}

export interface Wiring {
  natsUrl: string;
  /** The catalog's archive folder, as the stack resolved it. */
  archiveDir: string;
  databases: Record<BackendName, string>;
  /** The port of every replica of each service, in replica order. */
  ports: Record<ServiceName, number[]>;
  /** The /metrics port of every replica of each back-end service (the gateway serves it on its own). */
  metricsPorts: Record<BackendName, number[]>;
}

/** The variables the launcher sets for replica `replica` of one service (on top of its own environment). */
export function serviceEnvironment(name: ServiceName, s: Settings, w: Wiring, replica = 0): Record<string, string> {
  // Its own listen address; its peers' every replica (one address, or a list balanced round_robin).
  const listen = (service: ServiceName) => `127.0.0.1:${w.ports[service][replica]}`;
  const addr = (service: BackendName) => addressList(w.ports[service]);
  const metrics = (service: BackendName) => ({ METRICS_PORT: String(w.metricsPorts[service][replica]) });
  // Unset: the stack's own first gateway, which answers the mirror's URLs of hosted archives.
  const mirror = s.mirrorUrl ?? `http://127.0.0.1:${w.ports.gateway[0]}/`;
  const shared = {
    NATS_URL: w.natsUrl,
    EVENTS_NAMESPACE: s.eventsNamespace,
    LOG_LEVEL: s.logLevel,
    LOG_PRETTY: String(s.pretty),
    LOG_COLOR: String(s.color),
  };
  const own: Record<ServiceName, Record<string, string>> = {
    catalog: {
      DATABASE_URL: w.databases.catalog,
      CATALOG_GRPC_LISTEN: listen('catalog'),
      ...metrics('catalog'),
      BUILDS_GRPC_ADDR: addr('builds'),
      // Where it fetches archives from for a rehash; without a mirror of its own, Depot's address
      // is the mirror (PUBLIC_URL), which the catalog never fetches: it reads its store instead.
      ...(s.mirrorUrl ? { SERVICE_MIRROR_URL: s.mirrorUrl } : { PUBLIC_URL: mirror }),
      // Its store of hosted archives (when ARCHIVE_STORE is fs, the default).
      ARCHIVE_STORE_DIR: w.archiveDir,
    },
    builds: {
      DATABASE_URL: w.databases.builds,
      BUILDS_GRPC_LISTEN: listen('builds'),
      ...metrics('builds'),
      CATALOG_GRPC_ADDR: addr('catalog'),
    },
    auth: {
      DATABASE_URL: w.databases.auth,
      AUTH_GRPC_LISTEN: listen('auth'),
      ...metrics('auth'),
      ADMIN_TOKEN: s.adminToken,
      TOTP_ENCRYPTION_KEY: s.totpEncryptionKey,
    },
    hooks: {
      DATABASE_URL: w.databases.hooks,
      HOOKS_GRPC_LISTEN: listen('hooks'),
      ...metrics('hooks'),
      BUILDS_GRPC_ADDR: addr('builds'),
      HOOKS_SECRET_KEY: s.hooksSecretKey,
      // Links in deliveries (changelogs) point at the stack's gateway.
      PUBLIC_URL: `http://127.0.0.1:${w.ports.gateway[0]}/`,
    },
    gateway: {
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(w.ports.gateway[replica]),
      CATALOG_GRPC_ADDR: addr('catalog'),
      BUILDS_GRPC_ADDR: addr('builds'),
      AUTH_GRPC_ADDR: addr('auth'),
      HOOKS_GRPC_ADDR: addr('hooks'),
      SERVICE_MIRROR_URL: mirror,
      // It reads the store directly for downloads (docs/archives.md#serving).
      ARCHIVE_STORE_DIR: w.archiveDir,
      REDIS_URL: s.redisUrl ?? '',
      ...(s.disableModApi === undefined ? {} : { SERVICE_DISABLE_MOD_API: String(s.disableModApi) }),
      ...(s.accessLogFile === undefined ? {} : { ACCESS_LOG_FILE: s.accessLogFile }),
    },
  };
  return { ...shared, ...own[name], ...s.env, ...s.services[name] };
}
