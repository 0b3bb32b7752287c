// modpack.deleted (from builds): the modpack leaves every access list and every client's links.
import { runConsumer, type Bus, type ConsumerHandle, type Logger, type Orm } from '@depot/common';
import { ClientModpackSchema } from './entities/client';
import { UserModpackSchema } from './entities/user';
import { scrubError } from './secrets';

export const MODPACK_CLEANUP_DURABLE = 'auth-modpack-cleanup';

export function startModpackCleanup(orm: Orm, bus: Bus, logger: Logger): ConsumerHandle {
  return runConsumer(bus, {
    durable: MODPACK_CLEANUP_DURABLE,
    types: ['modpack.deleted'],
    logger,
    handler: async (_type, data) => {
      const modpackId = (data as { modpack_id?: unknown } | null)?.modpack_id;
      // A malformed event would fail forever; acknowledge it and say so.
      if (typeof modpackId !== 'number' || !Number.isInteger(modpackId)) {
        logger.warn({ data }, 'ignoring modpack.deleted without an integer modpack_id');
        return;
      }
      // The consumer logs a failure before retrying: without the statement's values.
      await orm.em
        .fork()
        .transactional(async (tx) => {
          await tx.nativeDelete(UserModpackSchema, { modpackId });
          await tx.nativeDelete(ClientModpackSchema, { modpackId });
        })
        .catch((err: unknown) => {
          throw scrubError(err);
        });
    },
  });
}
