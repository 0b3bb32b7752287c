// The mirror audit: every version of the catalogue, its archive fetched and hashed, compared with
// what the version records. Missing archives and md5 mismatches are what makes most launcher
// downloads fail; finding them before players do is the point. Versions are read a page at a time
// from the catalog (one RPC a page); archives are fetched by this process, a few at a time, with
// @depot/common's archive-fetch and the same ARCHIVE_* settings as the catalog's rehash.
import { SingleBar } from 'cli-progress';
import {
  ArchiveFetchError,
  archivePolicy,
  fetchArchiveDigest,
  type ArchiveDigest,
  type ArchivePolicy,
  type ArchiveSettings,
} from '@depot/common';
import type { catalogV1 } from '@depot/proto';
import type { Services } from './services';

export type Finding = 'missing' | 'md5_mismatch' | 'size_mismatch' | 'refused' | 'failed';
export const FINDINGS: readonly Finding[] = ['missing', 'md5_mismatch', 'size_mismatch', 'refused', 'failed'];

export interface Problem {
  problem: Finding;
  mod: string;
  version: string;
  url: string;
  /** What went wrong, in words. */
  detail: string;
  recorded_md5?: string;
  archive_md5?: string;
  recorded_filesize?: number | null;
  archive_filesize?: number;
}

export interface AuditReport {
  mirror_url: string;
  checked: number;
  ok: number;
  counts: Record<Finding, number>;
  seconds: number;
  concurrency: number;
  /** In catalogue (version id) order. */
  problems: Problem[];
}

export interface AuditProgress {
  start(total: number): void;
  update(done: number, counts: Record<Finding, number>): void;
  stop(): void;
}

export interface AuditOptions {
  concurrency: number;
  pageSize?: number;
  progress?: AuditProgress;
  /** For tests: the fetch (default fetchArchiveDigest). */
  fetch?: (url: string, policy: ArchivePolicy) => Promise<ArchiveDigest>;
}

type Catalog = Pick<Services['catalog'], 'ListVersionArchives'>;
type Version = catalogV1.VersionArchive__Output;

/** Pages of versions as one stream: the next page is asked for when the last one is used up. */
async function* versionsAfter(catalog: Catalog, first: Version[], pageSize: number): AsyncGenerator<Version> {
  let page = first;
  for (;;) {
    yield* page;
    if (page.length < pageSize) return;
    ({ versions: page } = await catalog.ListVersionArchives({ after_id: page[page.length - 1].id, limit: pageSize }));
  }
}

/** What one version's archive says. */
async function check(
  v: Version,
  policy: ArchivePolicy,
  fetch: NonNullable<AuditOptions['fetch']>,
): Promise<Problem | undefined> {
  const where = { mod: v.mod, version: v.version, url: v.url };
  let digest: ArchiveDigest;
  try {
    digest = await fetch(v.url, policy);
  } catch (err) {
    if (!(err instanceof ArchiveFetchError)) throw err;
    const problem: Finding = err.problem === 'missing' ? 'missing' : err.problem === 'refused' ? 'refused' : 'failed';
    return { problem, ...where, detail: problem === 'failed' ? `${err.problem}: ${err.message}` : err.message };
  }
  const recordedFilesize = v.filesize ?? null;
  const sizes = { recorded_filesize: recordedFilesize, archive_filesize: digest.size };
  if (digest.md5 !== v.md5) {
    return {
      problem: 'md5_mismatch',
      ...where,
      detail: `the version records md5 ${v.md5}, the archive is ${digest.md5}`,
      recorded_md5: v.md5,
      archive_md5: digest.md5,
      ...sizes,
    };
  }
  // An unrecorded size is not wrong: launchers need the md5, the size only shows progress.
  if (recordedFilesize !== null && recordedFilesize !== digest.size) {
    return {
      problem: 'size_mismatch',
      ...where,
      detail: `the version records ${recordedFilesize} bytes, the archive has ${digest.size}`,
      ...sizes,
    };
  }
  return undefined;
}

