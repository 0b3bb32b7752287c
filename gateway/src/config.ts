// The gateway's settings, from the environment, each with its default and what it changes (zod:
// what a setting takes is checked at start, and a wrong one stops it with a clear message).
import {
  envBool,
  envInt,
  hostPortSchema,
  loadConfig,
  mirrorUrlSchema,
  publicUrlSchema,
  serviceEnv,
  z,
} from '@depot/common/process';
import { archiveEnv, archiveStoreReadEnv, archiveUpstreamEnv, refineArchiveStore } from '@depot/common/archive-store';
import { downloadRedirectEnv, refineDownloadRedirect } from './api/archives/redirect-settings';
import { refineSharedCache, sharedCacheEnv } from './cache/shared-settings';
import { trustProxySchema } from './plugins/trust-proxy';

// Each `.meta({ description })` is the setting's documentation: docs/configuration.md is generated
// from it (`npm run docs:config`; links relative to docs/).
export const gatewayConfigSchema = z
  .object({
    NATS_URL: serviceEnv.NATS_URL,
    EVENTS_NAMESPACE: serviceEnv.EVENTS_NAMESPACE,
    LOG_LEVEL: serviceEnv.LOG_LEVEL,
    GRPC_DEADLINE_MS: serviceEnv.GRPC_DEADLINE_MS,
    GATEWAY_HOST: z
      .string()
      .default('0.0.0.0')
      .meta({ description: 'HTTP listen address.', defaultNote: '`127.0.0.1` in `npm start`' }),
    GATEWAY_PORT: envInt(8080, 0).pipe(z.number().max(65535)).meta({ description: 'HTTP port.' }),
    CATALOG_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50051').meta({
      description: 'Where the catalog answers (`host:port`, resolved by DNS; every address is used, round robin).',
    }),
    BUILDS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052').meta({ description: 'Where builds answers.' }),
    AUTH_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50053').meta({ description: 'Where auth answers.' }),
    HOOKS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50055').meta({
      description:
        'Where the hooks service answers (webhooks, docs/webhooks.md). Not part of readiness: a webhook outage ' +
        'answers 503 on the webhook routes only.',
    }),
    SERVICE_MIRROR_URL: mirrorUrlSchema,
    SERVICE_DISABLE_MOD_API: envBool(false).meta({
      description: '`true`: the three mod read routes answer 404 `{"error":"Mod API has been disabled"}`.',
    }),
    /** How long the catalog may take to fetch an archive (a rehash waits that long for it). */
    ARCHIVE_TRANSFER_TIMEOUT_MS: archiveEnv.ARCHIVE_TRANSFER_TIMEOUT_MS,
    /** The upload route's bounds instead of REQUEST_TIMEOUT_MS (api/archives/upload-call.ts). */
    ARCHIVE_UPLOAD_IDLE_MS: envInt(30_000, 100)
      .pipe(z.number().max(60_000))
      .meta({
        description:
          'An archive upload whose body stops arriving for this long (no byte) is refused with 408 and nothing ' +
          'stored; it is bounded by this and ARCHIVE_UPLOAD_TIMEOUT_MS instead of REQUEST_TIMEOUT_MS, so that a ' +
          "large file over a slow link can take its time. At most 60 s (the connection's own idle limit).",
      }),
    ARCHIVE_UPLOAD_TIMEOUT_MS: envInt(60 * 60_000, 100).meta({
      description:
        "An archive upload's whole body must arrive within this, however steadily it comes: else 408 and " +
        'nothing stored.',
      defaultNote: '1 hour',
    }),
    /** The upload route's body limit (api/archives/upload.ts); the catalog enforces it too. */
    ARCHIVE_MAX_BYTES: archiveEnv.ARCHIVE_MAX_BYTES,
    /** The store of hosted archives, read directly for downloads (api/archives/download.ts). */
    ...archiveStoreReadEnv,
    ...archiveUpstreamEnv,
    ARCHIVE_CACHE_MAX_AGE_SECONDS: envInt(24 * 60 * 60, 0).meta({
      description:
        'How long a browser, proxy or CDN may keep a downloaded archive without asking again (`Cache-Control: ' +
        'public, max-age=…`); then it revalidates with its ETag (the md5). See [caches](archives.md#caches).',
      defaultNote: '1 day',
    }),
    /** api/archives/redirect.ts. */
    ...downloadRedirectEnv,
    MOD_VERSION_URLS: envBool(false).meta({
      description:
        "`true` lets a mod version have a download `url` of its own, shown instead of the mirror's in every " +
        'read ([docs/api.md](api.md#mod-versions)); `false`: `url` in a version write is an unknown field, ignored.',
    }),
    PUBLIC_URL: publicUrlSchema,
    REDIS_URL: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .meta({
        description:
          'Redis for rate-limit counters shared by every gateway replica. Without it each replica counts alone.',
      }),
    RATE_LIMIT_PER_MINUTE: envInt(600, 0).meta({
      description: 'Requests a minute per client address on every route; `0` switches the general limit off.',
    }),
    VERIFY_RATE_LIMIT_PER_MINUTE: envInt(10, 1).meta({
      description: 'Requests a minute per client address on `GET /api/verify/{key}`.',
    }),
    RATE_LIMIT_ALLOWLIST: z
      .string()
      .default('127.0.0.1,::1,::ffff:127.0.0.1')
      .meta({
        description:
          'Addresses the general limit never counts (the verify limit still applies), comma separated. ' +
          'Empty to count everyone.',
      }),
    CORS_ORIGINS: z.string().default('*').meta({ description: '`*` or a comma-separated list of allowed origins.' }),
    /** Parsed and checked in plugins/trust-proxy.ts. */
    TRUST_PROXY: trustProxySchema.meta({
      description:
        'The proxies whose `X-Forwarded-For` gives the client address (behind an ingress): their number (`1`: an ' +
        'ingress controller; trusts whoever connects, so only when nothing else can reach the gateway) or their ' +
        'addresses or CIDRs, comma separated (`10.0.0.1,10.1.0.0/16`, or `loopback`). `true`, or a `/0` range, ' +
        'would let every client choose its address and stops the gateway at start.',
    }),
    BODY_LIMIT_BYTES: envInt(1024 * 1024, 1024).meta({
      description: 'Larger request bodies answer 413.',
      defaultNote: '1 MiB',
    }),
    /** Enforced in http-server.ts. */
    REQUEST_TIMEOUT_MS: envInt(30_000, 100).meta({
      description:
        'A request, headers and body, must arrive within this: else 408 and the connection closed ' +
        '([limits](api.md#limits)). The body of an archive upload is bounded by ARCHIVE_UPLOAD_IDLE_MS and ' +
        'ARCHIVE_UPLOAD_TIMEOUT_MS instead.',
    }),
    /** Enforced in http-server.ts. */
    KEEP_ALIVE_TIMEOUT_MS: envInt(72_000, 100).meta({
      description:
        "An idle keep-alive connection is closed after this (and Node's extra second); keep it above the idle " +
        'timeout of the proxy in front (60 s for ingress-nginx and most load balancers).',
    }),
    /** gateway/src/cache.ts. */
    CACHE_ENABLED: envBool(true).meta({
      description:
        'Response cache of the launcher and mod reads (see [Performance](performance.md#response-cache)); ' +
        '`false`: every read asks the services.',
    }),
    CACHE_MAX_BYTES: envInt(64 * 1024 * 1024, 1024 * 1024).meta({
      description:
        'Upper bound of the response cache (cached bodies plus bookkeeping); least recently used entries go ' +
        'first. At least 1 MiB.',
      defaultNote: '64 MiB',
    }),
    /** cache/policy.ts, cache/purge.ts. */
    ...sharedCacheEnv,
    SESSION_COOKIE_SECURE: envBool(false).meta({
      description:
        'The session cookie is `Secure` on requests that came over HTTPS (behind a proxy: as `TRUST_PROXY` lets ' +
        'it say); `true` marks it `Secure` always (a TLS-terminating proxy that sends no `X-Forwarded-Proto`).',
    }),
    /** The sign-in limits: session.ts. */
    SIGNIN_RATE_LIMIT_PER_ADDRESS: envInt(20, 1).meta({
      description:
        'Sign-in attempts (passwords, two-factor codes, current passwords) per client address within the ' +
        'window, counted before they are judged; then 429 until it ends.',
    }),
    SIGNIN_RATE_LIMIT_PER_ACCOUNT: envInt(10, 1).meta({
      description:
        "Sign-in attempts per account (a username and that user's e-mail address are one; a login that names " +
        'nobody counts as sent, lowercased) within the window, counted before they are judged; then 429, even ' +
        'with the right password, until it ends.',
    }),
    SIGNIN_RATE_LIMIT_WINDOW_SECONDS: envInt(15 * 60, 1).meta({
      description:
        'The window of both sign-in limits, from the first attempt counted. Successes are given back. ' +
        "Counters live in Redis with `REDIS_URL` (shared by every replica; in each replica's memory while " +
        'Redis is unreachable).',
      defaultNote: '15 minutes',
    }),
    /** access-log.ts. */
    ACCESS_LOG: envBool(true).meta({
      description:
        'One log line per request at `info`: method, route pattern (never the URL: keys and client ids stay ' +
        'out), status, milliseconds and request id (a well-formed `X-Request-Id` of the caller, else a new one, ' +
        'answered in `X-Request-Id`). `false` turns it off (benchmarks).',
    }),
    /** observability.ts, access-summary.ts. */
    ACCESS_LOG_FILE: z
      .string()
      .default('')
      .meta({
        description:
          'Where the access lines go instead of standard output: a file they are appended to as JSON lines (its ' +
          'folder made if missing), whatever `LOG_PRETTY` says; every other line stays on standard output. Empty: ' +
          'with the other lines. See [logs](operations.md#logs).',
        defaultNote: '`.data/logs/gateway-access.log` in `npm start` with pretty logs',
      }),
    ACCESS_LOG_SUMMARY_SECONDS: envInt(10, 0).meta({
      description:
        'With `ACCESS_LOG_FILE`: every this many seconds in which requests were answered, one `info` line on ' +
        'standard output counting them by status class and naming the file. `0`: none.',
    }),
    /** console.ts. */
    CONSOLE_ENABLED: envBool(true).meta({
      description:
        'The [web console](console.md) at `/console/`; `false`: those paths answer the JSON 404 like any ' +
        'unknown path.',
    }),
    CONSOLE_DIR: z.string().default('').meta({
      description: 'Where the built console is; when nothing is built there, `/console/` answers 503 saying so.',
      defaultNote: '`gateway/console/dist` of this checkout or image',
    }),
  })
  .superRefine(refineArchiveStore)
  .superRefine(refineSharedCache)
  .superRefine(refineDownloadRedirect);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(gatewayConfigSchema, env);
