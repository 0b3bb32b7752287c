// GET and HEAD of a build's server pack (docs/archives.md#server-packs): at one URL per build, and
// at the modpack's `recommended` and `latest`, which follow the pack. Visible as the build is to the
// launcher (k, cid or a token for a private or unpublished one). The catalog makes the pack once
// per build state (the first request waits for it) and the bytes come from the store as an
// archive's do: ranges, ETag (its md5), If-Modified-Since, Content-Disposition.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverPackRequest } from '@depot/common/grpc';
import type { buildsV1 } from '@depot/proto';
import { ANSWERS, reasonMessage } from '../../messages';
import type { FileAnswer } from '../../pipeline/answers';
import { routedSegment, route } from '../../pipeline/route';
import { exemptFromRequestTimeout } from '../../plugins/http-server';
import { serving } from './serving';
import { buildParams, modpackParams, packServing } from './pack-serving';
import * as res from './schemas';

const followParams = modpackParams.extend({
  which: routedSegment(/^(?:recommended|latest)$/, '`recommended` or `latest`: the build the modpack names so.'),
});

const description =
  "What a dedicated server needs from the build: the jars and server folders of its mods' archives (every mod " +
  'but those that run on the client only) and `depot-server.json` (Minecraft, loader, Java, each file with its ' +
  'sha256). Made once per build state, the same bytes every time; byte ranges, ETag (the md5), 304. Visible as ' +
  "the build's launcher answer is (`k`, `cid` or a token for a private or unpublished build).";

export function serverPackRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { reads, followedBuild, makeMs, cacheControl, send } = packServing(app);

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
    return send(req, answer, pack.sha256, 'application/zip');
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
      handler: async ({ req, params, readAccess }) =>
        serve(req, params.slug, await followedBuild(params.slug, readAccess, params.which), readAccess, true),
    }),
  ];
}
