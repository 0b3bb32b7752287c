// The mirror audit: every version of the catalogue, its archive fetched and hashed, compared with
// what the version records. Missing archives and md5 mismatches are what makes most launcher
// downloads fail; finding them before players do is the point. The catalog fetches, a page of
// versions per call (CheckVersionArchives), `concurrency` archives at a time: it is where the
// ARCHIVE_* settings and the network policy that lets it reach the mirror are, so the audit runs
// from wherever the other admin commands run. This module pages, classifies and reports.
import { SingleBar } from 'cli-progress';
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
  /** The catalog's ARCHIVE_TRANSFER_TIMEOUT_MS: how long one fetch may take. */
  transferTimeoutMs: number;
  /** GRPC_DEADLINE_MS: the rest of a call. */
  deadlineMs: number;
  /** Versions per call (default: 4 per fetch at a time, so that a slow archive holds up little). */
  pageSize?: number;
  progress?: AuditProgress;
}

type Catalog = Pick<Services['catalog'], 'CheckVersionArchives'>;

/** What one version's archive says. */
export function classify(c: catalogV1.ArchiveCheck__Output): Problem | undefined {
  const where = { mod: c.mod, version: c.version, url: c.url };
  if (c.problem !== undefined) {
    const problem: Finding = c.problem === 'missing' ? 'missing' : c.problem === 'refused' ? 'refused' : 'failed';
    const message = c.message ?? c.problem;
    return { problem, ...where, detail: problem === 'failed' ? `${c.problem}: ${message}` : message };
  }
  const recordedFilesize = c.recorded_filesize ?? null;
  const sizes = { recorded_filesize: recordedFilesize, archive_filesize: c.filesize };
  if (c.md5 !== c.recorded_md5) {
    return {
      problem: 'md5_mismatch',
      ...where,
      detail: `the version records md5 ${c.recorded_md5}, the archive is ${c.md5}`,
      recorded_md5: c.recorded_md5,
      archive_md5: c.md5,
      ...sizes,
    };
  }
  // An unrecorded size is not wrong: launchers need the md5, the size only shows progress.
  if (recordedFilesize !== null && recordedFilesize !== c.filesize) {
    return {
      problem: 'size_mismatch',
      ...where,
      detail: `the version records ${recordedFilesize} bytes, the archive has ${c.filesize}`,
      ...sizes,
    };
  }
  return undefined;
}

export async function auditMirror(catalog: Catalog, options: AuditOptions): Promise<AuditReport> {
  const started = Date.now();
  const { concurrency } = options;
  const limit = options.pageSize ?? Math.min(4 * concurrency, 256);
  // A page takes at most ceil(limit / concurrency) fetches in a row.
  const deadlineMs = Math.ceil(limit / concurrency) * options.transferTimeoutMs + options.deadlineMs;
  const counts = Object.fromEntries(FINDINGS.map((f) => [f, 0])) as Record<Finding, number>;
  const problems: Problem[] = [];
  let checked = 0;
  let mirrorUrl = '';
  try {
    for (let after = 0; ;) {
      const page = await catalog.CheckVersionArchives({ after_id: after, limit, concurrency }, { deadlineMs });
      if (after === 0) {
        mirrorUrl = page.mirror_url;
        options.progress?.start(page.total ?? page.checks.length);
      }
      for (const check of page.checks) {
        const problem = classify(check);
        if (problem) {
          counts[problem.problem]++;
          problems.push(problem);
        }
      }
      checked += page.checks.length;
      options.progress?.update(checked, counts);
      if (page.checks.length < limit) break;
      after = page.checks[page.checks.length - 1].id;
    }
  } finally {
    options.progress?.stop();
  }
  return {
    mirror_url: mirrorUrl,
    checked,
    ok: checked - problems.length,
    counts,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    concurrency,
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
