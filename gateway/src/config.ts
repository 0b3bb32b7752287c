// The gateway's settings, from the environment, each with its default and what it changes (zod:
// what a setting takes is checked at start, and a wrong one stops it with a clear message).
import {
  archiveEnv,
  envBool,
  envInt,
  hostPortSchema,
  loadConfig,
  mirrorUrlSchema,
  publicUrlSchema,
  serviceEnv,
  z,
} from '@depot/common';
import { trustProxySchema } from './plugins/trust-proxy';

export const gatewayConfigSchema = z.object({
  NATS_URL: serviceEnv.NATS_URL,
  EVENTS_NAMESPACE: serviceEnv.EVENTS_NAMESPACE,
  LOG_LEVEL: serviceEnv.LOG_LEVEL,
  GRPC_DEADLINE_MS: serviceEnv.GRPC_DEADLINE_MS,
  GATEWAY_HOST: z.string().default('0.0.0.0'),
  GATEWAY_PORT: envInt(8080, 0).pipe(z.number().max(65535)),
  CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051'),
  BUILDS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
  AUTH_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053'),
  /** Archive host; mod urls are `{mirror}/mods/{name}/{name}-{version}.zip`. */
  SERVICE_MIRROR_URL: mirrorUrlSchema,
  SERVICE_DISABLE_MOD_API: envBool(false),
  /** How long the catalog may take to fetch an archive (a rehash waits that long for it). */
  ARCHIVE_TRANSFER_TIMEOUT_MS: archiveEnv.ARCHIVE_TRANSFER_TIMEOUT_MS,
  /** Versions may have a download url of their own (off: `url` is an unknown field, ignored). */
  MOD_VERSION_URLS: envBool(false),
  /**
   * The gateway's public address (`https://depot.example.com`), whose `/api/` is the API root
   * launchers and Technic Platform are given; the pack doctor shows it and checks that it answers.
   */
  PUBLIC_URL: publicUrlSchema,
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Per client address and minute; 0 switches the general limit off. */
  RATE_LIMIT_PER_MINUTE: envInt(600, 0),
  VERIFY_RATE_LIMIT_PER_MINUTE: envInt(10, 1),
  /** Addresses the general limit never counts (the verify limit still applies). Comma separated. */
  RATE_LIMIT_ALLOWLIST: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  /** `*` or a comma separated list of allowed origins. */
  CORS_ORIGINS: z.string().default('*'),
  /** The proxies whose X-Forwarded-For gives the client address: a hop count or their addresses (plugins/trust-proxy.ts). */
  TRUST_PROXY: trustProxySchema,
  BODY_LIMIT_BYTES: envInt(1024 * 1024, 1024),
  /** A request, headers and body, must arrive within this, else 408 and the connection closed (plugins/http-server.ts). */
  REQUEST_TIMEOUT_MS: envInt(30_000, 100),
  /** A keep-alive connection idle this long is closed; above the idle timeout of the proxy in front (plugins/http-server.ts). */
  KEEP_ALIVE_TIMEOUT_MS: envInt(72_000, 100),
  /** Response cache of the launcher and mod reads (gateway/src/cache/cache.ts); off: every read asks the services. */
  CACHE_ENABLED: envBool(true),
  /** Upper bound of the response cache, in bytes of cached bodies (least recently used evicted first). */
  CACHE_MAX_BYTES: envInt(64 * 1024 * 1024, 1024 * 1024),
  /** The session cookie is `Secure` on requests that came over HTTPS; true: on every request. */
  SESSION_COOKIE_SECURE: envBool(false),
  /** Failed sign-ins per client address, and per login, within the window (plugins/sign-in-limits.ts). */
  SIGNIN_RATE_LIMIT_PER_ADDRESS: envInt(20, 1),
  SIGNIN_RATE_LIMIT_PER_ACCOUNT: envInt(10, 1),
  SIGNIN_RATE_LIMIT_WINDOW_SECONDS: envInt(15 * 60, 1),
  /** One log line per request at info (plugins/observability.ts); off for benchmarks. */
  ACCESS_LOG: envBool(true),
  /** The web console at /console/ (plugins/console.ts); off: those paths are unknown like any other. */
  CONSOLE_ENABLED: envBool(true),
  /** The built console; empty: gateway/console/dist of this checkout or image. */
  CONSOLE_DIR: z.string().default(''),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(gatewayConfigSchema, env);