export async function auditMirror(
  catalog: Catalog,
  settings: ArchiveSettings,
  options: AuditOptions,
): Promise<AuditReport> {
  const started = Date.now();
  const pageSize = options.pageSize ?? 500;
  const fetch = options.fetch ?? ((url, policy) => fetchArchiveDigest(url, policy));
  const first = await catalog.ListVersionArchives({ after_id: 0, limit: pageSize });
  const policy = archivePolicy(settings, first.mirror_url);
  const counts = Object.fromEntries(FINDINGS.map((f) => [f, 0])) as Record<Finding, number>;
  const found: { id: number; problem: Problem }[] = [];
  let done = 0;
  options.progress?.start(first.total ?? first.versions.length);

  const versions = versionsAfter(catalog, first.versions, pageSize);
  const worker = async () => {
    // Async generators hand out their values one call at a time: workers never get the same one.
    for (let next = await versions.next(); !next.done; next = await versions.next()) {
      const v = next.value;
      const problem = await check(v, policy, fetch);
      if (problem) {
        counts[problem.problem]++;
        found.push({ id: v.id, problem });
      }
      done++;
      options.progress?.update(done, counts);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  } finally {
    options.progress?.stop();
  }
  const problems = found.sort((a, b) => a.id - b.id).map((f) => f.problem);
  return {
    mirror_url: first.mirror_url,
    checked: done,
    ok: done - problems.length,
    counts,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    concurrency: options.concurrency,
    problems,
  };
}

const LABELS: Record<Finding, string> = {
  missing: 'Missing archives',
  md5_mismatch: 'md5 mismatches',
  size_mismatch: 'Size mismatches',
  refused: 'Refused (not fetched: scheme, host or address not allowed)',
  failed: 'Failed (server error, timeout, too large, unreachable)',
};

/** The report for a person: counts, then each problem with mod, version and URL. */
export function formatReport(r: AuditReport): string {
  const lines = [
    `Mirror audit of ${r.checked} version(s) on ${r.mirror_url} in ${r.seconds} s (concurrency ${r.concurrency})`,
    `  ${'ok'.padEnd(14)} ${r.ok}`,
    ...FINDINGS.map((f) => `  ${f.replace('_', ' ').padEnd(14)} ${r.counts[f]}`),
  ];
  for (const f of FINDINGS) {
    const of = r.problems.filter((p) => p.problem === f);
    if (!of.length) continue;
    lines.push('', `${LABELS[f]}:`);
    for (const p of of) lines.push(`  ${p.mod} ${p.version}  ${p.url}`, `    ${p.detail}`);
  }
  return `${lines.join('\n')}\n`;
}

export const problemCount = (r: AuditReport) => r.problems.length;

/** A bar on a terminal; otherwise a plain line every `everyMs` and at the end. */
export function progressTo(stream: NodeJS.WriteStream, everyMs = 5000): AuditProgress {
  const summary = (c: Record<Finding, number>) =>
    `${c.missing} missing, ${c.md5_mismatch} md5 mismatch, ${c.size_mismatch} size mismatch, ${c.refused} refused, ${c.failed} failed`;
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: 'audit-mirror {bar} {value}/{total} | {summary} | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    });
    return {
      start: (total) =>
        bar.start(total, 0, { summary: summary(Object.fromEntries(FINDINGS.map((f) => [f, 0])) as never) }),
      update: (done, counts) => bar.update(done, { summary: summary(counts) }),
      stop: () => bar.stop(),
    };
  }
  let total = 0;
  let last = 0;
  let latest: [number, Record<Finding, number>] | undefined;
  const line = () => latest && stream.write(`audit-mirror: ${latest[0]}/${total} checked, ${summary(latest[1])}\n`);
  return {
    start: (n) => {
      total = n;
      last = Date.now();
      stream.write(`audit-mirror: ${n} version(s) to check\n`);
    },
    update: (done, counts) => {
      latest = [done, { ...counts }];
      if (Date.now() - last >= everyMs) {
        last = Date.now();
        line();
      }
    },
    stop: line,
  };
}
