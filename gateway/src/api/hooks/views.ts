// The hooks service's messages as the API shows them.
import type { hooksV1 } from '@depot/proto';

export function endpointView(e: hooksV1.Endpoint__Output) {
  return {
    id: e.id,
    modpack_id: e.modpack_id || null,
    url: e.url,
    events: e.events,
    format: e.format as 'depot' | 'discord',
    description: e.description,
    enabled: e.enabled,
    disabled_reason: e.disabled_reason || null,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export function deliveryView(d: hooksV1.Delivery__Output) {
  return {
    id: d.id,
    event: d.event,
    state: d.state as 'pending' | 'delivered' | 'failed',
    attempts: d.attempts,
    status: d.status || null,
    latency_ms: d.attempts ? d.latency_ms : null,
    response: d.response,
    created_at: d.created_at,
    next_attempt_at: d.next_attempt_at ?? null,
    delivered_at: d.delivered_at ?? null,
  };
}
