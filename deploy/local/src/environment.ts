// The environment `npm start` reads (resolveSettings in config.ts, start.ts), declared with zod so
// that docs/configuration.md documents the launcher from the same kind of source as the services.
// Not parsed through: config.ts reads these names by hand, and the docs test checks that every
// name read there is declared here. A setting the launcher passes on means what the service's
// schema describes; only what differs under `npm start` is said here (its default).
import { localStackEnv, z } from '@depot/common/process';

const unset = (defaultNote: string) => z.string().optional().meta({ defaultNote });

export const launcherEnvSchema = z.object({
  DATABASE_URL: unset('`127.0.0.1:5432` when it answers, else an embedded PostgreSQL under `.data/`'),
  DEPOT_EMBEDDED_PG: z
    .string()
    .default('false')
    .meta({
      description:
        '`true`: use the embedded PostgreSQL (data under `.data/postgres`; for the tests a throwaway cluster) ' +
        'even when a server answers on `127.0.0.1:5432`. `npm test` reads it too.',
    }),
  NATS_URL: unset('`127.0.0.1:4222` when it answers, else a `nats-server` from `PATH`'),
  EVENTS_NAMESPACE: z.string().default('depot'),
  GATEWAY_PORT: z.string().default('8080'),
  ADMIN_TOKEN: unset('`npm start` generates one for the run and prints it'),
  ADMIN_PASSWORD: unset('`npm start` generates one once, for an admin without a password, and prints it'),
  TOTP_ENCRYPTION_KEY: unset('`npm start` keeps one in `.data/totp-encryption-key`'),
  HOOKS_SECRET_KEY: unset('`npm start` keeps one in `.data/hooks-secret-key`'),
  SERVICE_MIRROR_URL: unset(
    'the gateway `npm start` runs (`http://127.0.0.1:<GATEWAY_PORT>/`), which serves the archives Depot hosts',
  ),
  SERVICE_DISABLE_MOD_API: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  LOG_PRETTY: z.string().default('true'),
  LOG_COLOR: z.string().optional(),
  ACCESS_LOG_FILE: unset(
    '`.data/logs/gateway-access.log` with pretty logs (the gateways append to it; set to empty, their access ' +
      'lines stay on the terminal)',
  ),
  ARCHIVE_STORE_DIR: unset('`.data/archives` under the checkout (test stacks: a throwaway folder)'),
  ...Object.fromEntries(
    (['CATALOG', 'BUILDS', 'AUTH', 'HOOKS', 'GATEWAY'] as const).map((service) => [
      `${service}_REPLICAS`,
      z
        .string()
        .default('1')
        .meta({
          description:
            `Processes of the ${service.toLowerCase()} service \`npm start\` runs (1 to 4), each on its own port, ` +
            'restarted on its own; every caller balances over them (docs/replicas.md).',
        }),
    ]),
  ),
  ...localStackEnv.shape,
});
