// Versions' archives, where the data is: a version's archive fetched and hashed (the rehash of
// the API, the console and the CLI), and the pages of every version's archive URL that the mirror
// audit walks. The fetch is @depot/common's archive-fetch, within the ARCHIVE_* settings.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import {
  ArchiveFetchError,
  archiveError,
  DepotError,
  enqueueEvent,
  fetchArchiveDigest,
  modDownloadUrls,
  versionArchiveUrl,
  type ArchiveDigest,
  type ArchivePolicy,
  type Orm,
  type OutboxRelay,
} from '@depot/common';
import { ModVersionSchema } from './entities/mod-version';
import type { Catalog } from './mods';

export interface RehashResult {
  url: string;
  md5: string;
  filesize: number;
  recordedMd5: string;
  recordedFilesize: number | null;
  md5Matches: boolean;
  filesizeMatches: boolean;
  stored: boolean;
}

export interface VersionArchiveRow {
  id: number;
  mod: string;
  version: string;
  md5: string;
  filesize: number | null;
  url: string;
}

export const DEFAULT_PAGE = 500;
export const MAX_PAGE = 1000;

/** A page of versions with their mods' names, in id order (primary key range scan). */
const LIST_SQL = `select v.id, m.name as mod, v.version, v.md5, v.filesize, v.url
  from mod_versions v join mods m on m.id = v.mod_id
 where v.id > ? order by v.id limit ?`;

type Fetch = (url: string, policy: ArchivePolicy) => Promise<ArchiveDigest>;

export class VersionArchives {
  private readonly urls: (name: string, version: string) => string;

  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
    private readonly catalog: Catalog,
    readonly mirrorUrl: string,
    private readonly policy: ArchivePolicy,
    private readonly fetch: Fetch = fetchArchiveDigest,
  ) {
    this.urls = modDownloadUrls(mirrorUrl);
  }

  /** Fetches the archive and compares it with what the version records; `store` writes a difference. */
  async rehash(slug: string, version: string, store: boolean): Promise<RehashResult> {
    const row = await this.catalog.getVersion(slug, version);
    const url = versionArchiveUrl(this.urls, slug, row);
    let digest: ArchiveDigest;
    try {
      digest = await this.fetch(url, this.policy);
    } catch (err) {
      throw err instanceof ArchiveFetchError ? archiveError(err) : err;
    }
    const md5Matches = digest.md5 === row.md5;
    const filesizeMatches = digest.size === row.filesize;
    const stored = store && !(md5Matches && filesizeMatches) && (await this.store(row.id, row.url, digest));
    return {
      url,
      md5: digest.md5,
      filesize: digest.size,
      recordedMd5: row.md5,
      recordedFilesize: row.filesize,
      md5Matches,
      filesizeMatches,
      stored,
    };
  }

  /**
   * Writes md5 and size, unless the version was given another url while its archive was fetched
   * (what was found is then not its archive: false). Gone meanwhile: 404.
   */
  private async store(id: number, fetchedUrl: string | null, digest: ArchiveDigest): Promise<boolean> {
    const em = this.orm.em.fork() as SqlEntityManager;
    const stored = await em.transactional(async (tx) => {
      const row = await tx.findOne(ModVersionSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) throw new DepotError('VERSION_NOT_FOUND');
      if (row.url !== fetchedUrl) return false;
      tx.assign(row, { md5: digest.md5, filesize: digest.size });
      await tx.flush();
      enqueueEvent(tx, 'mod.version.updated', { mod_id: row.modId, version_id: row.id });
      return true;
    });
    if (stored) this.relay?.kick();
    return stored;
  }

  /** Versions after `afterId` with their archive URLs; the total when starting (afterId 0). */
  async list(afterId: number, limit: number): Promise<{ versions: VersionArchiveRow[]; total?: number }> {
    const size = limit <= 0 ? DEFAULT_PAGE : Math.min(limit, MAX_PAGE);
    const em = this.orm.em.fork() as SqlEntityManager;
    const rows = await em.execute<
      { id: number; mod: string; version: string; md5: string; filesize: string | number | null; url: string | null }[]
    >(LIST_SQL, [Math.max(afterId, 0), size]);
    const versions = rows.map((r) => ({
      id: r.id,
      mod: r.mod,
      version: r.version,
      md5: r.md5,
      // int8: node-postgres answers a string
      filesize: r.filesize === null ? null : Number(r.filesize),
      url: versionArchiveUrl(this.urls, r.mod, r),
    }));
    if (afterId > 0) return { versions };
    const [{ n }] = await em.execute<{ n: number }[]>('select count(*)::int as n from mod_versions');
    return { versions, total: n };
  }
}
