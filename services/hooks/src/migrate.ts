// One-shot migrations for the Kubernetes migrations Job (`node services/hooks/dist/migrate.js`, or
// `node deploy/entrypoint.js migrate-hooks` in the image): opens the hooks database, applies the
// pending migrations under the same advisory lock as a starting service, and exits 0 (1 on
// failure). No NATS, no gRPC.
import type { EntitySchema } from '@mikro-orm/core';
import { ConfigError, createLogger } from '@depot/common/process';
import { initOrm, migrate, redactUrl } from '@depot/common/runtime';
import { loadHooksConfig } from './config';
import { EndpointSchema } from './endpoint';
import { migrations } from './migrations';

async function main(): Promise<void> {
  const config = loadHooksConfig();
  const logger = createLogger('hooks-migrate', config.LOG_LEVEL);
  const orm = await initOrm({
    url: config.DATABASE_URL,
    entities: [EndpointSchema as EntitySchema],
    migrations,
    // migrate() holds one connection for the advisory lock while the migrator works on another.
    poolMax: 2,
    logger,
  });
  try {
    await migrate(orm, logger);
    logger.info({ database: redactUrl(config.DATABASE_URL) }, 'hooks migrations up to date');
  } finally {
    await orm.close(true);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError) process.stderr.write(`hooks-migrate: ${err.message}\n`);
    else process.stderr.write(`hooks-migrate: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
