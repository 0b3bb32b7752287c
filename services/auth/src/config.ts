import { passwordProblem } from '@depot/common';
import { envInt, hostPortSchema, loadConfig, serviceEnv, z } from '@depot/common/process';
import { ENCRYPTION_KEY_MIN_LENGTH } from './two-factor-secrets';

// An empty variable (common in compose files) means "not set".
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
const secretKey = z.string().min(ENCRYPTION_KEY_MIN_LENGTH, `must be at least ${ENCRYPTION_KEY_MIN_LENGTH} characters`);

// Each `.meta({ description })` is the setting's documentation: docs/configuration.md is generated
// from it (`npm run docs:config`; links relative to docs/).
export const authConfigSchema = z.object({
  ...serviceEnv,
  AUTH_GRPC_LISTEN: hostPortSchema.default('0.0.0.0:50053').meta({ description: 'gRPC listen address.' }),
  /** bootstrap.ts. */
  ADMIN_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, 'must be at least 16 characters').optional()).meta({
    description:
      'When set (16+ characters), user `admin` with `solder_full` exists and this value is one of its ' +
      'tokens; changing it rotates the token. Stored hashed.',
  }),
  /** bootstrap.ts. */
  ADMIN_PASSWORD: z
    .preprocess(
      unsetIfEmpty,
      z
        .string()
        .refine((v) => passwordProblem(v) === null, 'must be 8 characters to 72 bytes (UTF-8), without NUL')
        .optional(),
    )
    .meta({
      description:
        'When set (8 characters to 72 bytes), user `admin` with `solder_full` exists and gets this password ' +
        'when the value is new: a restart with the same value keeps a password changed since, a new value ' +
        "replaces it and ends admin's sessions. Stored as a bcrypt hash (the last value applied too).",
    }),
  BCRYPT_COST: envInt(12, 4)
    .pipe(z.number().max(15, 'must be at most 15'))
    .meta({
      description:
        'bcrypt cost of new password hashes (4-15; each step doubles the time). 12 takes about 0.2 s of one ' +
        'core per hash and per sign-in (measured on a 2-core machine); lower only for tests. Older hashes of ' +
        'a lower cost are upgraded at the next sign-in.',
    }),
  BCRYPT_CONCURRENCY: envInt(2, 1).meta({
    description:
      "bcrypt hashes computed at once (sign-ins, password checks and changes), on libuv's thread pool (4 " +
      'threads unless `UV_THREADPOOL_SIZE` says otherwise): fewer than its threads leave some to files and ' +
      'DNS during a sign-in flood. Raise both with the cores.',
  }),
  BCRYPT_QUEUE: envInt(4, 0).meta({
    description:
      'bcrypt hashes waiting for a turn. A password check beyond them is refused at once, untried: 429 ' +
      '`{"error":"Too many requests."}` with `Retry-After: 1`, never a 503 seconds later; tokens and ' +
      'launcher reads are not affected.',
  }),
  SESSION_IDLE_TIMEOUT_SECONDS: envInt(2 * 3600, 1).meta({
    description: 'A console session unused for this long ends.',
    defaultNote: '2 hours',
  }),
  SESSION_LIFETIME_SECONDS: envInt(12 * 3600, 1).meta({
    description:
      'A console session ends this long after sign-in, however much it is used (a working day; the cookie ' +
      'expires then too).',
    defaultNote: '12 hours',
  }),
  /** two-factor-secrets.ts. */
  TOTP_ENCRYPTION_KEY: z.preprocess(unsetIfEmpty, secretKey.optional()).meta({
    description:
      "Encrypts users' TOTP secrets (two-factor sign-in) at rest; 32 characters or more " +
      '(`openssl rand -base64 32`). Unset: nobody can turn two-factor sign-in on. Once secrets are stored, ' +
      "auth refuses to start without the key that sealed them. `import-solder` needs the auth service's key " +
      "to import Solder's secrets.",
  }),
  TOTP_ENCRYPTION_KEY_PREVIOUS: z.preprocess(unsetIfEmpty, secretKey.optional()).meta({
    description:
      'For a rotation: the key before; at start, secrets sealed with it are sealed again with ' +
      '`TOTP_ENCRYPTION_KEY`. Remove it once auth has started.',
  }),
  TWO_FACTOR_ISSUER: z.preprocess(unsetIfEmpty, z.string().max(100).default('Depot')).meta({
    description: 'The name authenticator apps show beside the username (the `issuer` of the otpauth:// URI).',
  }),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authConfigSchema, env);
