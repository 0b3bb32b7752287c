// Configuration from the environment, validated with zod at start. A wrong or missing setting
// stops the process with a message naming it.
import { z } from 'zod';
import { GRPC_ADDRESS_RULE, isGrpcAddress } from './grpc/address';

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

const postgresUrl = z
  .string({ error: 'is required (a postgres:// URL)' })
  .refine((v) => /^postgres(ql)?:\/\/.+\/[^/]+/.test(v), 'must be a postgres:// URL with a database name');

// One name (DNS gives every replica) or, where there is no DNS, a static list (grpc/address.ts).
const hostPort = z.string().refine(isGrpcAddress, GRPC_ADDRESS_RULE);

/** Settings every service shares. */
export const serviceEnv = {
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_MAX: envInt(10, 1),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  EVENTS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only (1-64)')
    .default('depot'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GRPC_DEADLINE_MS: envInt(5000, 100),
  /** Port of the Prometheus /metrics listener; 0 (the default): no listener. */
  METRICS_PORT: envInt(0, 0).pipe(z.number().max(65535, 'must be a port number (0-65535)')),
};

export const hostPortSchema = hostPort;

/** SERVICE_MIRROR_URL: where the mod archives are; download urls are `{mirror}/mods/{name}/{name}-{version}.zip`. */
export const mirrorUrlSchema = z
  .string()
  .default('http://localhost/mirror/')
  .refine((v) => /^https?:\/\/\S+$/.test(v) && URL.canParse(v), 'must be an http(s) URL');

/**
 * PUBLIC_URL: the gateway's public address (`https://depot.example.com`, a path allowed), whose
 * `/api/` is the API root launchers and Technic Platform are given. Empty means unset.
 */
export const publicUrlSchema = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL');
export { z };
