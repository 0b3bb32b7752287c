// What the routes serving packs the catalog makes of a build share (server packs, server-packs.ts;
// exports, exports.ts): the path parameters, the store the bytes come from, the launcher's reads
// that decide what a request may see, how long a make may take, the caching policy's headers, and
// the answer of a byte range of an object (200, 206, 304, 416, HEAD) as an archive's is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { buildsV1 } from '@depot/proto';
import { isStoreError, openArchiveStore } from '@depot/common/archive-store';
import { mirrorUrlOf } from '@depot/common/process';
import { answer as httpAnswer } from '../../errors';
import { FileAnswer } from '../../pipeline/answers';
import { segment } from '../../pipeline/route';
import { LauncherReads } from '../launcher/reads';
import type { serving } from './serving';

export const modpackParams = z.object({ slug: segment('MODPACK_NOT_FOUND', 'Slug of the modpack, percent-encoded.') });
export const buildParams = modpackParams.extend({
  build: segment('BUILD_NOT_FOUND', 'Build version string (exact, case-sensitive), percent-encoded.'),
});

export function packServing(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const store = openArchiveStore(config);
  app.addHook('onClose', () => store.close());

  /**
   * The bytes of the object `sha256` as `answer` says, or the answer without them. `missing`: a
   * missing object is the store's failure (else it is thrown for the caller to look again).
   */
  async function send(
    req: FastifyRequest,
    answer: ReturnType<typeof serving>,
    sha256: string,
    type: string,
    opts: { missing?: boolean } = { missing: true },
  ): Promise<FileAnswer> {
    if (answer.status === 416) return FileAnswer.refused('rangeNotSatisfiable', answer.headers);
    if (answer.status === 304) return FileAnswer.notModified(answer.headers);
    answer.headers['content-type'] = type;
    if (req.method === 'HEAD') return FileAnswer.bytes(answer.status, answer.headers);
    try {
      return FileAnswer.bytes(answer.status, answer.headers, await store.read(sha256, answer.start, answer.end));
    } catch (err) {
      if (isStoreError(err, 'missing') && !opts.missing) throw err;
      if (isStoreError(err)) throw httpAnswer('archiveStoreUnavailable');
      throw err;
    }
  }

  const reads = new LauncherReads(app.responseCache, clients, mirrorUrlOf(config));

  /**
   * The build the modpack names recommended or latest (`which`, the route's segment: `recommended`,
   * `latest.mrpack`, …), visible to this request as the launcher's modpack answer is; 404 when it
   * names none.
   */
  async function followedBuild(slug: string, readAccess: buildsV1.Access, which: string) {
    await reads.modpack(slug, readAccess);
    const { modpack } = await clients.builds.GetModpackSource({ slug });
    const version = which.startsWith('recommended') ? modpack?.recommended : modpack?.latest;
    if (!version) throw httpAnswer('notFound');
    return version;
  }

  return {
    store,
    reads,
    followedBuild,
    // Making a pack reads every archive of the build: the call may take as long as a transfer.
    makeMs: config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS,
    cacheControl: app.cachePolicy.downloadCacheControl(config.ARCHIVE_CACHE_MAX_AGE_SECONDS),
    send,
  };
}
