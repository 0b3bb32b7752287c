// The catalog's archive methods (docs/archives.md): a version's archive fetched and hashed
// (rehash.ts) or fetched for a new version (fetched-version.ts), adopted from the old mirror
// (adopt.ts), and uploaded (upload.ts; client-streamed: the header, then the bytes). All are served
// by @depot/common's bindHandlers, under the rules of every call (deadline, status mapping, metrics).
import { DepotError, formatTimestamp, type BuildLoader, type ExportFormat } from '@depot/common';
import { type Logger } from '@depot/common/process';
import { type AsyncHandlers } from '@depot/common/grpc';
import type { catalogV1, CatalogServiceDefinition } from '@depot/proto';
import { isStoreError, type ArchiveDigests, type StoreError } from '@depot/common/archive-store';
import { opt, toFactsMessage, toVersionMessage } from '../messages';
import type { ArchiveAdoption } from './adopt';
import type { FetchedVersions } from './fetched-version';
import type { VersionArchives } from './rehash';
import type { ArchiveHolds, HeldLookup } from './held';
import type { ModFacts } from './metadata';
import type { ReleaseVersions } from './release';
import type { ServerPackRequest, ServerPacks } from './server-pack';
import type { ArchiveJars } from './jars';
import { type BuildExports } from './export';
import type { ArchiveUploads } from './upload';
import { uploadBody } from './upload-body';

export type ArchiveMethods =
  | 'RehashVersion'
  | 'CheckVersionArchives'
  | 'CreateFetchedVersion'
  | 'AdoptVersionArchives'
  | 'UploadVersionArchive'
  | 'LookupArchives'
  | 'PrepareRelease'
  | 'ServerPack'
  | 'CheckServerPacks'
  | 'GetJar'
  | 'ExtractArchiveJars'
  | 'ExportPack';

/** Aborted when the caller cancels the call or its deadline passes: its archive fetches stop. */
function cancelSignal(call: { on(event: 'cancelled', listener: () => void): unknown }): AbortSignal {
  const controller = new AbortController();
  call.on('cancelled', () => controller.abort(new Error('the call was cancelled')));
  return controller.signal;
}

/** A store's failure as the Depot reason a caller is answered. */
function storeFailure(err: StoreError, logger: Logger): DepotError {
  switch (err.problem) {
    case 'too_large':
      return new DepotError('ARCHIVE_OVER_MAX', {}, `The archive is larger than the server accepts: ${err.message}.`);
    case 'incomplete':
      return new DepotError('ARCHIVE_INCOMPLETE', {}, `The upload was cut short: ${err.message}.`);
    case 'missing':
      logger.error({ err: err.message }, 'a version names a missing object');
      return new DepotError('ARCHIVE_MISSING', {}, `The archive is missing from the store: ${err.message}.`);
    case 'unavailable':
      logger.warn({ err: err.message }, 'archive store unavailable');
      return new DepotError('UNAVAILABLE', {}, 'The archive store is unavailable.');
  }
}

