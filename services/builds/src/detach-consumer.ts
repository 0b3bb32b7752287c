// Keeps assignments in step with catalog: mod.deleted and mod.version.deleted detach the gone
// versions. Durable, so events published while builds was down are handled when it starts.
import { EVENT_TYPES, runConsumer, z, type Bus, type ConsumerHandle, type Logger } from '@depot/common';
import type { Builds } from './builds';

export const DETACH_DURABLE = 'builds-detach';

const modDeleted = z.object({ mod_id: z.number().int(), version_ids: z.array(z.number().int()) });
const versionDeleted = z.object({ mod_id: z.number().int(), version_id: z.number().int() });

export function startDetachConsumer(bus: Bus, builds: Builds, logger: Logger): ConsumerHandle {
  return runConsumer(bus, {
    durable: DETACH_DURABLE,
    types: [EVENT_TYPES.modDeleted, EVENT_TYPES.versionDeleted],
    // Only mod.* events reach this consumer; mod.updated and mod.version.updated are acked unhandled.
    filter: 'mod.>',
    logger,
    async handler(type, data) {
      let detached: number;
      if (type === EVENT_TYPES.modDeleted) {
        const event = modDeleted.safeParse(data);
        if (!event.success) return malformed(type, data);
        detached = await builds.detach(event.data.version_ids, event.data.mod_id);
      } else if (type === EVENT_TYPES.versionDeleted) {
        const event = versionDeleted.safeParse(data);
        if (!event.success) return malformed(type, data);
        detached = await builds.detach([event.data.version_id]);
      } else {
        return;
      }
      if (detached) logger.info({ type, builds: detached }, 'detached deleted mod versions');
    },
  });

  // Redelivery cannot fix a malformed payload: log it and let it be acked.
  function malformed(type: string, data: unknown): void {
    logger.error({ type, data }, 'malformed event ignored');
  }
}
