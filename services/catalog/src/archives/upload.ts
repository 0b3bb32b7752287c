// An upload of a version's archive (docs/archives.md#uploading): the answers that do not depend on
// the bytes first, then the bytes staged (digested, bounded by ARCHIVE_MAX_BYTES; a jar packaged),
// checked from the store, and recorded on the version in one transaction that also moves the
// staged object to its content address. A refusal at any step leaves nothing stored or recorded.
import type { Readable } from 'node:stream';
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, FIELD_MESSAGES, fieldError, refuseNewVersion, sideOfFacts, SLUG_PATTERN } from '@depot/common';
import { enqueueEvent, isUniqueViolation, type Orm, type OutboxRelay } from '@depot/common/runtime';
import { insertMod, nameTaken } from '../mods';
import type { BuildUse, VersionUsage } from '../version-usage';
import { ModSchema } from '../entities/mod';
import { ModVersionSchema, type ModVersion } from '../entities/mod-version';
import { StoreError, type ArchiveDigests } from '@depot/common/archive-store';
import { lockObject, type ArchiveObjects } from './objects';
import { checkArchive, stagedBody, uploadKind } from './packaging';
import type { ModMetadata } from './metadata';
import { disagreements, readStagedMetadata, versionFromFacts } from './upload-facts';
import { metadataWarning, stageAndRead } from './staging';

export interface UploadRequest {
  slug: string;
  /** '' with versionFromArchive. */
  version: string;
  /** The version is the one the archive's metadata names (upload-facts.ts); implies createVersion. */
  versionFromArchive?: boolean;
  createVersion: boolean;
  replace: boolean;
  fileName: string;
  /** Announced size of the body, when known. */
  size?: number;
  notes?: string | null;
  /**
   * Replace an archive that builds use: without it, `replace` of a version some build holds is
   * refused before the bytes are read (ARCHIVE_IN_BUILDS, naming them).
   */
  replaceInBuilds?: boolean;
  /** Create the mod too (it must not exist), in the version's transaction: a refused file leaves none. */
  newMod?: { prettyName: string };
  /** The md5 the bytes must have (the version's record): others are refused, ARCHIVE_MD5_MISMATCH, nothing stored. */
  expectedMd5?: string;
  /**
   * The version's archive as the caller saw it: changed since (hosted, edited), the version is left
   * as it is (ARCHIVE_UPLOAD_CONFLICT), even with `replace`.
   */
  unchangedSince?: ArchiveIdentity;
}

export interface UploadResult {
  version: ModVersion;
  createdMod: boolean;
  createdVersion: boolean;
  changed: boolean;
  stored: boolean;
  packaged: boolean;
  warnings: string[];
  /** What the archive's metadata says, as recorded with the version. */
  metadata: ModMetadata;
  /** The builds whose launchers get the new bytes (a replace that changed the archive). */
  builds: BuildUse[];
}

/** What names a version's archive: an upload is recorded only if it is unchanged since the upload began. */
export type ArchiveIdentity = Pick<ModVersion, 'hosted' | 'md5' | 'url'>;
const sameIdentity = (a: ArchiveIdentity, b: ArchiveIdentity) =>
  a.hosted === b.hosted && a.md5 === b.md5 && a.url === b.url;

/** Whether the version has an archive other than these bytes (replacing it must be asked for). */
function hasOtherArchive(row: ArchiveIdentity, d: ArchiveDigests): boolean {
  if (row.hosted) return row.hosted !== d.sha256;
  // Not hosted: its archive is elsewhere (its own url, or the mirror). The same bytes moving in
  // (the md5 it records) are no other archive; a version with its own url keeps it unless replaced.
  return row.url !== null || row.md5 !== d.md5;
}

const isForeignKeyViolation = (err: unknown) => (err as { code?: string })?.code === '23503';

/** The refusal of a replace that builds would feel, naming them (the console asks, then confirms). */
function inBuilds(uses: BuildUse[]): DepotError {
  const named = uses.map((u) => `${u.modpackSlug} ${u.buildVersion}${u.published ? ' (published)' : ''}`);
  const shown = named.length > 10 ? [...named.slice(0, 10), `${named.length - 10} more`] : named;
  return new DepotError(
    'ARCHIVE_IN_BUILDS',
    { count: uses.length },
    `The version is in ${uses.length} build(s): ${shown.join(', ')}. Launchers would download the new archive ` +
      'under the same version at once: send replace_in_builds=true to replace it anyway.',
  );
}

