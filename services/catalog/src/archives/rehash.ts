// Versions' archives, where the data is: a version's archive fetched and hashed (the rehash of
// the API, the console and the CLI), and every version's archive checked a page at a time (the
// admin CLI's mirror audit). The fetches happen here, in one place (fetch.ts), within the
// ARCHIVE_* settings and the catalog's egress policy (policy.ts).
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import { enqueueEvent, type Orm, type OutboxRelay } from '@depot/common/runtime';
import type { ArchiveSources } from './sources';
import { fetchArchiveDigest, type ArchiveDigest } from './fetch';
import type { ArchivePolicy } from './policy';
import { ArchiveFetchError, archiveError, type ArchiveProblem } from './problems';
import { ModVersionSchema } from '../entities/mod-version';
import { hostedCheck, hostedDigest } from './hosted-checks';
import type { ArchiveStore } from '@depot/common/archive-store';
import type { Catalog } from '../mods';

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

/** A version and what its archive turned out to be (the mirror audit). */
export interface ArchiveCheck {
  id: number;
  mod: string;
  version: string;
  url: string;
  recordedMd5: string;
  recordedFilesize: number | null;
  /** What the archive is, when it could be fetched... */
  digest?: ArchiveDigest;
  /** ...or why it could not. */
  failure?: { problem: ArchiveProblem; message: string };
}

export const PAGE = { default: 32, max: 256 };
export const CONCURRENCY = { default: 8, max: 32 };

const COLUMNS = 'v.id, m.name as mod, v.version, v.md5, v.filesize, v.url, v.hosted, v.sha256';
/** A page of versions with their mods' names, in id order (primary key range scan). */
const PAGE_SQL = `select ${COLUMNS} from mod_versions v join mods m on m.id = v.mod_id
 where v.id > ? order by v.id limit ?`;
/** Given versions (the pack doctor's), in id order. */
const IDS_SQL = `select ${COLUMNS} from mod_versions v join mods m on m.id = v.mod_id
 where v.id = any(?::int[]) order by v.id`;

interface CheckRow {
  id: number;
  mod: string;
  version: string;
  md5: string;
  filesize: string | number | null;
  url: string | null;
  hosted: string | null;
  sha256: string | null;
}

type Fetch = (url: string, policy: ArchivePolicy, options: { signal?: AbortSignal }) => Promise<ArchiveDigest>;

/** `value` within 1..max, `fallback` for 0 (unset). */
const bounded = (value: number, fallback: number, max: number) => (value <= 0 ? fallback : Math.min(value, max));

export class VersionArchives {
  constructor(
    private readonly orm: Orm,
    private readonly relay: OutboxRelay | undefined,
    private readonly catalog: Catalog,
    private readonly sources: ArchiveSources,
    private readonly policy: ArchivePolicy,
    /** The store of hosted archives: their checks and rehashes read it, not the mirror. */
    private readonly archiveStore?: ArchiveStore,
    private readonly fetch: Fetch = fetchArchiveDigest,
  ) {}

  get mirrorUrl(): string {
    return this.sources.mirrorUrl;
  }

  /**
   * Fetches the archive and compares it with what the version records; `store` writes a
   * difference. `signal`: the caller gave up (the fetch stops).
   */
  async rehash(slug: string, version: string, store: boolean, signal?: AbortSignal): Promise<RehashResult> {
    const row = await this.catalog.getVersion(slug, version);
    const url = this.sources.urlOf(slug, row);
    let digest: ArchiveDigest;
    try {
      digest =
        row.hosted && this.archiveStore
          ? await hostedDigest(this.archiveStore, row.hosted, signal)
          : await this.fetch(this.sources.sourceOf(slug, row), this.policy, { signal });
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

  /**
   * The mirror audit's page: the versions after `afterId`, each archive fetched and hashed,
   * `concurrency` at a time; the total when starting (afterId 0). Writes nothing.
   */
  async check(
    afterId: number,
    limit: number,
    concurrency: number,
    signal?: AbortSignal,
    ids: number[] = [],
  ): Promise<{ checks: ArchiveCheck[]; total?: number }> {
    const em = this.orm.em.fork() as SqlEntityManager;
    const rows = ids.length
      ? await em.execute<CheckRow[]>(IDS_SQL, [`{${ids.slice(0, PAGE.max).map(Number).join(',')}}`])
      : await em.execute<CheckRow[]>(PAGE_SQL, [Math.max(afterId, 0), bounded(limit, PAGE.default, PAGE.max)]);
    const hosted = new Map(rows.filter((r) => r.hosted).map((r) => [r.id, r]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const checks: ArchiveCheck[] = rows.map((r) => ({
      id: r.id,
      mod: r.mod,
      version: r.version,
      url: this.sources.urlOf(r.mod, r),
      recordedMd5: r.md5,
      // int8: node-postgres answers a string
      recordedFilesize: r.filesize === null ? null : Number(r.filesize),
    }));
    // A pool of workers over the page: never more than `concurrency` fetches at once.
    let next = 0;
    const worker = async () => {
      while (next < checks.length && !signal?.aborted) {
        const check = checks[next++];
        const row = hosted.get(check.id);
        try {
          check.digest =
            row && this.archiveStore
              ? await hostedCheck(this.archiveStore, row, check.recordedMd5)
              : await this.fetch(this.sources.sourceOf(check.mod, byId.get(check.id)!), this.policy, { signal });
        } catch (err) {
          if (!(err instanceof ArchiveFetchError)) throw err;
          check.failure = { problem: err.problem, message: err.message };
        }
      }
    };
    const workers = bounded(concurrency, CONCURRENCY.default, CONCURRENCY.max);
    await Promise.all(Array.from({ length: Math.min(workers, checks.length) }, worker));
    signal?.throwIfAborted();
    if (afterId > 0 || ids.length) return { checks };
    const [{ n }] = await em.execute<{ n: number }[]>('select count(*)::int as n from mod_versions');
    return { checks, total: n };
  }
}
