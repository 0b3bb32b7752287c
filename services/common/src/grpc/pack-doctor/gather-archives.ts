// The pack doctor's archive checks (archives.ts and sides.ts judge them): the versions of the builds
// launchers install, checked by the catalog in one CheckVersionArchives call (hosted ones in the
// store, external ones fetched as a rehash does: within the ARCHIVE_* settings, 8 at a time), and
// the server packs of those builds and what their exports leave out in one CheckServerPacks call
// (made, or could be: the archives' directories read, nothing made), each bounded by a deadline;
// a call that fails or runs out of time is reported, never thrown.
import type { catalogV1, CatalogServiceDefinition } from '@depot/proto';
import type { PromiseClient } from '../types';
import type {
  ArchiveFinding,
  ArchivesReport,
  ExportLeftOutFinding,
  ServerPacksReport,
} from '../../domain/pack-doctor/report';
import { EXPORT_LEFT_OUT_CAUSES, type ExportLeftOutCause } from '../../domain/exports';

export interface ArchiveTiming {
  transferTimeoutMs: number;
  deadlineMs: number;
}

/** Archives fetched at a time, and the longest the whole check may take. */
export const ARCHIVE_CHECK = { concurrency: 8, maxVersions: 256, maxMs: 60_000 };

export async function checkInstalledArchives(
  catalog: Pick<PromiseClient<CatalogServiceDefinition>, 'CheckVersionArchives'>,
  builds: { version: string; ids: number[] }[],
  timing: ArchiveTiming,
): Promise<ArchivesReport> {
  const ids = [...new Set(builds.flatMap((b) => b.ids))].slice(0, ARCHIVE_CHECK.maxVersions);
  if (!ids.length) return { versions: 0, problems: [] };
  const rounds = Math.ceil(ids.length / ARCHIVE_CHECK.concurrency);
  const deadlineMs = Math.min(rounds * timing.transferTimeoutMs, ARCHIVE_CHECK.maxMs) + timing.deadlineMs;
  let checks;
  try {
    ({ checks } = await catalog.CheckVersionArchives({ ids, concurrency: ARCHIVE_CHECK.concurrency }, { deadlineMs }));
  } catch (err) {
    return { versions: 0, failed: failure(err, deadlineMs), problems: [] };
  }
  const problems: ArchiveFinding[] = [];
  for (const c of checks) {
    const where = {
      mod: c.mod,
      version: c.version,
      url: c.url,
      builds: builds.filter((b) => b.ids.includes(c.id)).map((b) => b.version),
      recorded_md5: c.recorded_md5,
    };
    if (c.problem === 'missing') problems.push({ ...where, problem: 'missing', detail: c.message ?? 'missing' });
    else if (c.problem !== undefined && c.problem !== null)
      problems.push({ ...where, problem: 'unchecked', detail: c.message ?? c.problem });
    // (an md5 that is not one is its own finding, version-md5-invalid or version-without-md5)
    else if (c.md5 !== c.recorded_md5 && /^[0-9a-f]{32}$/i.test(c.recorded_md5))
      problems.push({ ...where, problem: 'md5_mismatch', detail: 'md5 differs', archive_md5: c.md5 ?? undefined });
  }
  return { versions: checks.length, problems };
}

/**
 * Whether the server packs of the builds servers follow (recommended and latest) are or can be
 * made, and what those builds' exports leave out: one call.
 */
export async function checkServerPacks(
  catalog: Pick<PromiseClient<CatalogServiceDefinition>, 'CheckServerPacks'>,
  builds: catalogV1.ServerPackRequest[],
  timing: ArchiveTiming,
): Promise<ServerPacksReport> {
  if (!builds.length) return { builds: 0, problems: [], exportsLeaveOut: [] };
  // Each build's archives are read twice, for its server pack and for its exports.
  const deadlineMs = 2 * timing.transferTimeoutMs + timing.deadlineMs;
  try {
    const { checks } = await catalog.CheckServerPacks({ builds, with_exports: true }, { deadlineMs });
    return {
      builds: checks.length,
      // A build Depot hosts no archive of has no server pack to expect: nothing to say of it.
      problems: checks.flatMap((c) => (c.problem && c.hosted ? [{ build: c.build, detail: c.problem }] : [])),
      exportsLeaveOut: byModVersion(checks),
    };
  } catch (err) {
    return { builds: 0, failed: failure(err, deadlineMs), problems: [], exportsLeaveOut: [] };
  }
}

/** The builds' left-out archives, one entry per cause and mod version naming its builds (in their order). */
function byModVersion(checks: catalogV1.ServerPackCheck__Output[]): ExportLeftOutFinding[] {
  const found = new Map<string, ExportLeftOutFinding>();
  for (const check of checks) {
    for (const l of check.export_left_out) {
      if (!(EXPORT_LEFT_OUT_CAUSES as readonly string[]).includes(l.cause)) continue;
      const key = JSON.stringify([l.cause, l.mod, l.version]);
      const entry = found.get(key) ?? {
        cause: l.cause as ExportLeftOutCause,
        mod: l.mod,
        version: l.version,
        paths: l.paths,
        builds: [],
      };
      entry.builds.push(check.build);
      found.set(key, entry);
    }
  }
  return [...found.values()];
}

/** Why a check's call failed, in a few words. */
function failure(err: unknown, deadlineMs: number): string {
  const e = err as { code?: number; details?: string; message?: string };
  return e.code === 4
    ? `not finished within ${Math.round(deadlineMs / 1000)} s`
    : (e.details ?? e.message ?? String(err));
}