export class ArchiveUploads {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
    private readonly objects: ArchiveObjects,
    private readonly usage: Pick<VersionUsage, 'buildsUsing'>,
    private readonly maxBytes: number,
    private readonly maxEntries: number,
    /** After an archive is stored: its jars taken out (jars.ts). Never throws. */
    private readonly afterStored: (sha256: string) => Promise<void> = async () => undefined,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /**
   * The archive read as an upload reads it, then let go: its checks (a refusal is the upload's),
   * its metadata, and its md5 and size as it would be stored. Nothing is stored or recorded; the
   * console shows the facts before the person saves.
   */
  async inspect(
    req: Pick<UploadRequest, 'fileName' | 'size'>,
    body: Readable,
  ): Promise<{ warnings: string[]; metadata: ModMetadata; packaged: boolean; digests: ArchiveDigests }> {
    const read = await stageAndRead(this.objects.store, req, body, this.byteLimit(req.size), this.maxEntries);
    await read.staged.discard();
    return {
      warnings: read.warnings,
      metadata: read.metadata,
      packaged: read.kind === 'jar',
      digests: read.staged.digests,
    };
  }

  /** `cancelled`: the sender gave up; nothing is recorded after that. */
  async upload(req: UploadRequest, body: Readable, cancelled?: AbortSignal): Promise<UploadResult> {
    const store = this.objects.store;
    const maxBytes = this.byteLimit(req.size);
    const fromArchive = !!req.versionFromArchive;
    let version = req.version;
    // (Without a version yet: the mod's lookup only; the version's come once the archive named it.)
    let before = await this.current(this.em(), req.slug, version, { newMod: !!req.newMod });
    let uses: BuildUse[] = [];
    if (!fromArchive) ({ uses } = await this.target(req, version, before));
    // After the records' lookups: a missing mod or version answers before the file (the order of checks).
    const { kind, name, entry } = uploadKind(req.fileName);

    const source = stagedBody(body, kind, entry);
    const staged = await store.stage(source.body, maxBytes);
    const digests = staged.digests;
    let warnings: string[];
    let metadata: ModMetadata;
    try {
      if (req.expectedMd5 !== undefined && digests.md5 !== req.expectedMd5) {
        throw new DepotError(
          'ARCHIVE_MD5_MISMATCH',
          {},
          `The archive's md5 is ${digests.md5}, the version records ${req.expectedMd5 || '(none)'}.`,
        );
      }
      const checked = await checkArchive(staged, kind, { maxEntries: this.maxEntries });
      metadata = await readStagedMetadata(staged, checked.jar);
      if (fromArchive) {
        version = versionFromFacts(metadata);
        before = await this.current(this.em(), req.slug, version, { newMod: !!req.newMod });
        ({ uses } = await this.target({ ...req, createVersion: true }, version, before));
      }
      warnings = [
        ...checked.warnings,
        ...metadata.warnings.map(metadataWarning),
        ...(fromArchive ? [] : disagreements(metadata, req.slug, version)),
      ];
    } catch (err) {
      await staged.discard();
      throw err;
    }

    let committed: { existed: boolean } | undefined;
    let replaced: string | null = null;
    try {
      const recorded = await this.em().transactional(async (tx) => {
        await lockObject(tx, digests.sha256);
        const now = await this.current(tx, req.slug, version, { forUpdate: true, newMod: !!req.newMod });
        if (!before.row) {
          if (now.row) {
            // Another upload created it first; the same bytes are no conflict.
            if (now.row.hosted === digests.sha256) return { row: now.row, changed: false };
            throw new DepotError('ARCHIVE_UPLOAD_CONFLICT');
          }
        } else {
          if (!now.row) throw new DepotError('VERSION_NOT_FOUND');
          if (
            !sameIdentity(before.row, now.row) ||
            (req.unchangedSince && !sameIdentity(req.unchangedSince, now.row))
          ) {
            // Another upload finished first; the same bytes are no conflict.
            if (now.row.hosted === digests.sha256) return { row: now.row, changed: false };
            throw new DepotError('ARCHIVE_UPLOAD_CONFLICT');
          }
          if (now.row.hosted === digests.sha256 && now.row.md5 === digests.md5) return { row: now.row, changed: false };
          if (hasOtherArchive(now.row, digests) && !req.replace) throw new DepotError('ARCHIVE_EXISTS');
        }
        if (cancelled?.aborted) throw new StoreError('incomplete', 'the sender cancelled the upload');
        committed = await staged.commit();
        const fields = {
          md5: digests.md5,
          filesize: digests.size,
          sha1: digests.sha1,
          sha256: digests.sha256,
          sha512: digests.sha512,
          hosted: digests.sha256,
          hostedAt: new Date(),
          // Launchers download a hosted archive from the mirror's form of URL (Depot's).
          url: null,
          metadata: { mods: metadata.mods },
          // Where it runs, from the new archive's metadata: an author's choice made for the old
          // archive is kept only when the new one says nothing.
          ...(sideOfFacts(metadata.mods) ? { side: sideOfFacts(metadata.mods) } : {}),
          sourceSha256: source.sourceSha256(digests.sha256),
          sourceName: name,
        };
        let row: ModVersion;
        if (now.row) {
          replaced = now.row.hosted;
          row = now.row;
          tx.assign(row, fields);
          await tx.flush();
          enqueueEvent(tx, 'mod.version.updated', { mod_id: row.modId, version_id: row.id });
        } else {
          const modId = now.modId ?? (await insertMod(tx, { name: req.slug, prettyName: req.newMod!.prettyName })).id;
          row = tx.create(ModVersionSchema, {
            modId,
            version,
            notes: req.notes ?? null,
            ...fields,
          } as ModVersion);
          await tx.flush();
          enqueueEvent(tx, 'mod.updated', { mod_id: modId });
          enqueueEvent(tx, 'mod.version.added', { mod_id: modId, version_id: row.id, mod_slug: req.slug, version });
        }
        return { row, changed: true };
      });
      if (!committed) await staged.discard();
      this.relay?.kick();
      if (replaced && replaced !== digests.sha256) await this.objects.release([replaced]);
      if (recorded.changed) await this.afterStored(digests.sha256);
      return {
        version: recorded.row,
        createdMod: !!req.newMod && recorded.changed,
        createdVersion: !before.row && recorded.changed,
        changed: recorded.changed,
        stored: committed ? !committed.existed : false,
        packaged: kind === 'jar',
        warnings,
        metadata,
        builds: before.row && recorded.changed ? uses : [],
      };
    } catch (err) {
      // Not recorded: the staged object goes, and a committed one unless a version names it.
      if (committed) await this.objects.release([digests.sha256]);
      else await staged.discard();
      // A mod of that name created meanwhile (new_mod), else a version.
      if (isUniqueViolation(err)) throw req.newMod ? nameTaken() : new DepotError('ARCHIVE_UPLOAD_CONFLICT');
      if (isForeignKeyViolation(err)) throw new DepotError('MOD_NOT_FOUND');
      throw err;
    }
  }

