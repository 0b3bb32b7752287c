// GET and HEAD /mods/{slug}/{slug}-{version}.zip (docs/api.md#download-an-archive): the mirror's
// form of download URL, answered by Depot for the archives it hosts. The record (size, md5, sha256,
// time) comes from the catalog through the response cache; the bytes straight from the store
// (docs/decisions.md, "Downloads: the gateway reads the store directly"), streamed with
// backpressure. An archive Depot does not host goes to the old mirror when ARCHIVE_UPSTREAM_URL is
// set (pull-through), else answers 404. Public, as Solder's mirror is: no credentials are read.
import type { FastifyInstance } from 'fastify';
import { DepotError, versionOfMirrorFile } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import { isStoreError, openArchiveStore } from '@depot/common/archive-store';
import { answer as httpAnswer } from '../../errors';
import { ANSWERS, reasonMessage } from '../../messages';
import { FileAnswer, type StatusAnswer } from '../../pipeline/answers';
import { route, segment } from '../../pipeline/route';
import { tag, type Filled } from '../../cache/cache';
import { modParams } from '../mods/routes';
import { downloadRedirect } from './redirect';
import { serving, type ArchiveRecord } from './serving';
import * as res from './schemas';

const downloadParams = modParams.extend({
  file: segment('VERSION_NOT_FOUND', 'The archive: `{slug}-{version}.zip`, percent-encoded.'),
});

/** Why Depot has nothing of its own to answer: a pull-through goes to the upstream then. */
const NOT_HOSTED = new Set(['MOD_NOT_FOUND', 'VERSION_NOT_FOUND', 'ARCHIVE_NOT_HOSTED']);

export function archiveDownloadRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const store = openArchiveStore(config);
  app.addHook('onClose', () => store.close());
  const upstream = config.ARCHIVE_UPSTREAM_URL;
  const policy = app.cachePolicy;
  const cacheControl = policy.downloadCacheControl(config.ARCHIVE_CACHE_MAX_AGE_SECONDS);
  const redirect = downloadRedirect(config, store, policy);

  /** The hosted archive's record, cached like the mod reads (the same tags make it stale). */
  const record = (slug: string, version: string, fresh = false): ArchiveRecord | Promise<ArchiveRecord> => {
    const fill = async (): Promise<Filled<ArchiveRecord>> => {
      const v = await clients.catalog.GetVersion({ slug, version });
      if (!v.hosted || !v.hosted_at || v.filesize === undefined) throw new DepotError('ARCHIVE_NOT_HOSTED');
      const tags = [tag.mod(v.mod_id), tag.modName(slug)];
      const value = { sha256: v.hosted, size: v.filesize, md5: v.md5, recordedAt: v.hosted_at, tags };
      return { value, bytes: 256, tags };
    };
    return fresh ? fill().then((f) => f.value) : app.responseCache.read(`a\0${slug}\0${version}`, fill);
  };

  return [
    route({
      method: 'GET',
      url: '/mods/:slug/:file',
      tag: 'Archives',
      summary: 'Download a hosted archive (the mirror URL of a version)',
      description:
        'The URL launchers are given for a version without a `url` of its own: `{mirror_url}mods/{slug}/{slug}-{version}.zip`, ' +
        "answered by Depot when it hosts the archive (SERVICE_MIRROR_URL unset: Depot's own address). Public by URL, " +
        'whatever modpacks use it. Byte ranges (206, 416), `If-None-Match`/`If-Modified-Since` (304) and `If-Range`; ' +
        'the ETag is the md5. An archive Depot does not host is proxied to `ARCHIVE_UPSTREAM_URL` when it is set.',
      access: 'public',
      params: downloadParams,
      file: 'application/zip',
      response: res.archiveFile,
      returns: 'The zip (`application/zip`), whole, or the range asked for (206).',
      answers: {
        206: {
          description: 'Partial content: the one byte range asked for (`Content-Range`).',
          schema: res.archiveFile,
        },
        302: 'Found: with ARCHIVE_DOWNLOAD_REDIRECT (the S3 store), the bytes are at `Location`, the object in the bucket (its public address, a CDN, or a presigned URL).',
        304: 'Not modified: `If-None-Match` names the ETag (the md5), or `If-Modified-Since` is not older than it.',
        404: `"${reasonMessage('ARCHIVE_NOT_HOSTED')}" (and no ARCHIVE_UPSTREAM_URL, or the upstream has none either), or not a \`{slug}-{version}.zip\` name.`,
        416: `"${ANSWERS.rangeNotSatisfiable.message}": the range starts past the end (\`Content-Range: bytes */<size>\`).`,
        502: `"${ANSWERS.upstreamFailed.message}" (pull-through only)`,
      },
      handler: async ({ params, req }): Promise<FileAnswer | StatusAnswer> => {
        const version = versionOfMirrorFile(params.slug, params.file);
        if (version === undefined) throw httpAnswer('notFound');
        // The cached record first; should its object be gone (replaced since, on another replica,
        // before the change reached this one), the record as it is now.
        for (const fresh of [false, true]) {
          let found: ArchiveRecord;
          try {
            found = await record(params.slug, version, fresh);
          } catch (err) {
            const reason = err instanceof DepotError ? err.reason : fromServiceError(err)?.reason;
            if (!upstream || !reason || !NOT_HOSTED.has(reason)) throw err;
            // plugins/pull-through.ts; should the upstream not have it either, the 404 is `err`'s.
            return FileAnswer.pulledThrough({ slug: params.slug, file: params.file, notHosted: err });
          }
          const answer = serving(found, params.file, req.headers, cacheControl);
          // Purged from shared caches by its mod's key when it is replaced or deleted.
          for (const [name, value] of policy.keyHeaders(found.tags ?? [])) answer.headers[name] = value;
          if (answer.status === 416) return FileAnswer.refused('rangeNotSatisfiable', answer.headers);
          if (answer.status === 304) return FileAnswer.notModified(answer.headers);
          // To the object in the bucket, whatever range is asked for (the bucket answers it).
          if (redirect) return redirect(found, params.file);
          if (req.method === 'HEAD') return FileAnswer.bytes(answer.status, answer.headers);
          try {
            return FileAnswer.bytes(
              answer.status,
              answer.headers,
              await store.read(found.sha256, answer.start, answer.end),
            );
          } catch (err) {
            if (!isStoreError(err, 'missing') || fresh) {
              if (isStoreError(err)) throw httpAnswer('archiveStoreUnavailable');
              throw err;
            }
          }
        }
        throw httpAnswer('archiveStoreUnavailable');
      },
    }),
  ];
}
