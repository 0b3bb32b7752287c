// NATS with JetStream: a connection that survives outages, the namespace's stream, and a durable
// pull consumer loop that acks only after its handler succeeded (at-least-once delivery).
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JsMsg,
} from '@nats-io/jetstream';
import { SpanKind, SpanStatusCode, type TextMapGetter } from '@opentelemetry/api';
import type { MsgHdrs } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  eventSubject,
  eventTypeOf,
  parseEvent,
  streamName,
  type EventPayloads,
  type EventType,
} from '../domain/events';
import { eventsProcessed, scraped, withTimeout } from '../process/metrics';
import { contextFromCarrier, tracer, tracingEnabled } from '../process/tracing';

/** How long a shutdown waits for NATS (a consumer to stop, the connection to drain). */
const STOP_TIMEOUT_MS = 5000;

/** Reads the W3C trace context the outbox relay put in message headers. */
const headerGetter: TextMapGetter<MsgHdrs> = {
  keys: (h) => h.keys(),
  get: (h, key) => (h.has(key) ? h.get(key) : undefined),
};

export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  namespace: string;
  /** False from a disconnect until the reconnect (and once closed). */
  connected(): boolean;
  close(): Promise<void>;
}

export async function connectBus(url: string, namespace: string, logger: Logger): Promise<Bus> {
  const nc = await connect({
    servers: url.split(','),
    name: `depot-${namespace}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
  });
  let up = true;
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') up = false;
      if (s.type === 'reconnect') up = true;
      if (s.type === 'disconnect' || s.type === 'reconnect') logger.warn({ nats: s.type }, 'NATS connection status');
    }
  })().catch(() => undefined);
  return {
    nc,
    js: jetstream(nc, { timeout: 5000 }),
    namespace,
    connected: () => up && !nc.isClosed(),
    close: async () => {
      // A drain waits for the server: one that does not answer must not hold a shutdown forever.
      await withTimeout(nc.drain(), STOP_TIMEOUT_MS).catch(() => nc.close());
    },
  };
}

/** Creates the namespace's stream when it does not exist yet (idempotent, race-safe). */
export async function ensureStream(bus: Bus): Promise<void> {
  const jsm = await jetstreamManager(bus.nc, { timeout: 5000 });
  const name = streamName(bus.namespace);
  try {
    await jsm.streams.info(name);
    return;
  } catch {
    // not found: create below
  }
  try {
    await jsm.streams.add({
      name,
      subjects: [eventSubject(bus.namespace, '>')],
      storage: StorageType.File,
      max_age: 7 * 24 * 3600 * 1e9, // nanoseconds: a consumer may be down for a week and lose nothing
      duplicate_window: 5 * 60 * 1e9,
    });
  } catch (err) {
    if (!/already in use|already exists/i.test(String(err))) throw err;
  }
}

export async function deleteStream(bus: Bus): Promise<void> {
  const jsm = await jetstreamManager(bus.nc, { timeout: 5000 });
  await jsm.streams.delete(streamName(bus.namespace)).catch(() => undefined);
}

export interface ConsumerHandle {
  stop(): Promise<void>;
}

/** An event of one of the types `T`: its type and its payload, checked against that type's schema. */
export type BusEvent<T extends EventType = EventType> = { [K in T]: { type: K; data: EventPayloads[K] } }[T];
export type EventHandler<T extends EventType = EventType> = (event: BusEvent<T>, msg: JsMsg) => Promise<void>;

/**
 * Runs a durable consumer until stopped. The handler's success acks the message; a failure
 * naks it with a delay so it comes back (a second, or what a RetryLater says). Survives NATS restarts by re-opening the consumer.
 * The handler sees only payloads that match their event's schema (events.ts): a malformed one
 * would fail forever, so it is logged and acked instead.
 */
export function runConsumer<T extends EventType>(
  bus: Bus,
  opts: {
    durable: string;
    types: readonly T[];
    handler: EventHandler<T>;
    logger: Logger;
    /** Server-side filter relative to the namespace (e.g. `mod.>`); default: the one type, or all. */
    filter?: string;
  },
): ConsumerHandle {
  let stopping = false;
  let current: { close(): Promise<void | Error> } | undefined;
  const name = streamName(bus.namespace);
  const wanted = new Set<string>(opts.types);
  let infoCache: { at: number; info: Promise<{ num_pending: number; num_ack_pending: number }> } | undefined;
  const consumerInfo = () => {
    // One request serves both gauges of a scrape.
    if (!infoCache || Date.now() - infoCache.at > 1000) {
      const info = withTimeout(
        jetstreamManager(bus.nc, { timeout: 2000 }).then((jsm) => jsm.consumers.info(name, opts.durable)),
        2500,
      );
      info.catch(() => undefined);
      infoCache = { at: Date.now(), info };
    }
    return infoCache.info;
  };
  // The consumer's lag, read from JetStream at each scrape.
  const unregister = [
    scraped.consumerPending.add(async (gauge) => {
      const info = await consumerInfo();
      gauge.set({ durable: opts.durable }, info.num_pending);
    }),
    scraped.consumerAckPending.add(async (gauge) => {
      const info = await consumerInfo();
      gauge.set({ durable: opts.durable }, info.num_ack_pending);
    }),
  ];
  /** Runs the handler for one message, inside a consumer span continuing the publisher's trace. */
  const handle = async (event: BusEvent<T>, msg: JsMsg) => {
    if (!tracingEnabled()) return opts.handler(event, msg);
    const parent = contextFromCarrier(msg.headers, headerGetter);
    return tracer().startActiveSpan(
      `process ${event.type}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': msg.subject,
          'messaging.consumer.group.name': opts.durable,
        },
      },
      parent,
      async (span) => {
        try {
          return await opts.handler(event, msg);
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: String(err) });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  };
  const loop = (async () => {
    let backoff = 200;
    while (!stopping) {
      try {
        await ensureStream(bus);
        const jsm = await jetstreamManager(bus.nc, { timeout: 5000 });
        const config = {
          durable_name: opts.durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          // A message delivered to a consumer that died unacked comes back after this; handling
          // that takes longer reports progress (msg.working() below), so it is not redelivered.
          ack_wait: ACK_WAIT_MS * 1e6,
          max_ack_pending: 256,
          // A single filter subject: `filter_subjects` (several) needs NATS 2.10 and Debian ships
          // 2.9. Events of other types that pass the filter are acked unhandled below.
          filter_subject: `${bus.namespace}.${opts.filter ?? (opts.types.length === 1 ? opts.types[0] : '>')}`,
        };
        const existing = await jsm.consumers.info(name, opts.durable).catch(() => undefined);
        if (!existing) {
          await jsm.consumers.add(name, config).catch((err) => {
            if (!/already/i.test(String(err))) throw err;
          });
        } else if (existing.config.ack_wait !== config.ack_wait) {
          // A durable made by an older release keeps its settings unless told otherwise.
          await jsm.consumers.update(name, opts.durable, { ack_wait: config.ack_wait });
        }
        const consumer = await bus.js.consumers.get(name, opts.durable);
        // Few messages buffered at a time: the ack timer of each runs from its delivery.
        const messages = await consumer.consume({ max_messages: 16 });
        current = messages;
        if (stopping) {
          // (close() resolves once the iterator ends, which only iterating sees: any message taken
          // meanwhile is left unacked, for another process of the durable)
          const closed = messages.close();
          for await (const _ of messages);
          await closed;
          break;
        }
        backoff = 200;
        for await (const msg of messages) {
          let type: string = 'unknown';
          try {
            type = eventTypeOf(bus.namespace, msg.subject);
            let result: 'ok' | 'ignored' | 'malformed' = 'ignored';
            if (wanted.has(type)) {
              const data = payloadOf(type as T, msg);
              if (data === undefined) {
                result = 'malformed';
                opts.logger.error({ type, data: msg.string().slice(0, 1000) }, 'malformed event ignored');
              } else {
                await withProgress(msg, () => handle({ type, data } as BusEvent<T>, msg));
                result = 'ok';
              }
            }
            msg.ack();
            eventsProcessed.inc({ durable: opts.durable, type, result });
          } catch (err) {
            eventsProcessed.inc({ durable: opts.durable, type, result: 'error' });
            const delay = retryDelayOf(err);
            opts.logger.warn(
              { err: String(err), subject: msg.subject, retryInMs: delay },
              'event handling failed; will retry',
            );
            msg.nak(delay);
          }
          if (stopping) break;
        }
      } catch (err) {
        if (stopping) break;
        opts.logger.warn({ err: String(err), durable: opts.durable }, 'consumer interrupted; retrying');
      }
      if (!stopping) {
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  })();
  return {
    async stop() {
      stopping = true;
      for (const off of unregister) off();
      // A shutdown ends even when NATS is slow to let the consumer go: the loop, stopping, ends
      // on its own once the connection closes.
      const stopped = (async () => {
        await current?.close().catch(() => undefined);
        await loop;
      })();
      await withTimeout(stopped, STOP_TIMEOUT_MS).catch(() =>
        opts.logger.warn({ durable: opts.durable }, 'consumer did not stop in time; going on with the shutdown'),
      );
    },
  };
}

/** The payload of a message of `type`, undefined when it is not JSON or not what that event carries. */
function payloadOf<T extends EventType>(type: T, msg: JsMsg): EventPayloads[T] | undefined {
  let json: unknown;
  try {
    json = msg.json();
  } catch {
    return undefined;
  }
  return parseEvent(type, json);
}

/**
 * A handler's failure that says when to try again: a server that answered 429 or 503 with
 * `Retry-After` (a CDN's purge API under its rate limit) is asked again then, not every second.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** The delay before a failed event comes back: a second, or what a RetryLater says (at most 5 minutes). */
export function retryDelayOf(err: unknown): number {
  const wanted = err instanceof RetryLater ? err.retryAfterMs : 1000;
  return Math.min(Math.max(Number.isFinite(wanted) ? wanted : 1000, 1000), 5 * 60_000);
}

/** How long a delivered message may stay unacked before JetStream delivers it again. */
export const ACK_WAIT_MS = 10_000;

/** Runs `work`, telling JetStream every few seconds that the message is still being handled. */
async function withProgress<T>(msg: JsMsg, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
