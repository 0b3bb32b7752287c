// `archives adopt`: copies the archives of every recorded version Depot does not host yet from the
// old mirror into the store (docs/archives.md#adopt). The catalog does the copying, a page of
// versions per call (AdoptVersionArchives), `concurrency` archives at a time: the bytes go from
// the upstream through the catalog into the store, never through this process, and every
// guarantee of an upload holds (md5 verified against the record before it is recorded, nothing
// stored on a refusal). This module pages, reports progress and counts.
import { ADOPT_OUTCOMES, type AdoptOutcome } from '@depot/common';
import type { Services } from '../services';

export interface AdoptItem {
  outcome: AdoptOutcome;
  mod: string;
  version: string;
  /** Where the archive was read. */
  url: string;
  recorded_md5: string;
  md5?: string;
  size?: number;
  detail: string;
  warnings?: string[];
}

export interface AdoptReport {
  upstream_url: string;
  dry_run: boolean;
  include_own_urls: boolean;
  /** Versions looked at (not hosted when the run began). */
  versions: number;
  /** Bytes copied into the store (a dry run: that would be). */
  bytes_adopted: number;
  /** already_hosted counts the versions hosted before the run too. */
  counts: Record<AdoptOutcome, number>;
  /** --mod slugs that name no mod. */
  unknown_mods: string[];
  /** Every version looked at, in catalogue order. */
  items: AdoptItem[];
  seconds: number;
}

export interface AdoptOptions {
  /** Empty: the catalog's mirror (SERVICE_MIRROR_URL). */
  from: string;
  mods: string[];
  includeOwnUrls: boolean;
  dryRun: boolean;
  concurrency: number;
  /** The catalog's ARCHIVE_TRANSFER_TIMEOUT_MS: how long one copy may take. */
  transferTimeoutMs: number;
  /** GRPC_DEADLINE_MS: the rest of a call. */
  deadlineMs: number;
  /** One line per version, as it is done. */
  progress?: (item: AdoptItem, done: number, total: number) => void;
}

type Catalog = Pick<Services['catalog'], 'AdoptVersionArchives'>;

export async function adoptArchives(catalog: Catalog, opts: AdoptOptions): Promise<AdoptReport> {
  const started = Date.now();
  const limit = Math.min(4 * opts.concurrency, 256);
  // A page takes at most ceil(limit / concurrency) copies in a row.
  const deadlineMs = Math.ceil(limit / opts.concurrency) * opts.transferTimeoutMs + opts.deadlineMs;
  const counts = Object.fromEntries(ADOPT_OUTCOMES.map((o) => [o, 0])) as Record<AdoptOutcome, number>;
  const items: AdoptItem[] = [];
  let upstream = '';
  let unknown: string[] = [];
  let total = 0;
  let bytes = 0;
  for (let after = 0; ;) {
    const page = await catalog.AdoptVersionArchives(
      {
        after_id: after,
        limit,
        concurrency: opts.concurrency,
        upstream_url: opts.from,
        mods: opts.mods,
        include_own_urls: opts.includeOwnUrls,
        dry_run: opts.dryRun,
      },
      { deadlineMs },
    );
    if (after === 0) {
      upstream = page.upstream_url;
      unknown = page.unknown_mods;
      total = page.total ?? 0;
      counts.already_hosted += page.already_hosted ?? 0;
    }
    for (const a of page.archives) {
      const item: AdoptItem = {
        outcome: a.outcome as AdoptOutcome,
        mod: a.mod,
        version: a.version,
        url: a.url,
        recorded_md5: a.recorded_md5,
        ...(a.md5 === undefined ? {} : { md5: a.md5, size: a.size }),
        detail: a.detail,
        ...(a.warnings.length ? { warnings: a.warnings } : {}),
      };
      counts[item.outcome]++;
      if (item.outcome === 'adopted') bytes += item.size ?? 0;
      items.push(item);
      opts.progress?.(item, items.length, Math.max(total, items.length));
    }
    if (!page.next_after_id) break;
    after = page.next_after_id;
  }
  return {
    upstream_url: upstream,
    dry_run: opts.dryRun,
    include_own_urls: opts.includeOwnUrls,
    versions: items.length,
    bytes_adopted: bytes,
    counts,
    unknown_mods: unknown,
    items,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
