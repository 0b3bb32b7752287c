// Adopting an old mirror's archives (docs/archives.md#adopt, `archives adopt` of the admin CLI): a
// page of the versions Depot does not host yet, each archive fetched from the upstream
// (fetch.ts: the egress policy, ARCHIVE_MAX_BYTES, the timeouts) and streamed straight into the
// upload's path (upload.ts: staged, digested, its md5 checked against the record before anything
// is recorded, advisory lock, outbox event; nothing stored on a refusal). The bytes never
// pass through the CLI. A version with a url of its own is skipped unless asked for: its author
// chose where it downloads from, and its licence may not allow rehosting.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, modDownloadUrls, type AdoptOutcome } from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import { isStoreError } from '@depot/common/archive-store';
import { fetchArchive, fetchArchiveDigest } from './fetch';
import { hostRuleOf, type ArchivePolicy } from './policy';
import { ArchiveFetchError } from './problems';
import type { ArchiveUploads } from './upload';

export interface AdoptRequest {
  afterId: number;
  limit: number;
  concurrency: number;
  /** Empty: the catalog's mirror. */
  upstreamUrl: string;
  mods: string[];
  includeOwnUrls: boolean;
  dryRun: boolean;
}

export interface AdoptedArchive {
  id: number;
  mod: string;
  version: string;
  outcome: AdoptOutcome;
  url: string;
  recordedMd5: string;
  md5?: string;
  size?: number;
  detail: string;
  warnings: string[];
}

export interface AdoptPage {
  archives: AdoptedArchive[];
  nextAfterId: number;
  upstreamUrl: string;
  /** With afterId 0. */
  plan?: { total: number; alreadyHosted: number; unknownMods: string[] };
}

interface Row {
  id: number;
  mod: string;
  version: string;
  md5: string;
  url: string | null;
}

const LIMIT = { default: 32, max: 256 };
const CONCURRENCY = { default: 8, max: 32 };
const bounded = (value: number, fallback: number, max: number) => (value <= 0 ? fallback : Math.min(value, max));

/** An empty list of mods: every mod. */
const MODS = `(cardinality(?::text[]) = 0 or m.name = any(?::text[]))`;
const PAGE_SQL = `select v.id, m.name as mod, v.version, v.md5, v.url from mod_versions v join mods m on m.id = v.mod_id
 where v.id > ? and v.hosted is null and ${MODS} order by v.id limit ?`;
const PLAN_SQL = `select count(*) filter (where v.hosted is null)::int as total,
 count(*) filter (where v.hosted is not null)::int as hosted from mod_versions v join mods m on m.id = v.mod_id where ${MODS}`;
const UNKNOWN_SQL = `select asked.name from unnest(?::text[]) as asked(name)
 where not exists (select 1 from mods m where m.name = asked.name)`;

const pgArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** `upstream` as a mirror base (http(s), ending in /), or a field violation. */
function upstreamBase(upstream: string): string {
  const base = upstream.replace(/\/*$/, '/');
  if (!/^https?:\/\/\S+$/.test(base) || !URL.canParse(base)) {
    throw DepotError.fields({ upstream_url: ['The upstream must be an http(s) URL.'] });
  }
  return base;
}

export class ArchiveAdoption {
  constructor(
    private readonly orm: Orm,
    private readonly uploads: ArchiveUploads,
    private readonly mirrorUrl: string,
    private readonly policy: ArchivePolicy,
    private readonly fetchDigest = fetchArchiveDigest,
  ) {}

  async page(req: AdoptRequest, signal?: AbortSignal): Promise<AdoptPage> {
    const upstreamUrl = upstreamBase(req.upstreamUrl || this.mirrorUrl);
    // The operator named the upstream: its host may be fetched (private addresses still need
    // ARCHIVE_ALLOW_PRIVATE). A version's own url stays under the usual policy.
    const upstreamPolicy = { ...this.policy, hosts: [...this.policy.hosts, hostRuleOf(upstreamUrl)] };
    const urls = modDownloadUrls(upstreamUrl);
    const em = this.orm.em.fork() as SqlEntityManager;
    const mods = pgArray(req.mods);
    const limit = bounded(req.limit, LIMIT.default, LIMIT.max);
    const rows = await em.execute<Row[]>(PAGE_SQL, [Math.max(req.afterId, 0), mods, mods, limit]);
    let plan: AdoptPage['plan'];
    if (req.afterId <= 0) {
      const [counts] = await em.execute<{ total: number; hosted: number }[]>(PLAN_SQL, [mods, mods]);
      const unknown = req.mods.length ? await em.execute<{ name: string }[]>(UNKNOWN_SQL, [mods]) : [];
      plan = { total: counts.total, alreadyHosted: counts.hosted, unknownMods: unknown.map((u) => u.name) };
    }

    const archives: AdoptedArchive[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      while (next < rows.length && !signal?.aborted) {
        const i = next++;
        const row = rows[i];
        const own = row.url !== null;
        archives[i] = await this.adopt(row, own ? row.url! : urls(row.mod, row.version), own, req, {
          policy: own ? this.policy : upstreamPolicy,
          signal,
        });
      }
    };
    const workers = bounded(req.concurrency, CONCURRENCY.default, CONCURRENCY.max);
    await Promise.all(Array.from({ length: Math.min(workers, rows.length) }, worker));
    signal?.throwIfAborted();
    return { archives, nextAfterId: rows.length < limit ? 0 : rows[rows.length - 1].id, upstreamUrl, plan };
  }

  /** One version: what became of its archive. A store outage fails the whole call (503). */
  private async adopt(
    row: Row,
    url: string,
    own: boolean,
    req: AdoptRequest,
    fetch: { policy: ArchivePolicy; signal?: AbortSignal },
  ): Promise<AdoptedArchive> {
    const recordedMd5 = row.md5.toLowerCase();
    const base = { id: row.id, mod: row.mod, version: row.version, url, recordedMd5, warnings: [] as string[] };
    if (own && !req.includeOwnUrls) {
      return {
        ...base,
        outcome: 'own_url_skipped',
        detail: 'the version downloads from its own url, whose licence may not allow rehosting (--include-own-urls)',
      };
    }
    if (!recordedMd5) {
      return { ...base, outcome: 'md5_mismatch', detail: 'the version records no md5 to verify the archive against' };
    }
    try {
      if (req.dryRun) {
        const digest = await this.fetchDigest(url, fetch.policy, { signal: fetch.signal });
        if (digest.md5 !== recordedMd5) return { ...base, ...digest, ...mismatch(digest.md5, recordedMd5) };
        return { ...base, ...digest, outcome: 'adopted', detail: 'would be adopted (dry run)' };
      }
      const r = await fetchArchive(url, fetch.policy, { signal: fetch.signal }, (body, signal) =>
        this.uploads.upload(
          {
            slug: row.mod,
            version: row.version,
            createVersion: false,
            // A version with its own url gives it up for the hosted archive (same bytes, verified).
            replace: own,
            fileName: `${row.mod}-${row.version}.zip`,
            // Verified against the record, and recorded only on the version as listed (not hosted).
            expectedMd5: recordedMd5,
            unchangedSince: { hosted: null, md5: row.md5, url: row.url },
          },
          body,
          signal,
        ),
      );
      return {
        ...base,
        md5: r.version.md5,
        size: Number(r.version.filesize),
        warnings: r.warnings,
        outcome: r.changed ? 'adopted' : 'already_hosted',
        detail: r.changed
          ? r.stored
            ? 'adopted'
            : 'adopted (the store held these bytes already)'
          : 'hosted meanwhile',
      };
    } catch (err) {
      if (err instanceof ArchiveFetchError) {
        if (err.problem === 'missing') return { ...base, outcome: 'missing_upstream', detail: err.message };
        return { ...base, outcome: 'failed', detail: `${err.problem}: ${err.message}` };
      }
      if (err instanceof DepotError) {
        if (err.reason === 'ARCHIVE_MD5_MISMATCH') return { ...base, outcome: 'md5_mismatch', detail: err.message };
        if (err.reason === 'UNAVAILABLE') throw err;
        return { ...base, outcome: 'failed', detail: `${err.reason}: ${err.message}` };
      }
      if (isStoreError(err) && err.problem !== 'unavailable') {
        return { ...base, outcome: 'failed', detail: `${err.problem}: ${err.message}` };
      }
      throw err;
    }
  }
}

const mismatch = (md5: string, recorded: string) => ({
  outcome: 'md5_mismatch' as const,
  detail: `The archive's md5 is ${md5}, the version records ${recorded}.`,
});
