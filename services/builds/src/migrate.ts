// One-shot migrations for the Kubernetes migrations Job (`node services/builds/dist/migrate.js`, or
// `node deploy/entrypoint.js migrate-builds` in the image): opens the builds database, applies the
// pending migrations under the same advisory lock as a starting service, and exits 0 (1 on
// failure). No NATS, no gRPC.
import type { EntitySchema } from '@mikro-orm/core';
import { ConfigError, createLogger } from '@depot/common/process';
import { initOrm, migrate, OutboxEventSchema, redactUrl } from '@depot/common/runtime';
import { loadBuildsConfig } from './config';
import { BuildSchema } from './entities/build';
import { BuildModSchema } from './entities/build-mod';
import { ModpackSchema } from './entities/modpack';
import { migrations } from './migrations';

async function main(): Promise<void> {
  const config = loadBuildsConfig();
  const logger = createLogger('builds-migrate', config.LOG_LEVEL);
  const orm = await initOrm({
    url: config.DATABASE_URL,
    entities: [ModpackSchema, BuildSchema, BuildModSchema, OutboxEventSchema as EntitySchema],
    migrations,
    // migrate() holds one connection for the advisory lock while the migrator works on another.
    poolMax: 2,
    logger,
  });
  try {
    await migrate(orm, logger);
    logger.info({ database: redactUrl(config.DATABASE_URL) }, 'builds migrations up to date');
  } finally {
    await orm.close(true);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError) process.stderr.write(`builds-migrate: ${err.message}\n`);
    else process.stderr.write(`builds-migrate: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
