// A build for other launchers (docs/exports.md): each mod jar at an immutable URL (its sha256 in
// the path, cached forever), and the build's Modrinth pack (.mrpack) at one URL per build and at the
// modpack's `recommended` and `latest`, which follow the pack. The pack is visible as the build is
// to the launcher (k, cid or a token for a private or unpublished one), as a server pack is
// (server-packs.ts); the catalog makes it once per build state, and the bytes come from the store
// as an archive's do: ranges, ETag (its md5), If-Modified-Since, Content-Disposition.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DepotError, type ExportFormat } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { exportPackRequest, fromServiceError } from '@depot/common/grpc';
import { isStoreError } from '@depot/common/archive-store';
import { mirrorUrlOf } from '@depot/common/process';
import { answer as httpAnswer } from '../../errors';
import { ANSWERS, reasonMessage } from '../../messages';
import type { FileAnswer } from '../../pipeline/answers';
import { routedSegment, route, segment } from '../../pipeline/route';
import { exemptFromRequestTimeout } from '../../plugins/http-server';
import type { Filled } from '../../cache/cache';
import { serving, type ArchiveRecord } from './serving';
import { buildParams, modpackParams, packServing } from './pack-serving';
import * as res from './schemas';

/** A jar's URL may be cached forever: its bytes are the ones its sha256 names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const JAR_TYPE = 'application/java-archive';
const MRPACK_TYPE = 'application/x-modrinth-modpack+zip';
const MRPACK = '.mrpack';
const TOML_TYPE = 'application/toml';

const jarParams = z.object({
  sha256: routedSegment(/^[0-9a-f]{64}$/, "The jar's sha256 (lowercase hex)."),
  file: segment('JAR_NOT_FOUND', "The jar's file name, percent-encoded (any name: the sha256 names the bytes)."),
});
const buildFileParams = modpackParams.extend({
  file: segment(
    'BUILD_NOT_FOUND',
    'Build version string (exact, case-sensitive) followed by `.mrpack`, percent-encoded.',
  ),
});
const followParams = modpackParams.extend({
  which: routedSegment(
    /^(?:recommended|latest)\.mrpack$/,
    '`recommended.mrpack` or `latest.mrpack`: the build the modpack names so.',
  ),
});

const exportsView = z
  .strictObject({
    mrpack: z.strictObject({
      url: z
        .string()
        .meta({ description: "The build's .mrpack: for a launcher's import from a URL, or `MODRINTH_MODPACK`." }),
      recommended_url: z
        .string()
        .nullable()
        .meta({ description: "The modpack's recommended .mrpack, which follows it, when this build is recommended." }),
      latest_url: z
        .string()
        .nullable()
        .meta({ description: "The modpack's latest .mrpack, which follows it, when this build is the latest." }),
      sha256: z.string(),
      size: z.number().int(),
    }),
    packwiz: z.strictObject({
      url: z
        .string()
        .meta({ description: "The build's packwiz pack.toml: for `packwiz-installer -g`, or `PACKWIZ_URL`." }),
      recommended_url: z
        .string()
        .nullable()
        .meta({ description: "The recommended build's pack.toml, which follows it." }),
      latest_url: z.string().nullable().meta({ description: "The latest build's pack.toml, which follows it." }),
    }),
    problems: z
      .array(z.string())
      .meta({ description: 'What the exports leave out, and why; empty: they carry the whole build.' }),
  })
  .meta({ id: 'BuildExports' });

const treeParams = buildParams.extend({
  '*': segment('EXPORT_FILE_NOT_FOUND', "The tree's file: `pack.toml`, `index.toml`, or a path the index names."),
});
const treeFollowParams = modpackParams.extend({
  which: routedSegment(/^(?:recommended|latest)$/, '`recommended` or `latest`: the build the modpack names so.'),
  '*': segment('EXPORT_FILE_NOT_FOUND', "The tree's file: `pack.toml`, `index.toml`, or a path the index names."),
});

/** Depot's public address, the jars' URLs' base: PUBLIC_URL, else the mirror's (Depot's own by default). */
export const exportBaseUrl = (config: { PUBLIC_URL?: string; SERVICE_MIRROR_URL?: string }) =>
  (config.PUBLIC_URL ?? mirrorUrlOf(config)).replace(/\/*$/, '/');

const mrpackDescription =
  "The build as a Modrinth pack, for Prism Launcher, MultiMC, ATLauncher, the Modrinth App, XMCL and itzg's " +
  "`MODRINTH_MODPACK`: `modrinth.index.json` naming each mod's jar (downloaded from Depot's `/jars/` URL, with " +
  "its sha1, sha512, size and `env` from the mod's side), Minecraft and the loader, and every other file of the " +
  'archives under `overrides/`, `client-overrides/` or `server-overrides/`. What cannot be carried is left out ' +
  "(`X-Depot-Export-Problems` counts the reasons; the build's management view lists them). Made once per build " +
  "state, the same bytes every time; byte ranges, ETag (the md5), 304. Visible as the build's launcher answer is.";

export function exportRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { reads, followedBuild, makeMs, cacheControl, send } = packServing(app);
  const baseUrl = exportBaseUrl(config);

  /** A jar's record (size, md5, time), cached: JAR_NOT_FOUND when Depot has none of that sha256. */
  const jarRecord = (sha256: string, fresh: boolean): ArchiveRecord | Promise<ArchiveRecord> => {
    const fill = async (): Promise<Filled<ArchiveRecord>> => {
      let found;
      try {
        found = await clients.catalog.GetJar({ sha256 });
      } catch (err) {
        const reason = err instanceof DepotError ? err.reason : fromServiceError(err)?.reason;
        if (reason === 'JAR_NOT_FOUND') throw new DepotError('JAR_NOT_FOUND');
        throw err;
      }
      const value = { sha256: found.sha256, size: found.size, md5: found.md5, recordedAt: found.made_at };
      return { value, bytes: 256, tags: [] };
    };
    return fresh ? fill().then((f) => f.value) : app.responseCache.read(`j\0${sha256}`, fill);
  };

  /** The build's export, made by the catalog unless made for this state already. */
  async function exportOf(req: FastifyRequest, slug: string, version: string, format: ExportFormat, path?: string) {
    const [source, { modpack }] = await Promise.all([
      clients.builds.GetBuildSource({ slug, version }),
      clients.builds.GetModpackSource({ slug }),
    ]);
    const build = source.build;
    if (!build) throw new DepotError('BUILD_NOT_FOUND');
    exemptFromRequestTimeout(req.raw.socket);
    const pack = await clients.catalog.ExportPack(
      exportPackRequest(
        { modpack: slug, name: modpack?.name ?? slug, baseUrl },
        build,
        source.mod_version_ids,
        source.sides,
        format,
        path,
      ),
      { deadlineMs: makeMs },
    );
    // Only a public, published build's pack may sit in shared caches.
    const restricted = source.modpack_private || build.private || !build.is_published;
    return { pack, restricted, modpack };
  }

  /**
   * A file of build `version`'s packwiz tree (pack.toml, index.toml, a metafile, an archive's file):
   * a byte range of the tree's stored zip. Every one changes with the build at the same URL:
   * revalidated every time (ETag: its md5).
   */
  async function serveTree(
    req: FastifyRequest,
    slug: string,
    version: string,
    readAccess: buildsV1.Access,
    path: string,
  ): Promise<FileAnswer> {
    await reads.build(slug, version, readAccess, false);
    let made: Awaited<ReturnType<typeof exportOf>>;
    try {
      made = await exportOf(req, slug, version, 'packwiz', path);
    } catch (err) {
      const reason = err instanceof DepotError ? err.reason : fromServiceError(err)?.reason;
      if (reason === 'EXPORT_FILE_NOT_FOUND') throw httpAnswer('notFound');
      throw err;
    }
    const { pack, restricted } = made;
    const file = pack.file!;
    const record = { sha256: pack.sha256, size: file.size, md5: file.md5, recordedAt: pack.made_at };
    const name = path.slice(path.lastIndexOf('/') + 1);
    const answer = serving(record, name, req.headers, cacheControl);
    answer.headers['cache-control'] = restricted ? 'private, no-cache' : 'public, no-cache';
    if (answer.status === 200 || answer.status === 206) {
      answer.start += file.offset;
      answer.end += file.offset;
    }
    return send(req, answer, pack.sha256, name.endsWith('.toml') ? TOML_TYPE : 'application/octet-stream');
  }

  /** The export of build `version`, served; `follows`: asked by recommended or latest (revalidated every time). */
  async function serve(
    req: FastifyRequest,
    slug: string,
    version: string,
    readAccess: buildsV1.Access,
    follows: boolean,
    format: ExportFormat,
  ): Promise<FileAnswer> {
    // Visible to this request as the launcher's build answer is (404 otherwise, as there).
    const built = await reads.build(slug, version, readAccess, false);
    const { pack, restricted } = await exportOf(req, slug, version, format);
    const record = { sha256: pack.sha256, size: pack.size, md5: pack.md5, recordedAt: pack.made_at };
    const answer = serving(record, `${slug}-${version}${MRPACK}`, req.headers, cacheControl);
    // Recommended and latest follow the pack.
    if (restricted) answer.headers['cache-control'] = 'private, no-cache';
    else if (follows) answer.headers['cache-control'] = 'public, no-cache';
    // A build's own .mrpack may sit in shared caches, purged when the build or one of its archives changes.
    else app.cachePolicy.keyMadeFrom(answer.headers, built);
    answer.headers['x-depot-export-problems'] = String(pack.problems.length);
    return send(req, answer, pack.sha256, MRPACK_TYPE);
  }

  const mrpack = {
    method: 'GET',
    tag: 'Archives',
    description: mrpackDescription,
    access: 'read',
    file: MRPACK_TYPE,
    response: res.archiveFile,
    returns: 'The .mrpack (a zip), whole, or the range asked for (206).',
    answers: {
      206: { description: 'Partial content: the one byte range asked for.', schema: res.archiveFile },
      304: 'Not modified: `If-None-Match` names the ETag (the md5), or `If-Modified-Since` is not older.',
      409: `"${reasonMessage('EXPORT_UNAVAILABLE')}": the pack would be larger than ARCHIVE_MAX_BYTES.`,
      416: `"${ANSWERS.rangeNotSatisfiable.message}"`,
    },
  } as const;

  const tree = {
    method: 'GET',
    tag: 'Archives',
    description:
      "The build as a packwiz pack, for `packwiz-installer -g <url>/pack.toml` and itzg's `PACKWIZ_URL`: a tree of " +
      'static files under one base URL: `pack.toml` (Minecraft, the loader, the sha256 of `index.toml`), ' +
      '`index.toml` (every file with its sha256; `metafile = true` for the mods), `mods/<name>.pw.toml` per jar ' +
      "(its filename, side, and Depot's `/jars/` URL with its sha256), and every other file of the archives at its " +
      "path. Made once per build state; every file is revalidated (ETag: its md5). Visible as the build's launcher " +
      'answer is.',
    access: 'read',
    file: TOML_TYPE,
    response: res.archiveFile,
    returns: 'The file (`application/toml` for TOML), whole, or the range asked for (206).',
    answers: {
      206: { description: 'Partial content: the one byte range asked for.', schema: res.archiveFile },
      304: 'Not modified: `If-None-Match` names the ETag (the md5), or `If-Modified-Since` is not older.',
      404: '"Not found.": the tree has no such file (or the build is not visible, as its launcher answer).',
      409: `"${reasonMessage('EXPORT_UNAVAILABLE')}": the tree would be larger than ARCHIVE_MAX_BYTES.`,
      416: `"${ANSWERS.rangeNotSatisfiable.message}"`,
    },
  } as const;

  return [
    route({
      method: 'GET',
      url: '/api/manage/modpacks/:slug/builds/:build/exports',
      tag: 'Management',
      summary: "A build's exports for other launchers: their URLs, and what they leave out",
      description:
        "The build's .mrpack (made now unless made for this state already) and packwiz pack: their URLs, and the modpack's `recommended` " +
        'and `latest` URLs when they name this build; its size and sha256; and the reasons it leaves something out ' +
        '(an archive Depot does not host, one with no jar, a Technic `bin/` loader, a path outside the instance, ' +
        'two mods giving one file, no loader set). Unpublished and private builds included.',
      access: 'modpacks_manage',
      modpackAccess: true,
      params: buildParams,
      response: exportsView,
      returns: "The build's exports.",
      handler: async ({ req, params, builds: scoped }) => {
        // The caller may manage it (404, then 403 on the modpack, then the build's 404).
        await scoped.GetManagedBuild({ slug: params.slug, version: params.build });
        const { pack, modpack } = await exportOf(req, params.slug, params.build, 'mrpack');
        const slug = encodeURIComponent(params.slug);
        const follows = (which: 'recommended' | 'latest') =>
          modpack?.[which] === params.build ? `${baseUrl}mrpack/${slug}/${which}${MRPACK}` : null;
        const followsTree = (which: 'recommended' | 'latest') =>
          modpack?.[which] === params.build ? `${baseUrl}packwiz/${slug}/${which}/pack.toml` : null;
        return {
          mrpack: {
            url: `${baseUrl}mrpack/${slug}/builds/${encodeURIComponent(params.build)}${MRPACK}`,
            recommended_url: follows('recommended'),
            latest_url: follows('latest'),
            sha256: pack.sha256,
            size: pack.size,
          },
          packwiz: {
            url: `${baseUrl}packwiz/${slug}/builds/${encodeURIComponent(params.build)}/pack.toml`,
            recommended_url: followsTree('recommended'),
            latest_url: followsTree('latest'),
          },
          problems: pack.problems,
        };
      },
    }),
    route({
      ...tree,
      url: '/packwiz/:slug/builds/:build/*',
      summary: "A file of a build's packwiz pack",
      params: treeParams,
      handler: ({ req, params, readAccess }) => serveTree(req, params.slug, params.build, readAccess, params['*']),
    }),
    route({
      ...tree,
      url: '/packwiz/:slug/:which/*',
      summary: "A file of the packwiz pack of the modpack's recommended or latest build",
      params: treeFollowParams,
      handler: async ({ req, params, readAccess }) => {
        const version = await followedBuild(params.slug, readAccess, params.which);
        return serveTree(req, params.slug, version, readAccess, params['*']);
      },
    }),
    route({
      method: 'GET',
      url: '/jars/:sha256/:file',
      tag: 'Archives',
      summary: "Download a mod's jar (taken out of a hosted archive)",
      description:
        "A jar of a hosted archive's `mods/`, as a file of its own: the URL an export's `files` download. Its " +
        'sha256 is in the path, so the answer never changes (`Cache-Control: ' +
        IMMUTABLE +
        '`); any file name serves it. Public by URL, as archives are. Byte ranges (206, 416), ' +
        '`If-None-Match`/`If-Modified-Since` (304) and `If-Range`; the ETag is its md5.',
      access: 'public',
      params: jarParams,
      file: JAR_TYPE,
      response: res.archiveFile,
      returns: 'The jar (`application/java-archive`), whole, or the range asked for (206).',
      answers: {
        206: { description: 'Partial content: the one byte range asked for.', schema: res.archiveFile },
        304: 'Not modified: `If-None-Match` names the ETag (the md5), or `If-Modified-Since` is not older.',
        404: `"${reasonMessage('JAR_NOT_FOUND')}": no hosted archive holds a jar of that sha256.`,
        416: `"${ANSWERS.rangeNotSatisfiable.message}"`,
      },
      handler: async ({ req, params }) => {
        // The cached record first (a jar's never changes while it exists); should its object be
        // gone (its last archive removed since), the record as it is now: 404.
        for (const fresh of [false, true]) {
          const jar = await jarRecord(params.sha256, fresh);
          const answer = serving(jar, params.file, req.headers, cacheControl);
          answer.headers['cache-control'] = IMMUTABLE;
          try {
            return await send(req, answer, jar.sha256, JAR_TYPE, { missing: fresh });
          } catch (err) {
            if (!isStoreError(err, 'missing')) throw err;
          }
        }
        throw httpAnswer('archiveStoreUnavailable');
      },
    }),
    route({
      ...mrpack,
      url: '/mrpack/:slug/builds/:file',
      summary: "Download a build's Modrinth pack (.mrpack)",
      params: buildFileParams,
      handler: ({ req, params, readAccess }) => {
        if (!params.file.endsWith(MRPACK) || params.file.length === MRPACK.length) throw httpAnswer('notFound');
        return serve(req, params.slug, params.file.slice(0, -MRPACK.length), readAccess, false, 'mrpack');
      },
    }),
    route({
      ...mrpack,
      url: '/mrpack/:slug/:which',
      summary: "Download the Modrinth pack of the modpack's recommended or latest build",
      params: followParams,
      handler: async ({ req, params, readAccess }) => {
        const version = await followedBuild(params.slug, readAccess, params.which);
        return serve(req, params.slug, version, readAccess, true, 'mrpack');
      },
    }),
  ];
}
