// What every service process is made of: config, logger, database (migrated), NATS, outbox relay,
// gRPC server with health, and an orderly stop. Each service's app.ts composes these.
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { GrpcServer } from '../grpc/server';
import { startHealthMonitor, type HealthMonitor } from './health';
import { createLogger } from '../process/logger';
import { scraped, startMetricsServer, withTimeout, type MetricsServer } from '../process/metrics';
import { connectBus, type Bus } from '../bus/nats';
import { initOrm, migrate, type Orm } from './orm';
import { reportVersionRule, type VersionTable } from './version-rule-report';
import { OutboxEventSchema, startOutboxRelay, type OutboxRelay } from './outbox';
import { redactUrl } from './db-admin';

export interface RuntimeConfig {
  DATABASE_URL: string;
  DATABASE_POOL_MAX: number;
  NATS_URL: string;
  EVENTS_NAMESPACE: string;
  LOG_LEVEL: string;
  /** Port of the Prometheus /metrics listener; 0 or absent: none. */
  METRICS_PORT?: number;
}

export interface Runtime {
  name: string;
  logger: Logger;
  orm: Orm;
  bus: Bus;
  relay?: OutboxRelay;
  /** Port of the /metrics listener, when METRICS_PORT is set. */
  metricsPort?: number;
  /**
   * Marks the server SERVING and keeps its health in step with the database from then on
   * (checked every 5 s; see health.ts). Stopped by close().
   */
  watchHealth(server: Pick<GrpcServer, 'setServing'>, opts?: { intervalMs?: number }): HealthMonitor;
  close(): Promise<void>;
}

export async function openRuntime(opts: {
  name: string;
  config: RuntimeConfig;
  entities: EntitySchema[];
  migrations: MigrationObject[];
  /** Services that publish events get the outbox table entity and a relay. */
  outbox: boolean;
  logger?: Logger;
  onQuery?: (sql: string) => void;
  /** The service's stored version strings, checked against today's rule after the migrations. */
  versions?: VersionTable;
}): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(opts.name, opts.config.LOG_LEVEL);
  // First, so that a taken port fails the start before anything else is opened.
  const metricsServer: MetricsServer | undefined = opts.config.METRICS_PORT
    ? await startMetricsServer({ port: opts.config.METRICS_PORT, logger })
    : undefined;
  const entities = opts.outbox ? [...opts.entities, OutboxEventSchema as EntitySchema] : opts.entities;
  const orm = await initOrm({
    url: opts.config.DATABASE_URL,
    entities,
    migrations: opts.migrations,
    poolMax: opts.config.DATABASE_POOL_MAX,
    logger,
    onQuery: opts.onQuery,
  }).catch(async (err) => {
    await metricsServer?.close();
    throw err;
  });
  try {
    await migrate(orm, logger);
    // A report, never a reason not to start.
    if (opts.versions) {
      await reportVersionRule(orm, logger, opts.versions).catch((err: unknown) =>
        logger.warn({ err }, 'the version rule report could not be made'),
      );
    }
  } catch (err) {
    await orm.close(true);
    await metricsServer?.close();
    throw err;
  }
  logger.info({ database: redactUrl(opts.config.DATABASE_URL) }, 'database ready');
  const bus = await connectBus(opts.config.NATS_URL, opts.config.EVENTS_NAMESPACE, logger).catch(async (err) => {
    await orm.close(true);
    await metricsServer?.close();
    throw err;
  });
  const relay = opts.outbox ? startOutboxRelay({ orm, bus, source: opts.name, logger }) : undefined;
  let monitor: HealthMonitor | undefined;
  const unregister = runtimeMetrics(opts.name, orm, bus, relay, () => monitor);
  return {
    name: opts.name,
    logger,
    orm,
    bus,
    relay,
    metricsPort: metricsServer?.port,
    watchHealth(server, watchOpts = {}) {
      monitor?.stop();
      monitor = startHealthMonitor({ orm, bus, server, logger, intervalMs: watchOpts.intervalMs });
      return monitor;
    },
    async close() {
      monitor?.stop();
      for (const off of unregister) off();
      await relay?.stop();
      await bus.close();
      await orm.close(true);
      await metricsServer?.close();
    },
  };
}

/** Scrape-time gauges of one runtime: database pool, outbox backlog and age, database and NATS state. */
function runtimeMetrics(
  service: string,
  orm: Orm,
  bus: Bus,
  relay: OutboxRelay | undefined,
  monitor: () => HealthMonitor | undefined,
): (() => void)[] {
  type TarnPool = { numUsed(): number; numFree(): number; numPendingAcquires(): number; max: number };
  const pool = () => (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
  let stats: { at: number; value: ReturnType<OutboxRelay['stats']> } | undefined;
  const outboxStats = (r: OutboxRelay) => {
    // One query serves both outbox gauges of a scrape.
    if (!stats || Date.now() - stats.at > 1000) {
      const value = withTimeout(r.stats(), 2500);
      value.catch(() => undefined);
      stats = { at: Date.now(), value };
    }
    return stats.value;
  };
  const offs = [
    scraped.dbPool.add((gauge) => {
      const p = pool();
      if (!p) return;
      gauge.set({ service, state: 'used' }, p.numUsed());
      gauge.set({ service, state: 'free' }, p.numFree());
      gauge.set({ service, state: 'pending' }, p.numPendingAcquires());
      gauge.set({ service, state: 'max' }, p.max);
    }),
    scraped.natsConnected.add((gauge) => gauge.set({ service }, bus.connected() ? 1 : 0)),
    scraped.dbUp.add((gauge) => {
      const m = monitor();
      if (m) gauge.set({ service }, m.state().database ? 1 : 0);
    }),
  ];
  if (relay) {
    offs.push(
      scraped.outboxBacklog.add(async (gauge) => gauge.set({ service }, (await outboxStats(relay)).backlog)),
      scraped.outboxAge.add(async (gauge) => gauge.set({ service }, (await outboxStats(relay)).oldestAgeSeconds)),
    );
  }
  return offs;
}
