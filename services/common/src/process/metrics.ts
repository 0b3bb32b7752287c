// Prometheus metrics (prom-client) of every Depot process, in one registry per process:
// - gateway: HTTP requests by route pattern and status, response cache hits and misses, purges of
//   the shared cache in front;
// - services: gRPC calls by method and code, outbox backlog and age, event consumer lag and
//   processed events, database pool use, database and NATS reachability;
// - everywhere: gRPC client calls and Node's default process metrics.
// Gauges that describe state (backlog, lag, pool) are computed when scraped, from sources that
// runtimes and consumers register while they live (several may share a process in tests).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import { HttpRequestMetrics } from './http-metrics';

export const metricsRegistry = new Registry();

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let defaultsOn = false;
/** Node's default metrics (CPU, memory, event loop lag, GC...), once per process. */
export function enableDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

// ---- HTTP (gateway) ----

/** Requests by method, route pattern and status: their number and their duration (http-metrics.ts). */
export const httpMetrics = new HttpRequestMetrics(
  metricsRegistry,
  {
    requests: 'depot_http_requests_total',
    requestsHelp: 'HTTP requests answered, by method, route pattern and status code.',
    duration: 'depot_http_request_duration_seconds',
    durationHelp:
      'Time from receiving an HTTP request to sending its response, by method, route pattern and status code.',
  },
  LATENCY_BUCKETS,
);

// ---- response cache (gateway) ----

/** Lookups per cache since the process started, and how many of them the counter below has. */
const cacheTotals = new Map<string, { hits: number; misses: number; countedHits: number; countedMisses: number }>();

// Counted when scraped, from cacheTotals: a hit costs an increment, not a labelled Counter.inc.
new Counter({
  name: 'depot_cache_requests_total',
  help: 'Response cache lookups, by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [cache, t] of cacheTotals) {
      if (t.misses > t.countedMisses) this.inc({ cache, result: 'miss' }, t.misses - t.countedMisses);
      if (t.hits > t.countedHits) this.inc({ cache, result: 'hit' }, t.hits - t.countedHits);
      t.countedMisses = t.misses;
      t.countedHits = t.hits;
    }
  },
});

const cacheInvalidations = new Counter({
  name: 'depot_cache_invalidations_total',
  help: 'Entries dropped from a response cache because the data behind them changed.',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
});

new Gauge({
  name: 'depot_cache_hit_ratio',
  help: 'Share of response cache lookups answered from the cache since the process started (0..1).',
  labelNames: ['cache'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [cache, t] of cacheTotals) {
      if (t.hits + t.misses > 0) this.set({ cache }, t.hits / (t.hits + t.misses));
    }
  },
});

const cacheTotal = (cache: string) => {
  let t = cacheTotals.get(cache);
  if (!t) cacheTotals.set(cache, (t = { hits: 0, misses: 0, countedHits: 0, countedMisses: 0 }));
  return t;
};

/**
 * What other code calls to be counted (the gateway's response cache):
 * `metrics.cacheHit('launcher')`, `metrics.cacheMiss('launcher')`, `metrics.cacheInvalidated('launcher', n)`.
 * The cache name is a label; keep it to a handful of fixed names.
 */
export const metrics = {
  cacheHit(cache = 'response'): void {
    cacheTotal(cache).hits++;
  },
  cacheMiss(cache = 'response'): void {
    cacheTotal(cache).misses++;
  },
  cacheInvalidated(cache = 'response', entries = 1): void {
    if (entries > 0) cacheInvalidations.inc({ cache }, entries);
  },
};

// ---- shared cache purges (gateway) ----

