// Metrics, tracing, health and log redaction of the shared runtime: a trace crosses a gRPC call
// and an event (outbox row → NATS headers → consumer), the scrape shows gRPC, outbox, consumer
// and pool metrics, the health monitor follows the database, and logs never show secrets.
import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import * as grpc from '@grpc/grpc-js';
import { Migration } from '@mikro-orm/migrations';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { CatalogService } from '@depot/proto';
import { DepotError } from '../src/domain/errors';
import { createClient } from '../src/grpc/client';
import { bindHandlers } from '../src/grpc/server';
import { startHealthMonitor } from '../src/runtime/health';
import { createLogger } from '../src/process/logger';
import { renderMetrics, startMetricsServer, type MetricsServer } from '../src/process/metrics';
import { runConsumer, type Bus } from '../src/bus/nats';
import { enqueueEvent, OUTBOX_TABLE_SQL, OUTBOX_TRACE_SQL } from '../src/runtime/outbox';
import { openRuntime, type Runtime } from '../src/runtime/runtime';
import { createTestDatabase, createTestNamespace, eventually, TEST_NATS_URL } from '../src/testing';
import { initTracing, shutdownTracing, tracer, tracingEnabled, traceCarrier } from '../src/process/tracing';

/** Log lines written to memory. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { lines, logger: createLogger('test', 'info', stream) };
}

/** One sample of the scrape, e.g. metric('depot_outbox_backlog', { service: 'obs' }). */
async function metric(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const { body } = await renderMetrics();
  for (const line of body.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('tracing off (the default)', () => {
  it('registers nothing and injects nothing', () => {
    expect(initTracing('test', { env: {} })).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(traceCarrier()).toBeUndefined();
  });
});

describe('with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => {
    expect(initTracing('test', { spanProcessors: [new SimpleSpanProcessor(exporter)] })).toBe(true);
  });
  afterAll(() => shutdownTracing());
  beforeEach(() => exporter.reset());

  describe('gRPC', () => {
    let server: grpc.Server;
    let client: ReturnType<typeof createClient<typeof CatalogService.service>>;
    const seen: { traceparent?: string; traceId?: string }[] = [];
    const log = memoryLog();

    beforeAll(async () => {
      const handlers: Record<string, (req: never, call: grpc.ServerUnaryCall<unknown, unknown>) => Promise<unknown>> =
        Object.fromEntries(
          Object.keys(CatalogService.service).map((m) => [m, async () => Promise.reject(new Error(`unexpected ${m}`))]),
        );
      handlers.GetMod = async (req: { slug: string }, call: grpc.ServerUnaryCall<unknown, unknown>) => {
        seen.push({
          traceparent: String(call.metadata.get('traceparent')[0] ?? ''),
          traceId: trace.getSpan(context.active())?.spanContext().traceId,
        });
        log.logger.info({ slug: req.slug }, 'GetMod');
        if (req.slug === 'absent') throw new DepotError('MOD_NOT_FOUND');
        return { id: 1, name: req.slug, pretty_name: 'X', versions: [], created_at: 'x', updated_at: 'x' };
      };
      server = new grpc.Server();
      server.addService(CatalogService.service, bindHandlers(CatalogService.service, handlers as never, log.logger));
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
          err ? reject(err) : resolve(p),
        ),
      );
      client = createClient(CatalogService, `127.0.0.1:${port}`);
    });
    afterAll(() => {
      client.close();
      server.forceShutdown();
    });

    it('carries the caller trace to the server (traceparent in metadata), where log lines show it', async () => {
      const traceId = await tracer().startActiveSpan('caller', async (span) => {
        await client.GetMod({ slug: 'jei' });
        span.end();
        return span.spanContext().traceId;
      });
      expect(seen.at(-1)?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      expect(seen.at(-1)?.traceId).toBe(traceId);
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      expect(spans.map((s) => s.name).sort()).toEqual([
        'caller',
        'depot.catalog.v1.CatalogService/GetMod', // client
        'depot.catalog.v1.CatalogService/GetMod', // server
      ]);
      expect(log.lines.find((l) => l.msg === 'GetMod')).toMatchObject({
        trace_id: traceId,
        span_id: expect.any(String),
      });
    });

    it('counts calls by method and code on both sides', async () => {
      const labels = { service: 'depot.catalog.v1.CatalogService', method: 'GetMod' };
      const before = (await metric('depot_grpc_server_handled_total', { ...labels, code: 'NOT_FOUND' })) ?? 0;
      await expect(client.GetMod({ slug: 'absent' })).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
      expect(await metric('depot_grpc_server_handled_total', { ...labels, code: 'NOT_FOUND' })).toBe(before + 1);
      expect(await metric('depot_grpc_client_handled_total', { ...labels, code: 'NOT_FOUND' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(
        await metric('depot_grpc_server_handling_seconds_count', { ...labels, code: 'OK' }),
      ).toBeGreaterThanOrEqual(1);
    });
  });

  describe('runtime: outbox, events, scrape', () => {
    class OutboxMigration extends Migration {
      override async up() {
        for (const sql of [...OUTBOX_TABLE_SQL, ...OUTBOX_TRACE_SQL]) this.addSql(sql);
      }
    }
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    const ns = createTestNamespace('obs');
    let runtime: Runtime;
    let metricsServer: MetricsServer;
    const log = memoryLog();

    beforeAll(async () => {
      db = await createTestDatabase('common_obs');
      runtime = await openRuntime({
        name: 'obs',
        config: {
          DATABASE_URL: db.url,
          DATABASE_POOL_MAX: 3,
          NATS_URL: TEST_NATS_URL,
          EVENTS_NAMESPACE: ns.namespace,
          LOG_LEVEL: 'info',
        },
        entities: [],
        migrations: [{ name: 'outbox', class: OutboxMigration }],
        outbox: true,
        logger: log.logger,
      });
      metricsServer = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await metricsServer?.close();
      await runtime?.close();
      await db?.drop();
      await ns.drop().catch(() => undefined);
    });

    it('continues the trace of the writing transaction in the consumer, through NATS headers', async () => {
      const handled: { traceId?: string; headers?: string }[] = [];
      const consumer = runConsumer(runtime.bus as Bus, {
        durable: 'obs-consumer',
        types: ['mod.deleted'],
        logger: log.logger,
        handler: async (_event, msg) => {
          handled.push({
            traceId: trace.getSpan(context.active())?.spanContext().traceId,
            headers: msg.headers?.get('traceparent'),
          });
          log.logger.info('handled');
        },
      });
      try {
        const traceId = await tracer().startActiveSpan('write', async (span) => {
          await runtime.orm.em.fork().transactional(async (tx) => {
            enqueueEvent(tx, 'mod.deleted', { mod_id: 7, version_ids: [70] });
          });
          runtime.relay!.kick();
          span.end();
          return span.spanContext().traceId;
        });
        const em = runtime.orm.em.fork() as SqlEntityManager;
        const [row] = await em.execute('select trace from outbox order by id desc limit 1');
        expect(row.trace.traceparent).toContain(traceId);

        await eventually(async () => handled.length === 1, 10_000);
        expect(handled[0].traceId).toBe(traceId);
        expect(handled[0].headers).toContain(traceId);
        const names = exporter
          .getFinishedSpans()
          .filter((s) => s.spanContext().traceId === traceId)
          .map((s) => s.name);
        expect(names).toEqual(expect.arrayContaining(['write', 'publish mod.deleted', 'process mod.deleted']));
        expect(log.lines.find((l) => l.msg === 'handled')).toMatchObject({ trace_id: traceId });

        // The scrape, over HTTP as Prometheus reads it.
        const res = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        const text = await res.text();
        expect(text).toContain('depot_outbox_backlog{service="obs"} 0');
        expect(text).toContain('depot_outbox_oldest_age_seconds{service="obs"} 0');
        expect(text).toMatch(/depot_outbox_published_total\{service="obs"\} [1-9]/);
        expect(text).toContain('depot_events_consumer_pending{durable="obs-consumer"} 0');
        expect(text).toContain('depot_events_consumer_ack_pending{durable="obs-consumer"}');
        expect(text).toContain('depot_events_processed_total{durable="obs-consumer",type="mod.deleted",result="ok"} 1');
        expect(text).toContain('depot_db_pool_connections{service="obs",state="max"} 3');
        expect(text).toMatch(/depot_db_pool_connections\{service="obs",state="used"\} \d/);
        expect(text).toContain('depot_nats_connected{service="obs"} 1');
        expect(text).toContain('process_cpu_user_seconds_total');
        expect((await fetch(`http://127.0.0.1:${metricsServer.port}/other`)).status).toBe(404);
      } finally {
        await consumer.stop();
      }
      // A stopped consumer is no longer scraped.
      expect(await metric('depot_events_consumer_pending', { durable: 'obs-consumer' })).toBeUndefined();
    });

    it('stores each writer its own context, after queries and waits for a pooled connection', async () => {
      // As catalog's deleteMod: the transaction queries (and may wait for a connection of the
      // pool, here 3 for 6 writers) before it enqueues its event.
      const written = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          tracer().startActiveSpan(`writer ${i}`, async (span) => {
            await (runtime.orm.em.fork() as SqlEntityManager).transactional(async (tx) => {
              await tx.execute('select pg_sleep(0.05)');
              await tx.execute('select 1');
              enqueueEvent(tx, 'mod.deleted', { mod_id: 1000 + i, version_ids: [] });
            });
            span.end();
            return { modId: 1000 + i, traceId: span.spanContext().traceId };
          }),
        ),
      );
      const em = runtime.orm.em.fork() as SqlEntityManager;
      const rows: { mod_id: number; traceparent: string }[] = await em.execute(
        `select (payload->>'mod_id')::int as mod_id, trace->>'traceparent' as traceparent from outbox
          where (payload->>'mod_id')::int >= 1000`,
      );
      expect(rows).toHaveLength(written.length);
      for (const w of written) {
        expect(rows.find((r) => r.mod_id === w.modId)?.traceparent).toMatch(new RegExp(`^00-${w.traceId}-`));
      }
      runtime.relay!.kick();
      await eventually(async () => (await runtime.relay!.backlog()) === 0, 10_000);
    });

    it('shows the age of the oldest unpublished event', async () => {
      await runtime.relay!.stop(); // nothing publishes from here on
      await runtime.orm.em.fork().transactional(async (tx) => {
        enqueueEvent(tx, 'mod.deleted', { mod_id: 8, version_ids: [] });
      });
      await new Promise((r) => setTimeout(r, 1100));
      expect(await metric('depot_outbox_backlog', { service: 'obs' })).toBe(1);
      expect(await metric('depot_outbox_oldest_age_seconds', { service: 'obs' })).toBeGreaterThanOrEqual(1);
    });
  });
});

