// Keeps assignments in step with catalog: mod.deleted and mod.version.deleted detach the gone
// versions. Durable, so events published while builds was down are handled when it starts.
import { EVENT_TYPES } from '@depot/common';
import { type Logger } from '@depot/common/process';
import { runConsumer, type Bus, type ConsumerHandle } from '@depot/common/bus';
import type { Assignments } from './assignments';

export const DETACH_DURABLE = 'builds-detach';

export function startDetachConsumer(bus: Bus, assignments: Assignments, logger: Logger): ConsumerHandle {
  return runConsumer(bus, {
    durable: DETACH_DURABLE,
    types: [EVENT_TYPES.modDeleted, EVENT_TYPES.versionDeleted],
    // Only mod.* events reach this consumer; mod.updated and mod.version.updated are acked unhandled.
    filter: 'mod.>',
    logger,
    async handler({ type, data }) {
      const detached =
        type === EVENT_TYPES.modDeleted
          ? await assignments.detach(data.version_ids, data.mod_id)
          : await assignments.detach([data.version_id]);
      if (detached) logger.info({ type, builds: detached }, 'detached deleted mod versions');
    },
  });
}