export const sharedCachePurgeDuration = new Histogram({
  name: 'depot_shared_cache_purge_seconds',
  help: 'Time a purge of the shared cache (CDN, Varnish) took, by purger and result (ok, error).',
  labelNames: ['purger', 'result'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const sharedCachePurgeFailures = new Counter({
  name: 'depot_shared_cache_purge_failures_total',
  help: 'Purges of the shared cache that failed (each retried until it succeeds), by purger.',
  labelNames: ['purger'] as const,
  registers: [metricsRegistry],
});

// ---- gRPC ----

export const grpcServerHandled = new Counter({
  name: 'depot_grpc_server_handled_total',
  help: 'gRPC calls completed by this server, by service, method and status code.',
  labelNames: ['service', 'method', 'code'] as const,
  registers: [metricsRegistry],
});

export const grpcServerDuration = new Histogram({
  name: 'depot_grpc_server_handling_seconds',
  help: 'Time this server took to answer gRPC calls, by service, method and status code.',
  labelNames: ['service', 'method', 'code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const grpcClientHandled = new Counter({
  name: 'depot_grpc_client_handled_total',
  help: 'gRPC calls made by this process, by service, method and status code.',
  labelNames: ['service', 'method', 'code'] as const,
  registers: [metricsRegistry],
});

export const grpcClientDuration = new Histogram({
  name: 'depot_grpc_client_handling_seconds',
  help: 'Time gRPC calls made by this process took (retries included), by service, method and status code.',
  labelNames: ['service', 'method', 'code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

// ---- outbox and events ----

export const outboxPublished = new Counter({
  name: 'depot_outbox_published_total',
  help: 'Events the outbox relay published to JetStream.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const eventsProcessed = new Counter({
  name: 'depot_events_processed_total',
  help: 'Events a durable consumer handled, by consumer, event type and result (ok, error, ignored, malformed).',
  labelNames: ['durable', 'type', 'result'] as const,
  registers: [metricsRegistry],
});

type Source<L extends string> = (gauge: Gauge<L>) => void | Promise<void>;

/** A gauge whose values come from registered sources at each scrape; a failing source is left out. */
function scrapedGauge<L extends string>(cfg: { name: string; help: string; labelNames: readonly L[] }) {
  const sources = new Set<Source<L>>();
  new Gauge<L>({
    ...cfg,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      await Promise.all(
        [...sources].map((source) =>
          Promise.resolve()
            .then(() => source(this))
            .catch(() => undefined),
        ),
      );
    },
  });
  return {
    /** Adds a source until the returned function is called. */
    add(source: Source<L>): () => void {
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

export const scraped = {
  outboxBacklog: scrapedGauge({
    name: 'depot_outbox_backlog',
    help: 'Outbox rows not yet published to JetStream.',
    labelNames: ['service'],
  }),
  outboxAge: scrapedGauge({
    name: 'depot_outbox_oldest_age_seconds',
    help: 'Age of the oldest outbox row not yet published (0 when none waits).',
    labelNames: ['service'],
  }),
  consumerPending: scrapedGauge({
    name: 'depot_events_consumer_pending',
    help: 'Messages of the stream a durable consumer has not received yet (its lag).',
    labelNames: ['durable'],
  }),
  consumerAckPending: scrapedGauge({
    name: 'depot_events_consumer_ack_pending',
    help: 'Messages a durable consumer received but has not acknowledged yet.',
    labelNames: ['durable'],
  }),
  dbPool: scrapedGauge({
    name: 'depot_db_pool_connections',
    help: 'Database pool connections by state: used, free, pending (callers waiting for one), max.',
    labelNames: ['service', 'state'],
  }),
  dbUp: scrapedGauge({
    name: 'depot_db_up',
    help: '1 when the last health check reached the database (select 1), else 0.',
    labelNames: ['service'],
  }),
  natsConnected: scrapedGauge({
    name: 'depot_nats_connected',
    help: '1 while the NATS connection is up, else 0.',
    labelNames: ['service'],
  }),
};

/** Resolves `p`, or rejects after `ms` (scrapes must not hang on an unreachable dependency). */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** The text exposition of every metric of this process. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * An HTTP listener answering `GET /metrics` (Prometheus text format) for a service process; every
 * other path is 404. Turns Node's default metrics on.
 */
export async function startMetricsServer(opts: {
  port: number;
  host?: string;
  logger?: Logger;
}): Promise<MetricsServer> {
  enableDefaultMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/metrics' || path === '/metrics/')) {
      renderMetrics().then(
        ({ contentType, body }) => {
          res.writeHead(200, { 'content-type': contentType });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (err) => {
          opts.logger?.warn({ err: String(err) }, 'metrics scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('metrics unavailable\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"Not found."}');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  opts.logger?.info({ port }, 'metrics listening on /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