export function archiveHandlers(
  parts: {
    archives: VersionArchives;
    fetched: FetchedVersions;
    adoption: ArchiveAdoption;
    uploads: ArchiveUploads;
    holds: ArchiveHolds;
    releases: ReleaseVersions;
    serverPacks: ServerPacks;
    jars: ArchiveJars;
    exports: BuildExports;
  },
  logger: Logger,
): Pick<AsyncHandlers<CatalogServiceDefinition>, ArchiveMethods> {
  const { archives, fetched, adoption, uploads, holds, releases, serverPacks, jars, exports } = parts;
  return {
    async GetJar(req) {
      const jar = await jars.jar(req.sha256);
      return { ...jar, made_at: formatTimestamp(jar.madeAt) };
    },
    async ExtractArchiveJars(req) {
      try {
        return await jars.backfill(req.after, req.limit);
      } catch (err) {
        throw isStoreError(err) ? storeFailure(err, logger) : err;
      }
    },
    async ExportPack(req) {
      try {
        const made = await exports.export({
          format: req.format as ExportFormat,
          modpack: req.modpack,
          build: req.build,
          name: req.name,
          minecraft: req.minecraft,
          loader: req.loader ? { name: req.loader as BuildLoader, version: req.loader_version ?? null } : null,
          versionIds: req.version_ids,
          sides: new Map(req.sides.map((s) => [s.id, s.side])),
          baseUrl: req.base_url,
        });
        // packwiz: the tree's file asked for (its own key only: a path is any text).
        const path = req.path;
        const file = path !== undefined && made.files && Object.hasOwn(made.files, path) ? made.files[path] : undefined;
        if (path !== undefined && !file) throw new DepotError('EXPORT_FILE_NOT_FOUND');
        return {
          sha256: made.sha256,
          md5: made.md5,
          size: made.size,
          made_at: formatTimestamp(made.madeAt),
          problems: made.problems,
          ...(file ? { file: { offset: file.offset, size: file.size, sha256: file.sha256, md5: file.md5 } } : {}),
        };
      } catch (err) {
        if (isStoreError(err, 'too_large')) {
          throw new DepotError('EXPORT_UNAVAILABLE', {}, `No export of this build: ${err.message}.`);
        }
        throw isStoreError(err) ? storeFailure(err, logger) : err;
      }
    },
    async ServerPack(req) {
      try {
        const pack = await serverPacks.serverPack(serverPackRequest(req));
        return { sha256: pack.sha256, md5: pack.md5, size: pack.size, made_at: formatTimestamp(pack.madeAt) };
      } catch (err) {
        if (isStoreError(err, 'too_large')) {
          throw new DepotError('SERVER_PACK_UNAVAILABLE', {}, `No server pack for this build: ${err.message}.`);
        }
        throw isStoreError(err) ? storeFailure(err, logger) : err;
      }
    },
    async CheckServerPacks(req) {
      try {
        const checks = [];
        // One build after another: each reads its archives' directories, ranged reads of the store.
        for (const build of req.builds) {
          const pack = serverPackRequest(build);
          const check = await serverPacks.check(pack);
          // (a few paths name the cause: a thousand would only lengthen the answer)
          const leftOut = req.with_exports ? await exports.leftOut(pack) : [];
          checks.push({
            build: build.build,
            ...check,
            export_left_out: leftOut.map((l) => ({ ...l, paths: l.paths.slice(0, 10) })),
          });
        }
        return { checks };
      } catch (err) {
        throw isStoreError(err) ? storeFailure(err, logger) : err;
      }
    },
    async LookupArchives(req) {
      return { files: (await holds.lookup(req.files)).map(lookupMessage) };
    },
    async PrepareRelease(req) {
      const r = await releases.prepare(
        req.mods.map((e) => ({
          ...(e.file ? { file: { name: e.file.name, sha256: e.file.sha256 } } : {}),
          ...(e.mod !== undefined && e.mod !== null ? { mod: e.mod } : {}),
          ...(e.version !== undefined && e.version !== null ? { version: e.version } : {}),
        })),
        req.remove,
        req.dry_run,
      );
      return {
        mods: r.mods.map((m) => ({
          mod_id: m.modId,
          mod: m.mod,
          version_id: m.versionId,
          version: m.version,
          created: m.created,
        })),
        remove: r.remove.map((m) => ({ mod_id: m.modId, mod: m.mod })),
      };
    },
    async CreateFetchedVersion(req, call) {
      const row = await fetched.create(
        { slug: req.slug, version: req.version, url: req.url ?? null, notes: req.notes ?? null },
        cancelSignal(call),
      );
      return toVersionMessage(row);
    },
    async RehashVersion(req, call) {
      const r = await archives.rehash(req.slug, req.version, req.store, cancelSignal(call));
      return {
        url: r.url,
        md5: r.md5,
        filesize: r.filesize,
        recorded_md5: r.recordedMd5,
        recorded_filesize: opt(r.recordedFilesize),
        md5_matches: r.md5Matches,
        filesize_matches: r.filesizeMatches,
        stored: r.stored,
      };
    },
    async CheckVersionArchives(req, call) {
      const { checks, total } = await archives.check(
        req.after_id,
        req.limit,
        req.concurrency,
        cancelSignal(call),
        req.ids,
      );
      return {
        checks: checks.map((c) => ({
          id: c.id,
          mod: c.mod,
          version: c.version,
          url: c.url,
          recorded_md5: c.recordedMd5,
          recorded_filesize: opt(c.recordedFilesize),
          md5: c.digest?.md5,
          filesize: c.digest?.size,
          problem: c.failure?.problem,
          message: c.failure?.message,
        })),
        mirror_url: archives.mirrorUrl,
        total,
      };
    },
    async AdoptVersionArchives(req, call) {
      const page = await adoption.page(
        {
          afterId: req.after_id,
          limit: req.limit,
          concurrency: req.concurrency,
          upstreamUrl: req.upstream_url,
          mods: req.mods,
          includeOwnUrls: req.include_own_urls,
          dryRun: req.dry_run,
        },
        cancelSignal(call),
      );
      return {
        archives: page.archives.map((a) => ({
          id: a.id,
          mod: a.mod,
          version: a.version,
          outcome: a.outcome,
          url: a.url,
          recorded_md5: a.recordedMd5,
          md5: a.md5,
          size: a.size,
          detail: a.detail,
          warnings: a.warnings,
        })),
        next_after_id: page.nextAfterId,
        upstream_url: page.upstreamUrl,
        total: page.plan?.total,
        already_hosted: page.plan?.alreadyHosted,
        unknown_mods: page.plan?.unknownMods ?? [],
      };
    },
    async UploadVersionArchive(requests, call) {
      const cancelled = cancelSignal(call);
      const messages = requests[Symbol.asyncIterator]();
      const first = await messages.next();
      const h = first.done ? undefined : first.value.header;
      if (!h) throw DepotError.fields({ header: ['The first message must be the header.'] });
      try {
        if (h.hold) {
          const held = await holds.hold(
            { fileName: h.file_name, size: h.size ?? undefined },
            uploadBody(messages, h.size ?? undefined, cancelled),
          );
          return {
            ...readResponse({ ...held, metadata: held.lookup.metadata ?? { mods: [] } }, held.created),
            lookup: lookupMessage(held.lookup),
          };
        }
        if (h.inspect) {
          const read = await uploads.inspect(
            { fileName: h.file_name, size: h.size ?? undefined },
            uploadBody(messages, h.size ?? undefined, cancelled),
          );
          return readResponse(read, false);
        }
        const r = await uploads.upload(
          {
            slug: h.slug,
            version: h.version,
            versionFromArchive: h.version_from_archive,
            createVersion: h.create_version || h.version_from_archive,
            replace: h.replace,
            fileName: h.file_name,
            size: h.size ?? undefined,
            notes: h.notes ?? null,
            replaceInBuilds: h.replace_in_builds,
            ...(h.new_mod ? { newMod: { prettyName: h.new_mod.pretty_name } } : {}),
          },
          uploadBody(messages, h.size ?? undefined, cancelled),
          cancelled,
        );
        return uploadResponse(r);
      } catch (err) {
        throw isStoreError(err) ? storeFailure(err, logger) : err;
      }
    },
  };
}

