// The delivery queue (docs/webhooks.md#delivery): one row per endpoint and event, written in the
// transaction that records the event, so a restart loses nothing. The worker takes the oldest
// pending delivery of each enabled endpoint whose time has come, leased for one attempt, so one
// endpoint's deliveries go one at a time and in the order of their events, and several replicas
// never send the same delivery at once.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, formatTimestamp } from '@depot/common';
import type { Orm } from '@depot/common/runtime';
import type { hooksV1 } from '@depot/proto';
import type { ComposedEvent } from './payloads';

export interface DueDelivery {
  id: string;
  endpoint_id: number;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  format: string;
  type: string;
  body: ComposedEvent['body'];
}

interface DeliveryRow {
  id: string;
  endpoint_id: number;
  type: string;
  state: string;
  attempts: number;
  status: number | null;
  latency_ms: number | null;
  response: string | null;
  created_at: Date;
  next_attempt_at: Date;
  delivered_at: Date | null;
}

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, ev.type, d.state, d.attempts, d.status, d.latency_ms, d.response,
  d.created_at, d.next_attempt_at, d.delivered_at`;

export class Deliveries {
  constructor(private readonly orm: Orm) {}

  private em() {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /**
   * Records an event and a delivery for each enabled endpoint that wants it, in one transaction;
   * an event seen before (a redelivery by JetStream: same stream sequence) records nothing.
   * The number of deliveries written.
   */
  async record(event: ComposedEvent, streamSeq: number): Promise<number> {
    return this.em().transactional(async (tx) => {
      const [ev] = await tx.execute<{ id: string }[]>(
        `insert into hook_events (stream_seq, type, modpack_id, body) values (?, ?, ?, ?::jsonb)
         on conflict (stream_seq) do nothing returning id`,
        [streamSeq, event.type, event.modpackId, JSON.stringify(event.body)],
      );
      if (!ev) return 0;
      const rows = await tx.execute<unknown[]>(
        `insert into deliveries (id, endpoint_id, event_id)
         select gen_random_uuid(), e.id, ? from endpoints e
          where e.enabled and ? = any(e.events) and (e.modpack_id is null or e.modpack_id = ?)
          order by e.id
         returning id`,
        [ev.id, event.type, event.modpackId],
      );
      return rows.length;
    });
  }

  /** A test event for one endpoint, enabled or not (its owner asked). */
  async test(endpointId: number, event: ComposedEvent): Promise<hooksV1.Delivery> {
    const [row] = await this.em().execute<DeliveryRow[]>(
      `with ev as (insert into hook_events (type, modpack_id, body) values (?, null, ?::jsonb) returning id, type),
            d as (insert into deliveries (id, endpoint_id, event_id) select gen_random_uuid(), ?, ev.id from ev returning *)
       select ${DELIVERY_COLUMNS} from d, ev`,
      [event.type, JSON.stringify(event.body), endpointId],
    );
    return deliveryView(row);
  }

  /**
   * Leases up to `limit` due deliveries, the oldest pending one of each enabled endpoint (a test
   * event's endpoint may be disabled), counting the attempt.
   */
  async claim(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    if (limit <= 0) return [];
    return this.em().execute<DueDelivery[]>(
      `with heads as (
         select distinct on (d.endpoint_id) d.id, d.next_attempt_at, d.leased_until
           from deliveries d join endpoints e on e.id = d.endpoint_id
           join hook_events ev on ev.id = d.event_id
          where d.state = 'pending' and (e.enabled or ev.stream_seq is null)
          order by d.endpoint_id, d.event_id),
       due as (
         select id from heads
          where next_attempt_at <= now() and (leased_until is null or leased_until < now())
          order by next_attempt_at limit ?)
       update deliveries d set attempts = d.attempts + 1, leased_until = now() + (? * interval '1 millisecond')
         from due, endpoints e, hook_events ev
        where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id and d.state = 'pending'
          and (d.leased_until is null or d.leased_until < now())
       returning d.id, d.endpoint_id, d.attempts, d.created_at, e.url, e.secret, e.format, ev.type, ev.body`,
      [limit, leaseMs],
    );
  }

  /**
   * The attempt's result: delivered, failed for good, or pending again at `retryAt`. Only the
   * lease holder's write counts (a redeliver meanwhile has reset the row).
   */
  async finish(
    id: string,
    result: { state: 'delivered' | 'failed' | 'pending'; status: number; latencyMs: number; response: string },
    retryAt?: Date,
  ): Promise<void> {
    await this.em().execute(
      `update deliveries set state = ?, status = ?, latency_ms = ?, response = ?, leased_until = null,
              next_attempt_at = coalesce(?::timestamptz, next_attempt_at),
              delivered_at = case when ? = 'delivered' then now() else delivered_at end
        where id = ? and leased_until is not null`,
      [result.state, result.status, result.latencyMs, result.response, retryAt ?? null, result.state, id],
    );
  }

  /** 410 Gone: the endpoint is disabled, and says why. */
  async disable(endpointId: number, reason: string): Promise<void> {
    await this.em().execute(
      'update endpoints set enabled = false, disabled_reason = ?, updated_at = now() where id = ?',
      [reason, endpointId],
    );
  }

  /** An endpoint's deliveries, newest first. */
  async list(endpointId: number, limit: number): Promise<hooksV1.Delivery[]> {
    const rows = await this.em().execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS} from deliveries d join hook_events ev on ev.id = d.event_id
        where d.endpoint_id = ? order by d.created_at desc, d.event_id desc limit ?`,
      [endpointId, limit],
    );
    return rows.map(deliveryView);
  }

  /** "Send again": the delivery is pending now, with the same id (receivers deduplicate on it). */
  async redeliver(endpointId: number, id: string): Promise<hooksV1.Delivery> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DepotError('DELIVERY_NOT_FOUND');
    const [row] = await this.em().execute<DeliveryRow[]>(
      `with d as (update deliveries set state = 'pending', next_attempt_at = now(), leased_until = null
                   where id = ? and endpoint_id = ? returning *)
       select ${DELIVERY_COLUMNS} from d join hook_events ev on ev.id = d.event_id`,
      [id, endpointId],
    );
    if (!row) throw new DepotError('DELIVERY_NOT_FOUND');
    return deliveryView(row);
  }

  /** Events (and their deliveries) older than `days`. */
  async prune(days: number): Promise<void> {
    await this.em().execute(`delete from hook_events where created_at < now() - (? * interval '1 day')`, [days]);
  }
}

function deliveryView(r: DeliveryRow): hooksV1.Delivery {
  const iso = (d: Date | string) => formatTimestamp(new Date(d));
  return {
    id: r.id,
    endpoint_id: r.endpoint_id,
    event: r.type,
    state: r.state,
    attempts: r.attempts,
    status: r.status ?? 0,
    latency_ms: r.latency_ms ?? 0,
    response: r.response ?? '',
    created_at: iso(r.created_at),
    ...(r.state === 'pending' ? { next_attempt_at: iso(r.next_attempt_at) } : {}),
    ...(r.delivered_at ? { delivered_at: iso(r.delivered_at) } : {}),
  };
}
