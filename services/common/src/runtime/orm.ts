// MikroORM on PostgreSQL: one database per service, committed migrations listed in code (run at
// start, or by the migrations Job in Kubernetes), pool sized by configuration, fail-fast when the
// database is unreachable so callers get UNAVAILABLE instead of hanging, and no work done for a
// caller whose deadline has passed (db-deadline.ts).
import { MikroORM, type EntitySchema, type MigrationObject } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { commitBeforeDeadline, guardConnections } from './db-deadline';

export type Orm = MikroORM<PostgreSqlDriver>;

export interface OrmOptions {
  url: string;
  entities: EntitySchema[];
  migrations: MigrationObject[];
  poolMax?: number;
  logger?: Logger;
  /** Log every SQL statement at debug level (tests count queries with it). */
  debug?: boolean;
  onQuery?: (sql: string) => void;
}

/** The longest a statement may run (a call's deadline may end it sooner). */
const STATEMENT_TIMEOUT_MS = 15_000;

export async function initOrm(opts: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init<PostgreSqlDriver>({
    driver: PostgreSqlDriver,
    clientUrl: opts.url,
    entities: opts.entities,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      migrationsList: opts.migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
    },
    pool: {
      min: 0,
      max: opts.poolMax ?? 10,
      // Fail fast while the database is down: a request waits at most this long for a connection.
      acquireTimeoutMillis: 3000,
      createTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
    } as never,
    driverOptions: { connection: { connectionTimeoutMillis: 3000, statement_timeout: STATEMENT_TIMEOUT_MS } },
    debug: opts.debug || !!opts.onQuery,
    logger: (message) => {
      if (opts.onQuery) opts.onQuery(message);
      else opts.logger?.debug({ orm: message });
    },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    // Entities are plain objects defined with EntitySchema; no reflection needed.
    ensureDatabase: false,
    subscribers: [commitBeforeDeadline],
  });
  guardConnections(orm.em.getConnection().getKnex().client, STATEMENT_TIMEOUT_MS);
  return orm;
}

/** The advisory lock (per database) under which migrations run: one replica at a time migrates. */
export const MIGRATIONS_LOCK = 727274;

/**
 * Runs pending migrations, serialized across replicas by a PostgreSQL advisory lock; up to and
 * including `to` when given (a restore loads a backup at the schema it was made with).
 */
export async function migrate(orm: Orm, logger?: Logger, to?: string): Promise<void> {
  const knex = orm.em.getConnection().getKnex();
  const conn = await knex.client.acquireConnection();
  try {
    await conn.query(`SELECT pg_advisory_lock(${MIGRATIONS_LOCK})`);
    const done = await orm.getMigrator().up(to === undefined ? undefined : { to });
    if (done.length) logger?.info({ migrations: done.map((m) => m.name) }, 'migrations applied');
  } finally {
    await conn.query(`SELECT pg_advisory_unlock(${MIGRATIONS_LOCK})`).catch(() => undefined);
    await knex.client.releaseConnection(conn);
  }
}
