// GET and HEAD of a build's server pack (docs/archives.md#server-packs): at one URL per build, and
// at the modpack's `recommended` and `latest`, which follow the pack. Visible as the build is to the
// launcher (k, cid or a token for a private or unpublished one). The catalog makes the pack once
// per build state (the first request waits for it) and the bytes come from the store as an
// archive's do: ranges, ETag (its md5), If-Modified-Since, Content-Disposition.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serverPackRequest } from '@depot/common/grpc';
import type { buildsV1 } from '@depot/proto';
import { isStoreError, openArchiveStore } from '@depot/common/archive-store';
import { answer as httpAnswer } from '../../errors';
import { ANSWERS, reasonMessage } from '../../messages';
import { FileAnswer } from '../../pipeline/answers';
import { routedSegment, route, segment } from '../../pipeline/route';
import { exemptFromRequestTimeout } from '../../plugins/http-server';
import { LauncherReads } from '../launcher/reads';
import { mirrorUrlOf } from '@depot/common/process';
import { serving } from './serving';
import * as res from './schemas';

const modpackParams = z.object({ slug: segment('MODPACK_NOT_FOUND', 'Slug of the modpack, percent-encoded.') });
const buildParams = modpackParams.extend({
  build: segment('BUILD_NOT_FOUND', 'Build version string (exact, case-sensitive), percent-encoded.'),
});
const followParams = modpackParams.extend({
  which: routedSegment(/^(?:recommended|latest)$/, '`recommended` or `latest`: the build the modpack names so.'),
});

const description =
  "What a dedicated server needs from the build: the jars and server folders of its mods' archives (every mod " +
  'but those that run on the client only) and `depot-server.json` (Minecraft, loader, Java, each file with its ' +
  'sha256). Made once per build state, the same bytes every time; byte ranges, ETag (the md5), 304. Visible as ' +
  "the build's launcher answer is (`k`, `cid` or a token for a private or unpublished build).";

export function serverPackRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const store = openArchiveStore(config);
  app.addHook('onClose', () => store.close());
  const reads = new LauncherReads(app.responseCache, clients, mirrorUrlOf(config));
  // Making a pack reads every archive of the build: the call may take as long as a transfer.
  const makeMs = config.ARCHIVE_TRANSFER_TIMEOUT_MS + config.GRPC_DEADLINE_MS;
  const cacheControl = app.cachePolicy.downloadCacheControl(config.ARCHIVE_CACHE_MAX_AGE_SECONDS);

  /** The pack of build `version`, served; `follows`: asked by recommended or latest (revalidated every time). */
  async function serve(
    req: FastifyRequest,
    slug: string,
    version: string,
    readAccess: buildsV1.Access,
    follows: boolean,
  ): Promise<FileAnswer> {
    // Visible to this request as the launcher's build answer is (404 otherwise, as there).
    const built = await reads.build(slug, version, readAccess, false);
    const source = await clients.builds.GetBuildSource({ slug, version });
    const build = source.build!;
    exemptFromRequestTimeout(req.raw.socket);
    const pack = await clients.catalog.ServerPack(
      serverPackRequest(slug, build, source.mod_version_ids, source.sides),
      {
        deadlineMs: makeMs,
      },
    );
    const record = { sha256: pack.sha256, size: pack.size, md5: pack.md5, recordedAt: pack.made_at };
    const answer = serving(record, `${slug}-${version}-server.zip`, req.headers, cacheControl);
    // Only a public, published build's pack may sit in shared caches (purged by its modpack's and
    // its mods' keys when the build or an archive changes); recommended and latest follow the pack.
    const restricted = source.modpack_private || build.private || !build.is_published;
    if (restricted) answer.headers['cache-control'] = 'private, no-cache';
    else if (follows) answer.headers['cache-control'] = 'public, no-cache';
    else app.cachePolicy.keyMadeFrom(answer.headers, built);
    if (answer.status === 416) return FileAnswer.refused('rangeNotSatisfiable', answer.headers);
    if (answer.status === 304) return FileAnswer.notModified(answer.headers);
    if (req.method === 'HEAD') return FileAnswer.bytes(answer.status, answer.headers);
    try {
      return FileAnswer.bytes(answer.status, answer.headers, await store.read(pack.sha256, answer.start, answer.end));
    } catch (err) {
      if (isStoreError(err)) throw httpAnswer('archiveStoreUnavailable');
      throw err;
    }
  }

  const common = {
    method: 'GET',
    tag: 'Archives',
    description,
    access: 'read',
    file: 'application/zip',
    response: res.archiveFile,
    returns: 'The server pack (`application/zip`), whole, or the range asked for (206).',
    answers: {
      206: { description: 'Partial content: the one byte range asked for.', schema: res.archiveFile },
      304: 'Not modified: `If-None-Match` names the ETag (the md5), or `If-Modified-Since` is not older.',
      409: `"${reasonMessage('SERVER_PACK_UNAVAILABLE')}": which archive, and why (not hosted by Depot, two mods giving one file, too large).`,
      416: `"${ANSWERS.rangeNotSatisfiable.message}"`,
    },
  } as const;

  return [
    route({
      ...common,
      url: '/server-packs/:slug/builds/:build',
      summary: "Download a build's server pack",
      params: buildParams,
      handler: ({ req, params, readAccess }) => serve(req, params.slug, params.build, readAccess, false),
    }),
    route({
      ...common,
      url: '/server-packs/:slug/:which',
      summary: "Download the server pack of the modpack's recommended or latest build",
      params: followParams,
      handler: async ({ req, params, readAccess }) => {
        // Visible to this request as the launcher's modpack answer is; then the build it names.
        await reads.modpack(params.slug, readAccess);
        const { modpack } = await clients.builds.GetModpackSource({ slug: params.slug });
        const version = params.which === 'recommended' ? modpack?.recommended : modpack?.latest;
        if (!version) throw httpAnswer('notFound');
        return serve(req, params.slug, version, readAccess, true);
      },
    }),
  ];
}
