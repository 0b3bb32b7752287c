// The auth service process: database + modpack.deleted consumer + gRPC server. Publishes no
// events, so no outbox.
import { type Logger } from '@depot/common/process';
import { bindHandlers, startGrpcServer } from '@depot/common/grpc';
import { openRuntime, type Orm } from '@depot/common/runtime';
import { AuthService } from '@depot/proto';
import { ensureBootstrapAdmin } from './bootstrap';
import { Clients } from './clients';
import type { AuthConfig } from './config';
import { Credentials } from './credentials';
import { entities } from './entities';
import { authHandlers } from './handlers';
import { Keys } from './keys';
import { migrations } from './migrations';
import { startModpackCleanup } from './modpack-cleanup';
import { Passwords } from './passwords';
import { Sessions } from './sessions';
import { SignIn } from './sign-in';
import { Tokens } from './tokens';
import type { Clock } from './totp';
import { TwoFactor } from './two-factor';
import { checkTwoFactorKeys, SecretBox } from './two-factor-secrets';
import { Users } from './users';

export const AUTH_SERVICE_NAME = 'depot.auth.v1.AuthService';

export interface AuthApp {
  port: number;
  orm: Orm;
  stop(): Promise<void>;
}

export async function startAuth(
  config: AuthConfig,
  /** `clock`: the time TOTP codes are checked against (tests move it). */
  opts: { logger?: Logger; onQuery?: (sql: string) => void; clock?: Clock } = {},
): Promise<AuthApp> {
  const runtime = await openRuntime({
    name: 'auth',
    config,
    entities,
    migrations,
    outbox: false,
    logger: opts.logger,
    onQuery: opts.onQuery,
  });
  const { orm, bus, logger } = runtime;
  const passwords = new Passwords(config.BCRYPT_COST, {
    concurrency: config.BCRYPT_CONCURRENCY,
    queue: config.BCRYPT_QUEUE,
  });
  const box = config.TOTP_ENCRYPTION_KEY ? new SecretBox(config.TOTP_ENCRYPTION_KEY) : null;
  try {
    await passwords.ready();
    const previous = config.TOTP_ENCRYPTION_KEY_PREVIOUS ? new SecretBox(config.TOTP_ENCRYPTION_KEY_PREVIOUS) : null;
    await checkTwoFactorKeys(orm, { current: box, previous }, logger);
    await ensureBootstrapAdmin(orm, { token: config.ADMIN_TOKEN, password: config.ADMIN_PASSWORD }, passwords, logger);
  } catch (err) {
    await runtime.close();
    throw err;
  }
  const cleanup = startModpackCleanup(orm, bus, logger);
  const sessions = new Sessions(orm, passwords, {
    idleSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS,
    lifetimeSeconds: config.SESSION_LIFETIME_SECONDS,
  });
  const twoFactor = new TwoFactor(orm, passwords, {
    box,
    issuer: config.TWO_FACTOR_ISSUER,
    clock: opts.clock ?? Date.now,
  });
  const handlers = authHandlers({
    credentials: new Credentials(orm, sessions),
    users: new Users(orm, passwords),
    tokens: new Tokens(orm),
    sessions,
    signIn: new SignIn(orm, sessions, twoFactor),
    twoFactor,
    keys: new Keys(orm),
    clients: new Clients(orm),
  });
  const grpcServer = await startGrpcServer({
    address: config.AUTH_GRPC_LISTEN,
    logger,
    services: [
      {
        name: AUTH_SERVICE_NAME,
        definition: AuthService.service,
        handlers: bindHandlers(AuthService.service, handlers, logger),
      },
    ],
  }).catch(async (err) => {
    await cleanup.stop();
    await runtime.close();
    throw err;
  });
  // SERVING, and NOT_SERVING while the database is unreachable (checked every 5 s).
  runtime.watchHealth(grpcServer);
  logger.info({ port: grpcServer.port }, 'auth gRPC listening');
  return {
    port: grpcServer.port,
    orm,
    async stop() {
      await grpcServer.shutdown();
      await cleanup.stop();
      await runtime.close();
    },
  };
}