/** The answer to a file sent to no version (read, or held): what it holds; `kept`: it is stored now. */
function readResponse(
  read: { packaged: boolean; warnings: string[]; metadata: { mods: ModFacts[] }; digests: ArchiveDigests },
  kept: boolean,
): catalogV1.UploadArchiveResponse {
  return {
    created_version: false,
    changed: kept,
    stored: kept,
    packaged: read.packaged,
    warnings: read.warnings,
    created_mod: false,
    builds: [],
    metadata: { mods: read.metadata.mods.map(toFactsMessage) },
    md5: read.digests.md5,
    size: read.digests.size,
  };
}

function lookupMessage(l: HeldLookup): catalogV1.ArchiveLookup {
  return {
    name: l.name,
    sha256: l.sha256,
    held: l.held,
    versions: l.versions,
    ...(l.metadata ? { metadata: { mods: l.metadata.mods.map(toFactsMessage) } } : {}),
    ...(l.mod !== undefined ? { mod: l.mod } : {}),
  };
}

function uploadResponse(r: Awaited<ReturnType<ArchiveUploads['upload']>>): catalogV1.UploadArchiveResponse {
  return {
    // What was read now, whether or not the version's record changed.
    version: { ...toVersionMessage(r.version), metadata: { mods: r.metadata.mods.map(toFactsMessage) } },
    created_version: r.createdVersion,
    changed: r.changed,
    stored: r.stored,
    packaged: r.packaged,
    warnings: r.warnings,
    created_mod: r.createdMod,
    builds: r.builds.map((b) => ({
      modpack_slug: b.modpackSlug,
      modpack_name: b.modpackName,
      build_version: b.buildVersion,
      published: b.published,
    })),
    metadata: { mods: r.metadata.mods.map(toFactsMessage) },
    md5: r.version.md5,
    size: Number(r.version.filesize ?? 0),
  };
}

/** A server pack request as the catalog takes it. */
function serverPackRequest(req: catalogV1.ServerPackRequest__Output): ServerPackRequest {
  return {
    modpack: req.modpack,
    build: req.build,
    minecraft: req.minecraft,
    forge: req.forge ?? null,
    minJava: req.min_java ?? null,
    loader: req.loader ? { name: req.loader as BuildLoader, version: req.loader_version ?? null } : null,
    versionIds: req.version_ids,
    sides: new Map(req.sides.map((s) => [s.id, s.side])),
  };
}
