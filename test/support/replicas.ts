// What the replica tests prove, and what they read to prove it: each replica's Prometheus metrics,
// the namespace's JetStream stream and durable consumers, and the migrations lock of a database.
import { jetstreamManager } from '@nats-io/jetstream';
import { Client } from 'pg';
import { streamName } from '@depot/common';
import { connectBus } from '@depot/common/bus';
import { MIGRATIONS_LOCK } from '@depot/common/runtime';
import { eventually, queryDatabase, silentLogger } from '@depot/common/testing';
import { SERVICE_NAMES, type ServiceName } from '@depot/local';
import type { TestStack } from './index';

/**
 * The replica facts the end-to-end tests exercise (e2e/replicas.test.ts), which the Kubernetes
 * manifests must follow (k8s/manifests.test.ts): every service runs this many replicas at least,
 * and loses at most this many at once (a crash, a drain, a node) without a failed read.
 */
export const PROVEN = { replicas: 2, unavailableAtOnce: 1 } as const;

/** The samples of one metric in a Prometheus text exposition, with their labels. */
export function samples(text: string, metric: string): { labels: Record<string, string>; value: number }[] {
  const out: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? ([^ ]+)/.exec(line);
    if (!m || m[1] !== metric) continue;
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of a metric's samples whose labels include `where`. */
export function metricSum(text: string, metric: string, where: Record<string, string> = {}): number {
  return samples(text, metric)
    .filter((s) => Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);
}

export async function scrape(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

type Stack = TestStack['stack'];

/** The metrics text of every replica of `services`, by replica name. */
export async function scrapeReplicas(stack: Stack, services: readonly ServiceName[]): Promise<Record<string, string>> {
  const replicas = services.flatMap((name) => stack.replicas(name));
  return Object.fromEntries(await Promise.all(replicas.map(async (r) => [r.name, await scrape(r.metricsUrl)])));
}

/** Calls each replica served so far: gRPC calls of a back-end service, HTTP requests of a gateway. */
export async function servedByReplica(stack: Stack): Promise<Record<string, number>> {
  const metrics = await scrapeReplicas(stack, SERVICE_NAMES);
  return Object.fromEntries(
    SERVICE_NAMES.flatMap((name) =>
      stack.replicas(name).map((r) => {
        const metric = name === 'gateway' ? 'depot_http_requests_total' : 'depot_grpc_server_handled_total';
        return [r.name, metricSum(metrics[r.name], metric)];
      }),
    ),
  );
}

/** The outbox rows of the publishing services: by event type, per service, and not yet published. */
export async function outbox(
  stack: Stack,
): Promise<{ byType: Record<string, number>; rows: Record<'catalog' | 'builds', number>; unsent: number }> {
  const byType: Record<string, number> = {};
  const rows = { catalog: 0, builds: 0 };
  let unsent = 0;
  for (const service of ['catalog', 'builds'] as const) {
    const found = await queryDatabase<{ type: string; n: number; unsent: number }>(
      stack.databases[service],
      `select type, count(*)::int as n, count(*) filter (where published_at is null)::int as unsent
         from outbox group by type`,
    );
    for (const r of found) {
      byType[r.type] = (byType[r.type] ?? 0) + r.n;
      rows[service] += r.n;
      unsent += r.unsent;
    }
  }
  return { byType, rows, unsent };
}

export interface ConsumerState {
  /** Deliveries so far, redeliveries included. */
  delivered: number;
  redelivered: number;
  pending: number;
  ackPending: number;
}

export interface StreamState {
  /** Messages in the stream, by event type (`mod.deleted`...). */
  byType: Record<string, number>;
  messages: number;
  consumers: Record<string, ConsumerState>;
}

/** The namespace's stream as JetStream holds it: messages by type, and each durable's progress. */
export async function streamState(natsUrl: string, namespace: string): Promise<StreamState> {
  const bus = await connectBus(natsUrl, namespace, silentLogger());
  try {
    const jsm = await jetstreamManager(bus.nc, { timeout: 5000 });
    const name = streamName(namespace);
    const info = await jsm.streams.info(name, { subjects_filter: '>' });
    const byType = Object.fromEntries(
      Object.entries(info.state.subjects ?? {}).map(([subject, n]) => [subject.slice(namespace.length + 1), n]),
    );
    const consumers: Record<string, ConsumerState> = {};
    for await (const c of jsm.consumers.list(name)) {
      consumers[c.name] = {
        delivered: c.delivered.consumer_seq,
        redelivered: c.num_redelivered,
        pending: c.num_pending,
        ackPending: c.num_ack_pending,
      };
    }
    return { byType, messages: info.state.messages, consumers };
  } finally {
    await bus.close();
  }
}

/** The stream once every durable consumer has handled every message (within `timeoutMs`). */
export async function settledStream(natsUrl: string, namespace: string, timeoutMs = 30_000): Promise<StreamState> {
  let last: StreamState | undefined;
  await eventually(
    async () => {
      last = await streamState(natsUrl, namespace);
      return Object.values(last.consumers).every((c) => c.pending === 0 && c.ackPending === 0);
    },
    timeoutMs,
    250,
  ).catch(() => {
    throw new Error(`events still waiting for their consumers: ${JSON.stringify(last?.consumers)}`);
  });
  return last!;
}

/** Holds a database's migrations lock, as a replica migrating would, until released. */
export async function holdMigrationsLock(
  url: string,
): Promise<{ waiters(): Promise<number>; release(): Promise<void> }> {
  const holder = new Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK]);
  return {
    /** Sessions of the database waiting for the lock. */
    async waiters() {
      const { rows } = await holder.query(
        `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
          where d.datname = current_database() and l.locktype = 'advisory' and not l.granted and l.objid = $1`,
        [MIGRATIONS_LOCK],
      );
      return (rows[0] as { n: number }).n;
    },
    async release() {
      await holder.query('commit');
      await holder.end();
    },
  };
}

/** Waits until `count` sessions wait for each held lock. */
export async function waitForWaiters(
  locks: { waiters(): Promise<number> }[],
  count: number,
  timeoutMs: number,
): Promise<void> {
  await eventually(
    async () => {
      const n = await Promise.all(locks.map((l) => l.waiters()));
      if (n.some((w) => w < count)) throw new Error(`sessions waiting for the migrations lock: ${n.join(', ')}`);
      return true;
    },
    timeoutMs,
    200,
  );
}
