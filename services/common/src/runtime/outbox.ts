// Transactional outbox: a service writes its events into its own `outbox` table in the same
// transaction as the change, and a relay publishes them to JetStream with the row id as
// Nats-Msg-Id (so a re-publish after a crash is dropped as a duplicate) and then marks them sent.
// NATS being down only delays events: the relay retries with backoff and nothing is lost.
import { EntitySchema, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import { SpanKind, trace, type TextMapSetter } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { createdAtProperty } from './entity-timestamps';
import { eventSubject, type EventPayloads, type EventType } from '../domain/events';
import { outboxPublished } from '../process/metrics';
import { ensureStream, sleep, type Bus } from '../bus/nats';
import type { Orm } from './orm';
import {
  contextFromCarrier,
  injectContext,
  traceCarrier,
  tracer,
  tracingEnabled,
  type TraceCarrier,
} from '../process/tracing';

const headerSetter: TextMapSetter<MsgHdrs> = { set: (h, key, value) => h.set(key, value) };

export interface OutboxEvent {
  id: string;
  type: string;
  payload: object;
  createdAt: Date;
  publishedAt?: Date | null;
  /** W3C trace context of the transaction that wrote the event (null when tracing is off). */
  trace?: TraceCarrier | null;
}

export const OUTBOX_TABLE = 'outbox';

export const OutboxEventSchema = new EntitySchema<OutboxEvent>({
  name: 'OutboxEvent',
  tableName: OUTBOX_TABLE,
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    type: { type: 'string', columnType: 'text' },
    payload: { type: 'json', columnType: 'jsonb' },
    createdAt: createdAtProperty,
    publishedAt: { type: 'Date', columnType: 'timestamptz(6)', fieldName: 'published_at', nullable: true },
    trace: { type: 'json', columnType: 'jsonb', nullable: true },
  },
});

/** DDL for the outbox, included in the initial migration of every publishing service. */
export const OUTBOX_TABLE_SQL = [
  `create table "outbox" ("id" bigserial primary key, "type" text not null, "payload" jsonb not null,
    "created_at" timestamptz(6) not null default now(), "published_at" timestamptz(6) null);`,
  `create index "outbox_unpublished_idx" on "outbox" ("id") where "published_at" is null;`,
];

/**
 * DDL of the `trace` column (W3C trace context, sent as NATS headers), added by a later migration
 * of every publishing service after OUTBOX_TABLE_SQL.
 */
export const OUTBOX_TRACE_SQL = [`alter table "outbox" add column if not exists "trace" jsonb null;`];

/** Records an event in the caller's unit of work; it is written when the transaction commits. */
export function enqueueEvent<T extends EventType>(em: EntityManager, type: T, payload: EventPayloads[T]): void {
  const trace = traceCarrier();
  em.persist(em.create(OutboxEventSchema, (trace ? { type, payload, trace } : { type, payload }) as OutboxEvent));
}

/**
 * Records events of one type with a single statement, in the order given, in the caller's
 * transaction (set-wise writes: the imports).
 */
export async function enqueueEvents<T extends EventType>(
  em: SqlEntityManager,
  type: T,
  payloads: readonly EventPayloads[T][],
): Promise<void> {
  if (!payloads.length) return;
  const trace = traceCarrier();
  await em.execute(
    `insert into outbox (type, payload, trace)
     select ?, e.payload, ?::jsonb from jsonb_array_elements(?::jsonb) with ordinality as e(payload, n) order by e.n`,
    [type, trace ? JSON.stringify(trace) : null, JSON.stringify(payloads)],
  );
}

interface OutboxRow {
  id: string;
  type: EventType;
  payload: unknown;
  trace: TraceCarrier | null;
}

export interface OutboxRelay {
  /** Publish soon (call after committing a transaction that enqueued events). */
  kick(): void;
  stop(): Promise<void>;
  /** Rows not yet published (for metrics and tests). */
  backlog(): Promise<number>;
  /** Rows not yet published and the age of the oldest in seconds (0 when none waits). */
  stats(): Promise<{ backlog: number; oldestAgeSeconds: number }>;
}

export function startOutboxRelay(opts: {
  orm: Orm;
  bus: Bus;
  /** Producer name, part of the message id: `catalog` → `catalog:42`. */
  source: string;
  logger: Logger;
  idleMs?: number;
}): OutboxRelay {
  let stopping = false;
  let wake: (() => void) | undefined;
  let kicked = false;
  const idleMs = opts.idleMs ?? 1000;
  let streamReady = false;

  const publishBatch = async (): Promise<number> => {
    if (!streamReady) {
      await ensureStream(opts.bus);
      streamReady = true;
    }
    const em = opts.orm.em.fork() as SqlEntityManager;
    return em.transactional(async (tx) => {
      const rows: OutboxRow[] = await tx.execute(
        'select id, type, payload, trace from outbox where published_at is null order by id limit 100 for update skip locked',
      );
      for (const row of rows) await publish(row);
      outboxPublished.inc({ service: opts.source }, rows.length);
      if (rows.length) {
        await tx.execute("update outbox set published_at = now() where id = any(string_to_array(?, ',')::bigint[])", [
          rows.map((r) => r.id).join(','),
        ]);
      }
      return rows.length;
    });
  };

  /** Publishes one row; its stored trace context travels as message headers, under a producer span. */
  const publish = async (row: OutboxRow) => {
    const subject = eventSubject(opts.bus.namespace, row.type);
    const send = (h?: MsgHdrs) =>
      opts.bus.js.publish(subject, JSON.stringify(row.payload), { msgID: `${opts.source}:${row.id}`, headers: h });
    if (!row.trace) return send();
    const h = natsHeaders();
    if (!tracingEnabled()) {
      for (const [key, value] of Object.entries(row.trace)) h.set(key, String(value));
      return send(h);
    }
    const parent = contextFromCarrier(row.trace);
    const span = tracer().startSpan(
      `publish ${row.type}`,
      { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
      parent,
    );
    injectContext(trace.setSpan(parent, span), h, headerSetter);
    try {
      return await send(h);
    } finally {
      span.end();
    }
  };

  const cleanup = async () => {
    const em = opts.orm.em.fork() as SqlEntityManager;
    await em.execute(`delete from outbox where published_at < now() - interval '1 day'`);
  };

  const loop = (async () => {
    let backoff = 100;
    let lastCleanup = 0;
    while (!stopping) {
      let published = 0;
      try {
        published = await publishBatch();
        backoff = 100;
        if (Date.now() - lastCleanup > 3600_000) {
          lastCleanup = Date.now();
          await cleanup();
        }
      } catch (err) {
        streamReady = false;
        opts.logger.warn({ err: String(err) }, 'outbox relay could not publish; retrying');
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
        continue;
      }
      if (published > 0 || stopping) continue; // more may be waiting
      if (kicked) {
        kicked = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idleMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    kick() {
      kicked = true;
      wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
    async backlog() {
      const em = opts.orm.em.fork() as SqlEntityManager;
      const [row] = await em.execute('select count(*)::int as n from outbox where published_at is null');
      return (row as { n: number }).n;
    },
    async stats() {
      const em = opts.orm.em.fork() as SqlEntityManager;
      const [row] = await em.execute(
        `select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
           from outbox where published_at is null`,
      );
      const { n, age } = row as { n: number; age: number };
      return { backlog: n, oldestAgeSeconds: Math.max(0, Number(age)) };
    },
  };
}
