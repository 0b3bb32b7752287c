// `archives jars`: the backfill of each mod jar as its own file (docs/exports.md#jars). The
// catalog takes the jars out of a page of hosted archives per call (ExtractArchiveJars), in
// sha256 order, skipping those done already: the bytes go from the store through the catalog into
// the store, never through this process. Resumable: a run cut short and started again redoes
// nothing; `--after` starts past an archive. This module pages, reports progress and counts.
import type { Services } from '../services';

export interface JarsItem {
  archive: string;
  made: boolean;
  jars: number;
  problem: string;
}

export interface JarsReport {
  /** Archives looked at by this run. */
  archives: number;
  /** Taken out by this run. */
  made: number;
  /** Jars of the archives taken out by this run. */
  jars: number;
  /** Archives whose jars cannot be taken out, with why. */
  problems: JarsItem[];
  /** Hosted archives in all, and those done, at the end. */
  total: number;
  done: number;
  seconds: number;
}

type Catalog = Pick<Services['catalog'], 'ExtractArchiveJars'>;

export async function backfillJars(
  catalog: Catalog,
  opts: {
    after: string;
    /** Archives per call. */
    page: number;
    /** ARCHIVE_TRANSFER_TIMEOUT_MS: how long one archive may take; GRPC_DEADLINE_MS: the rest. */
    transferTimeoutMs: number;
    deadlineMs: number;
    progress?: (page: JarsItem[], done: number, total: number) => void;
  },
): Promise<JarsReport> {
  const started = Date.now();
  const report: JarsReport = { archives: 0, made: 0, jars: 0, problems: [], total: 0, done: 0, seconds: 0 };
  const deadlineMs = opts.page * opts.transferTimeoutMs + opts.deadlineMs;
  for (let after = opts.after; ;) {
    const page = await catalog.ExtractArchiveJars({ after, limit: opts.page }, { deadlineMs });
    for (const a of page.archives) {
      report.archives++;
      if (a.made) {
        report.made++;
        report.jars += a.jars;
      }
      if (a.problem) report.problems.push(a);
    }
    report.total = page.total;
    report.done = page.done;
    opts.progress?.(page.archives, page.done, page.total);
    if (!page.next) break;
    after = page.next;
  }
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

/** One progress line per page: how far the whole store is. */
export const jarsProgressLine = (page: JarsItem[], done: number, total: number) =>
  `jars: [${done}/${total}] archives done, ${page.filter((a) => a.made).length} taken out now` +
  `${page.length ? ` (--after ${page[page.length - 1].archive} to go on from here)` : ''}\n`;

export function formatJarsReport(r: JarsReport): string {
  const lines = [
    `${r.made} archive(s) taken out now (${r.jars} jar(s)), ${r.archives} looked at in ${r.seconds} s; ` +
      `${r.done} of ${r.total} hosted archives done.`,
  ];
  for (const p of r.problems) lines.push(`  ${p.archive}: ${p.problem}`);
  return `${lines.join('\n')}\n`;
}