  /**
   * The upload's target judged before the bytes it costs: the version must exist unless it is
   * created, and then follow the rule of every new version (the file's refusals come after); a
   * replace reaches the builds that hold it, refused unless confirmed.
   */
  private async target(
    req: UploadRequest,
    version: string,
    before: { row?: ModVersion },
  ): Promise<{ uses: BuildUse[] }> {
    // create_version: create it when missing; an existing version takes the upload as without it.
    if (!req.createVersion && !req.newMod && !before.row) throw new DepotError('VERSION_NOT_FOUND');
    if (!before.row) refuseNewVersion(version);
    const uses = before.row && req.replace ? await this.usage.buildsUsing(before.row.id) : [];
    if (uses.length && !req.replaceInBuilds) throw inBuilds(uses);
    return { uses };
  }

  /**
   * ARCHIVE_MAX_BYTES, the catalog's own bound on an upload whoever sends it: a size announced past
   * it is refused at once, and the store stops staging past it (the bytes the limit passes to).
   */
  byteLimit(announced: number | undefined): number {
    if (announced !== undefined && announced > this.maxBytes) {
      throw new StoreError('too_large', `${announced} bytes announced, more than ${this.maxBytes} (ARCHIVE_MAX_BYTES)`);
    }
    return this.maxBytes;
  }

  /**
   * The mod's id and the version's row (none: undefined); MOD_NOT_FOUND when the mod is gone. For a
   * new mod: nothing, the name checked free and well-formed (as POST /api/mod judges it).
   */
  private async current(
    em: SqlEntityManager,
    slug: string,
    version: string,
    opts: { forUpdate?: boolean; newMod?: boolean } = {},
  ): Promise<{ modId?: number; row?: ModVersion }> {
    const mod = await em.findOne(ModSchema, { name: slug }, { fields: ['id'] });
    if (opts.newMod) {
      if (!SLUG_PATTERN.test(slug)) throw DepotError.fields(fieldError('name', FIELD_MESSAGES.format));
      if (mod) throw nameTaken();
      return {};
    }
    if (!mod) throw new DepotError('MOD_NOT_FOUND');
    const row = await em.findOne(
      ModVersionSchema,
      { modId: mod.id, version },
      opts.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    return { modId: mod.id, row: row ?? undefined };
  }
}