describe('health monitor', () => {
  it('turns NOT_SERVING while the database fails and SERVING once it answers, whatever NATS does', async () => {
    let dbUp = true;
    let natsUp = true;
    const serving: boolean[] = [];
    const orm = {
      em: {
        getConnection: () => ({
          execute: async () => (dbUp ? [{ '?column?': 1 }] : Promise.reject(new Error('ECONNREFUSED'))),
        }),
      },
    };
    const log = memoryLog();
    const monitor = startHealthMonitor({
      orm: orm as never,
      bus: { connected: () => natsUp } as Bus,
      server: { setServing: (s) => void serving.push(s) },
      logger: log.logger,
      intervalMs: 60_000,
    });
    try {
      expect(serving).toEqual([true]);
      natsUp = false;
      expect(await monitor.check()).toBe(true);
      expect(serving.at(-1)).toBe(true);
      expect(monitor.state()).toEqual({ database: true, nats: false });
      dbUp = false;
      expect(await monitor.check()).toBe(false);
      expect(serving.at(-1)).toBe(false);
      dbUp = true;
      natsUp = true;
      expect(await monitor.check()).toBe(true);
      expect(serving.at(-1)).toBe(true);
      expect(log.lines.map((l) => l.msg)).toEqual([
        'NATS unreachable: events wait in the outbox, consumers resume when it is back',
        'database unreachable: gRPC health NOT_SERVING',
        'database reachable again: gRPC health SERVING',
        'NATS reachable again',
      ]);
    } finally {
      monitor.stop();
    }
  });
});

describe('log redaction', () => {
  it('never writes tokens, keys, passwords or credential query parameters', () => {
    const { lines, logger } = memoryLog();
    logger.info(
      {
        authorization: 'Bearer SECRET1',
        token: 'SECRET2',
        api_key: 'SECRET3',
        key: 'SECRET4',
        password: 'SECRET5',
        plaintext: 'SECRET6',
        headers: { authorization: 'Bearer SECRET7' },
        req: {
          headers: { authorization: 'Bearer SECRET8', cookie: 'SECRET9' },
          url: '/api/modpack?k=SECRET10&include=full',
        },
        principal: { token: 'SECRET11', api_key: 'SECRET12' },
        query: { k: 'SECRET13', cid: 'SECRET14', include: 'mods' },
        url: '/api/modpack/x?cid=SECRET15&k=SECRET16',
      },
      'request',
    );
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/SECRET/);
    expect(lines[0]).toMatchObject({
      authorization: '[redacted]',
      headers: { authorization: '[redacted]' },
      req: { url: '/api/modpack?k=[redacted]&include=full' },
      query: { k: '[redacted]', cid: '[redacted]', include: 'mods' },
      url: '/api/modpack/x?cid=[redacted]&k=[redacted]',
    });
  });
});
