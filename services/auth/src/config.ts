import { envInt, hostPortSchema, loadConfig, passwordProblem, serviceEnv, z } from '@depot/common';
import { ENCRYPTION_KEY_MIN_LENGTH } from './two-factor-secrets';

// An empty variable (common in compose files) means "not set".
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
const secretKey = z.string().min(ENCRYPTION_KEY_MIN_LENGTH, `must be at least ${ENCRYPTION_KEY_MIN_LENGTH} characters`);

export const authConfigSchema = z.object({
  ...serviceEnv,
  AUTH_GRPC_LISTEN: hostPortSchema.default('0.0.0.0:50053'),
  /** When set, user `admin` (solder_full) exists at start with this value as one of its tokens. */
  ADMIN_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, 'must be at least 16 characters').optional()),
  /** When set, user `admin` exists at start and gets this password when the value is new (bootstrap.ts). */
  ADMIN_PASSWORD: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((v) => passwordProblem(v) === null, 'must be 8 characters to 72 bytes (UTF-8), without NUL')
      .optional(),
  ),
  /**
   * bcrypt's cost factor for new password hashes: 12 takes about 0.2 s of one core (measured;
   * each step doubles it). Hashes of a lower cost are upgraded at the next sign-in.
   */
  BCRYPT_COST: envInt(12, 4).pipe(z.number().max(15, 'must be at most 15')),
  /**
   * bcrypt hashes computed at once, on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE
   * says otherwise): fewer than its threads leaves some to files and DNS under a sign-in flood.
   */
  BCRYPT_CONCURRENCY: envInt(2, 1),
  /** bcrypt hashes waiting for a turn; a password check beyond them is refused at once (429). */
  BCRYPT_QUEUE: envInt(4, 0),
  /** A session unused for this long ends. */
  SESSION_IDLE_TIMEOUT_SECONDS: envInt(2 * 3600, 1),
  /** A session ends this long after sign-in, however much it is used. */
  SESSION_LIFETIME_SECONDS: envInt(12 * 3600, 1),
  /**
   * Encrypts TOTP secrets at rest (two-factor-secrets.ts). Without it nobody can turn on two-factor
   * sign-in; auth refuses to start when stored secrets need a key it does not have.
   */
  TOTP_ENCRYPTION_KEY: z.preprocess(unsetIfEmpty, secretKey.optional()),
  /** The key before a rotation: secrets still sealed with it are sealed again with the new one at start. */
  TOTP_ENCRYPTION_KEY_PREVIOUS: z.preprocess(unsetIfEmpty, secretKey.optional()),
  /** The name authenticator apps show beside the username. */
  TWO_FACTOR_ISSUER: z.preprocess(unsetIfEmpty, z.string().max(100).default('Depot')),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authConfigSchema, env);
