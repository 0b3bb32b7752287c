// gRPC surface of the catalog: requests in, entity rows out as proto messages (a build's mods as
// rendered JSON, build-mods.ts).
import type { AsyncHandlers } from '@depot/common';
import type { CatalogServiceDefinition } from '@depot/proto';
import type { ArchiveAdoption } from './adopt';
import type { VersionArchives } from './archives';
import type { FetchedVersions } from './fetched-version';
import { renderBuildMods } from './build-mods';
import type { ManagementMethods } from './management';
import { opt, toModMessage, toVersionMessage } from './messages';
import type { Catalog, ModFields, VersionFields } from './mods';
import type { StoreMethods } from './store/grpc';

/** Aborted when the caller cancels the call or its deadline passes: its archive fetches stop. */
function cancelSignal(call: { on(event: 'cancelled', listener: () => void): unknown }): AbortSignal {
  const controller = new AbortController();
  call.on('cancelled', () => controller.abort(new Error('the call was cancelled')));
  return controller.signal;
}

/** Fields named in update_mask, unset ones as null (proto presence = REST presence). */
function masked<K extends string>(
  req: Record<string, unknown>,
  mask: string[],
  map: Record<string, K>,
): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const field of mask) {
    const key = map[field];
    if (key) out[key] = req[field] === undefined ? null : req[field];
  }
  return out;
}

/** Every method but the management reads (management.ts), the archives' (archiveHandlers) and the store's (store/grpc.ts). */
export function catalogHandlers(
  catalog: Catalog,
): Omit<AsyncHandlers<CatalogServiceDefinition>, ManagementMethods | ArchiveMethods | StoreMethods> {
  return {
    async ListMods() {
      const mods = await catalog.listMods();
      return { mods: mods.map((m) => ({ id: m.id, name: m.name, pretty_name: m.prettyName })) };
    },
    async GetMod(req) {
      const { mod, versions } = await catalog.getMod(req.slug);
      return toModMessage(mod, versions);
    },
    async CreateMod(req) {
      const mod = await catalog.createMod({
        name: req.name,
        prettyName: req.pretty_name,
        author: req.author ?? null,
        description: req.description ?? null,
        link: req.link ?? null,
        notes: req.notes ?? null,
      });
      return toModMessage(mod);
    },
    async UpdateMod(req) {
      const fields = masked(req as unknown as Record<string, unknown>, req.update_mask, {
        name: 'name',
        pretty_name: 'prettyName',
        author: 'author',
        description: 'description',
        link: 'link',
        notes: 'notes',
      }) as ModFields;
      return toModMessage(await catalog.updateMod(req.slug, fields));
    },
    async DeleteMod(req) {
      const { modId, versionIds } = await catalog.deleteMod(req.slug);
      return { mod_id: modId, version_ids: versionIds };
    },
    async GetVersion(req) {
      return toVersionMessage(await catalog.getVersion(req.slug, req.version));
    },
    async CreateVersion(req) {
      const row = await catalog.createVersion(req.slug, req.version, {
        md5: req.md5,
        filesize: req.filesize ?? null,
        url: req.url ?? null,
        notes: req.notes ?? null,
      });
      return toVersionMessage(row);
    },
    async UpdateVersion(req) {
      const fields = masked(req as unknown as Record<string, unknown>, req.update_mask, {
        md5: 'md5',
        filesize: 'filesize',
        url: 'url',
        notes: 'notes',
      }) as VersionFields;
      return toVersionMessage(await catalog.updateVersion(req.slug, req.version, fields));
    },
    async DeleteVersion(req) {
      const { modId, versionId } = await catalog.deleteVersion(req.slug, req.version);
      return { mod_id: modId, version_id: versionId };
    },
    async RenderBuildMods(req) {
      const rows = await catalog.getVersionsByIds(req.ids, req.with_details);
      const mods = renderBuildMods(rows, req.mirror_url, req.with_details);
      return req.with_mods
        ? { mods_json: mods.json, mod_ids: mods.modIds, mod_names: mods.modNames }
        : { mods_json: mods.json };
    },
  };
}

export type ArchiveMethods = 'RehashVersion' | 'CheckVersionArchives' | 'CreateFetchedVersion' | 'AdoptVersionArchives';

/** A version's archive fetched and hashed (archives.ts), or fetched for a new version (fetched-version.ts). */
export function archiveHandlers(
  archives: VersionArchives,
  fetched: FetchedVersions,
): Pick<AsyncHandlers<CatalogServiceDefinition>, Exclude<ArchiveMethods, 'AdoptVersionArchives'>> {
  return {
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
  };
}

/** A page of versions' archives adopted from the old mirror (adopt.ts). */
export function adoptHandlers(
  adoption: ArchiveAdoption,
): Pick<AsyncHandlers<CatalogServiceDefinition>, 'AdoptVersionArchives'> {
  return {
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
  };
}
