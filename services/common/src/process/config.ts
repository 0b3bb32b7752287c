// Configuration from the environment, validated with zod at start. A wrong or missing setting
// stops the process with a message naming it.
import { z } from 'zod';
import { GRPC_ADDRESS_RULE, isGrpcAddress } from '../grpc/address';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Environment booleans: true/false/1/0/yes/no (case-insensitive). */
export const envBool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const s = v.toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(s)) return true;
      if (['false', '0', 'no', 'off'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${v}"` });
      return z.NEVER;
    });

export const envInt = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** An optional http(s) base URL, ending in `/` whatever was given (a key or path is appended to it). */
export const envBaseUrl = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/*$/, '/') : undefined))
    .refine((v) => v === undefined || (/^https?:\/\/\S+$/.test(v) && URL.canParse(v)), 'must be an http(s) URL');

const postgresUrl = z
  .string({ error: 'is required (a postgres:// URL)' })
  .refine((v) => /^postgres(ql)?:\/\/.+\/[^/]+/.test(v), 'must be a postgres:// URL with a database name');

// One name (DNS gives every replica) or, where there is no DNS, a static list (grpc/address.ts).
const hostPort = z.string().refine(isGrpcAddress, GRPC_ADDRESS_RULE);

/**
 * Settings every service shares. Each `.meta({ description })` is the documentation of the
 * setting: docs/configuration.md is generated from it (`npm run docs:config`); links in it are
 * relative to docs/.
 */
export const serviceEnv = {
  DATABASE_URL: postgresUrl.meta({
    description:
      "PostgreSQL URL of the service's own database. For `npm start`, the base URL from which " +
      '`<name>_catalog`, `<name>_builds`, `<name>_auth` are derived (by default ' +
      '`postgres://postgres@127.0.0.1:5432/depot` when that server answers, else an embedded one).',
  }),
  DATABASE_POOL_MAX: envInt(10, 1).meta({ description: 'Connection pool size per process.' }),
  NATS_URL: z
    .string()
    .default('nats://127.0.0.1:4222')
    .meta({ description: 'NATS server(s) with JetStream, comma separated.' }),
  EVENTS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only (1-64)')
    .default('depot')
    .meta({
      description:
        'Prefix of the JetStream stream and subjects, so several stacks can share one NATS. ' +
        'Letters, digits, `-`, `_`.',
    }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta({ description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.' }),
  GRPC_DEADLINE_MS: envInt(5000, 100).meta({
    description:
      'Deadline of every gRPC call; a service that does not answer in time gives 503. A service ' +
      'passes the deadline on to the services it calls and commits no write after it ' +
      '([Writes answered 503](api.md#writes-answered-503)).',
  }),
  METRICS_PORT: envInt(0, 0)
    .pipe(z.number().max(65535, 'must be a port number (0-65535)'))
    .meta({
      description:
        "Port of the service's Prometheus listener (`GET /metrics`, all interfaces); `0` or unset: " +
        'none. The gateway serves `/metrics` on its own HTTP port. Off by default so that stacks on ' +
        'one machine never collide: under `npm start` the three services inherit one environment, ' +
        "so leave it unset there (or give each process its own port, as `deploy/local`'s " +
        '`services` option and the tests do).',
      defaultNote: 'off',
    }),
};

export const hostPortSchema = hostPort;

/** SERVICE_MIRROR_URL (gateway and catalog). */
export const mirrorUrlSchema = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || (/^https?:\/\/\S+$/.test(v) && URL.canParse(v)), 'must be an http(s) URL')
  .meta({
    description:
      'Host of the mod archives: download urls are `{mirror}/mods/{name}/{name}-{version}.zip` ' +
      '(unless a version has its own `url`). The catalog fetches archives from it for a ' +
      '[rehash](admin-cli.md#rehash-and-the-mirror-audit); give both processes the same value. Unset: ' +
      "Depot's own address, which serves the archives it hosts ([archives](archives.md#serving)): " +
      '`PUBLIC_URL`, else `http://localhost:8080/`.',
    defaultNote: '`PUBLIC_URL` (`npm start`: the gateway it starts)',
  });

/** Depot's own address when nothing else serves the archives (the gateway's default port). */
const OWN_DEFAULT_MIRROR = 'http://localhost:8080/';

/**
 * The mirror download URLs are built on: SERVICE_MIRROR_URL, else Depot's own public address,
 * whose `/mods/{name}/{name}-{version}.zip` the gateway answers (docs/archives.md#serving).
 */
export function mirrorUrlOf(config: { SERVICE_MIRROR_URL?: string; PUBLIC_URL?: string }): string {
  if (config.SERVICE_MIRROR_URL) return config.SERVICE_MIRROR_URL;
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/*$/, '/') : OWN_DEFAULT_MIRROR;
}

/** PUBLIC_URL (gateway, admin CLI `doctor`); a path is allowed, empty means unset. */
export const publicUrlSchema = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL')
  .meta({
    description:
      "The gateway's public address (`https://depot.example.com`), whose `/api/` is the API root " +
      'to give launchers and Platform. The [pack doctor](api.md#pack-doctor) shows it and checks it ' +
      "answers (Kubernetes: see `deploy/k8s/base/config.env`). Unset: it shows the request's " +
      'address, unchecked.',
  });
/**
 * Settings every process reads outside its config schema: the logger (logger.ts) and tracing
 * (tracing.ts, and OpenTelemetry's SDK itself). Not parsed here: declared so that
 * docs/configuration.md documents them from the same kind of source as the others.
 */
export const logAndTraceEnv = z.object({
  LOG_PRETTY: z.string().default('false').meta({ description: 'Human-readable logs instead of JSON lines.' }),
  LOG_COLOR: z
    .string()
    .optional()
    .meta({
      description:
        '`true`/`false`: colour in pretty logs whatever the output is (`npm start` tells its services whether ' +
        'its own output is a terminal, so a log written to a file or a pipe is plain text). `NO_COLOR` (set ' +
        'and not empty) always turns colour off.',
      defaultNote: 'colour when the output is a terminal',
    }),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .meta({
      description:
        'OTLP/HTTP (JSON) collector base URL, e.g. `http://otel-collector:4318`; spans go to ' +
        '`{url}/v1/traces`. Unset: no tracing and no overhead. `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the ' +
        "full URL) takes precedence. OpenTelemetry's standard variables apply too: `OTEL_SERVICE_NAME` and " +
        '`OTEL_RESOURCE_ATTRIBUTES`, the resource of the exported spans (default `depot-<process>`: ' +
        '`depot-gateway`, `depot-catalog`, …); `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`, the ' +
        'sampling (default `parentbased_always_on`; e.g. `parentbased_traceidratio` and `0.1`); ' +
        '`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_EXPORTER_OTLP_TIMEOUT` and `OTEL_BSP_*`, the exporter and its ' +
        'batch processor; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keep tracing off.',
      defaultNote: 'tracing off',
    }),
});

/**
 * Read by local-stack.ts (the launcher writes the file, the admin CLI reads it); declared for
 * docs/configuration.md like logAndTraceEnv.
 */
export const localStackEnv = z.object({
  DEPOT_LOCAL_STACK_FILE: z
    .string()
    .optional()
    .meta({
      description:
        'Where `npm start` describes the running stack (gRPC addresses, service database URLs, its pid) ' +
        'and where the admin CLI looks for it.',
      defaultNote: '`<checkout>/.data/stack.json`',
    }),
});
export { z };
