// One-shot migrations for the Kubernetes migrations Job (`node services/auth/dist/migrate.js`, or
// `node deploy/entrypoint.js migrate-auth` in the image): opens the auth database, applies the
// pending migrations under the same advisory lock as a starting service, and exits 0 (1 on
// failure). No NATS, no gRPC; the ADMIN_TOKEN bootstrap stays with the service's start.
import { ConfigError, createLogger } from '@depot/common/process';
import { initOrm, migrate, redactUrl } from '@depot/common/runtime';
import { loadAuthConfig } from './config';
import { entities } from './entities';
import { migrations } from './migrations';

async function main(): Promise<void> {
  const config = loadAuthConfig();
  const logger = createLogger('auth-migrate', config.LOG_LEVEL);
  const orm = await initOrm({
    url: config.DATABASE_URL,
    entities,
    migrations,
    // migrate() holds one connection for the advisory lock while the migrator works on another.
    poolMax: 2,
    logger,
  });
  try {
    await migrate(orm, logger);
    logger.info({ database: redactUrl(config.DATABASE_URL) }, 'auth migrations up to date');
  } finally {
    await orm.close(true);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError) process.stderr.write(`auth-migrate: ${err.message}\n`);
    else process.stderr.write(`auth-migrate: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
