// modpack.deleted (from builds): the modpack leaves every access list and every client's links.
import { scrubError, type Logger } from '@depot/common/process';
import { runConsumer, type Bus, type ConsumerHandle } from '@depot/common/bus';
import { type Orm } from '@depot/common/runtime';
import { ClientModpackSchema } from './entities/client';
import { UserModpackSchema } from './entities/user';

export const MODPACK_CLEANUP_DURABLE = 'auth-modpack-cleanup';

export function startModpackCleanup(orm: Orm, bus: Bus, logger: Logger): ConsumerHandle {
  return runConsumer(bus, {
    durable: MODPACK_CLEANUP_DURABLE,
    types: ['modpack.deleted'],
    logger,
    handler: async ({ data: { modpack_id: modpackId } }) => {
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
