// Turns the namespace's events into deliveries: a durable JetStream consumer (`hooks-deliver`)
// acks an event once its deliveries are written (deliveries.ts), so an event is never lost when
// this service or NATS restarts, and one seen again (same stream sequence) writes nothing twice.
// Events are handled one at a time, in stream order: deliveries keep the order of their events.
import { EVENT_TYPES } from '@depot/common';
import { type Logger } from '@depot/common/process';
import { runConsumer, type Bus, type BusEvent, type ConsumerHandle } from '@depot/common/bus';
import type { Deliveries } from './deliveries';
import type { ComposedEvent, Payloads } from './payloads';

export const DELIVER_DURABLE = 'hooks-deliver';

const TYPES = [
  EVENT_TYPES.buildPublished,
  EVENT_TYPES.buildPromoted,
  EVENT_TYPES.buildChanged,
  EVENT_TYPES.versionAdded,
  EVENT_TYPES.modpackDeleted,
] as const;

type Source = BusEvent<(typeof TYPES)[number]>;

async function compose(event: Source, payloads: Payloads): Promise<ComposedEvent | undefined> {
  switch (event.type) {
    case 'build.published':
      return payloads.published(event.data);
    case 'build.promoted':
      return payloads.promoted(event.data);
    case 'build.changed':
      // Only a change to what launchers had, and to one build (a modpack's own edits are not).
      return event.data.published && event.data.build_id ? payloads.changed(event.data) : undefined;
    case 'mod.version.added':
      return payloads.versionAdded(event.data);
    case 'modpack.deleted':
      return payloads.modpackDeleted(event.data);
  }
}

export function startEventConsumer(
  bus: Bus,
  deps: { deliveries: Deliveries; payloads: Payloads; recorded(): void },
  logger: Logger,
): ConsumerHandle {
  return runConsumer(bus, {
    durable: DELIVER_DURABLE,
    types: TYPES,
    logger,
    async handler(event, msg) {
      const composed = await compose(event, deps.payloads);
      if (!composed) return;
      const written = await deps.deliveries.record(composed, msg.seq);
      if (written) deps.recorded();
    },
  });
}
