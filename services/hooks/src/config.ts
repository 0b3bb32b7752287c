import { envBool, envInt, hostPortSchema, loadConfig, publicUrlSchema, serviceEnv, z } from '@depot/common/process';
import { ENCRYPTION_KEY_MIN_LENGTH } from '@depot/common/runtime';
import { parseRetrySchedule } from './retry-schedule';

const secretKey = z
  .string({ error: `is required (${ENCRYPTION_KEY_MIN_LENGTH} characters or more)` })
  .min(ENCRYPTION_KEY_MIN_LENGTH, `must be at least ${ENCRYPTION_KEY_MIN_LENGTH} characters`);

export const hooksConfigSchema = z.object({
  ...serviceEnv,
  HOOKS_GRPC_LISTEN: hostPortSchema.default('0.0.0.0:50055').meta({ description: 'gRPC listen address.' }),
  /** The builds service, asked for a published build's changelog (the payload's summary). */
  BUILDS_GRPC_ADDR: hostPortSchema.default('127.0.0.1:50052'),
  HOOKS_SECRET_KEY: secretKey.meta({
    description:
      "Encrypts webhooks' signing secrets at rest (AES-256-GCM); 32 characters or more (`openssl rand -base64 32`). " +
      '`npm start` keeps one in `.data/hooks-secret-key`. hooks refuses to start with a key that cannot read the ' +
      'stored secrets; to change it, set the old one as `HOOKS_SECRET_KEY_PREVIOUS` for one start.',
  }),
  HOOKS_SECRET_KEY_PREVIOUS: z
    .preprocess((v) => (v === '' ? undefined : v), secretKey.optional())
    .meta({
      description:
        'For a rotation: the key before; at start, the secrets sealed with it are sealed again with ' +
        '`HOOKS_SECRET_KEY`. Remove it once hooks has started.',
    }),
  /** The links of deliveries (changelogs); none when unset. */
  PUBLIC_URL: publicUrlSchema,
  HOOKS_RETRY_SCHEDULE: z
    .string()
    .default('10s,1m,5m,30m,1h')
    .transform((v, ctx) => {
      try {
        return parseRetrySchedule(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .meta({
      description:
        'Delays between the attempts of a delivery (`ms`, `s`, `m`, `h`), the last repeated until ' +
        '`HOOKS_RETRY_FOR`; then the delivery is given up.',
    }),
  HOOKS_RETRY_FOR: z
    .string()
    .default('24h')
    .transform((v, ctx) => {
      try {
        return parseRetrySchedule(v)[0];
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .meta({ description: 'How long after its event a delivery is retried (e.g. `24h`).' }),
  WEBHOOK_ALLOW_HTTP: envBool(false).meta({ description: 'Lets endpoints be `http://` URLs (else `https` only).' }),
  WEBHOOK_ALLOW_PRIVATE: envBool(false).meta({
    description:
      'Lets deliveries reach loopback, private, link-local and other non-public addresses (a receiver inside the ' +
      'network, tests). Off: refused at registration for a literal address, and at every connect and redirect ' +
      'for the addresses a name resolves to.',
  }),
  HOOKS_CONNECT_TIMEOUT_MS: envInt(3000, 100).meta({ description: 'Connecting to an endpoint.' }),
  HOOKS_TIMEOUT_MS: envInt(10_000, 100).meta({ description: 'A whole delivery attempt, redirects included.' }),
  HOOKS_CONCURRENCY: envInt(32, 1).meta({ description: 'Deliveries sent at the same time by one process.' }),
  HOOKS_MAX_PER_MODPACK: envInt(20, 1).meta({ description: 'Endpoints per modpack (more: 422).' }),
  HOOKS_MAX_TOTAL: envInt(1000, 1).meta({ description: 'Endpoints in all (more: 422).' }),
  HOOKS_DISCORD_PREFIXES: z
    .string()
    .default('https://discord.com/api/webhooks/,https://discordapp.com/api/webhooks/')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .meta({ description: 'URLs starting with one of these (comma separated) get the Discord format by default.' }),
});

export type HooksConfig = z.infer<typeof hooksConfigSchema>;

export const loadHooksConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(hooksConfigSchema, env);
