// Version strings stored before today's rule (domain/names.ts) was in force: listed at every
// start of a service that stores them, after its migrations, never changed (a version is what
// launchers and builds name; renaming it is the author's call). docs/operations.md#version-rule-report.
import type { Logger } from 'pino';
import { versionProblem } from '../domain/names';
import type { Orm } from './orm';

/** How a service's versions are read: `select <id>, <label>, <version> … where <id> > ? order by <id> limit ?`. */
export interface VersionTable {
  /** What the versions are, for the log line: "mod versions", "build versions". */
  what: string;
  /** Selects `id`, `label` (what owns it: the mod's or modpack's slug) and `version`, after `id > ?`, `limit ?`. */
  sql: string;
}

export interface RuleBreaker {
  label: string;
  version: string;
  problem: NonNullable<ReturnType<typeof versionProblem>>;
}

const PAGE = 5_000;
/** Listed by name in the log line; the count says how many more there are. */
const LISTED = 50;

/** Every stored version that breaks the rule (paged by id: memory stays bounded). */
export async function versionsBreakingTheRule(orm: Orm, table: VersionTable): Promise<RuleBreaker[]> {
  const found: RuleBreaker[] = [];
  const em = orm.em.fork();
  for (let after = 0; ;) {
    const rows = await em
      .getConnection()
      .execute<{ id: number; label: string; version: string }[]>(table.sql, [after, PAGE]);
    for (const row of rows) {
      const problem = versionProblem(row.version);
      if (problem) found.push({ label: row.label, version: row.version, problem });
    }
    if (rows.length < PAGE) return found;
    after = rows[rows.length - 1].id;
  }
}

/** Logs the versions that break the rule, if any (one warning, the first LISTED by name). */
export async function reportVersionRule(orm: Orm, logger: Logger, table: VersionTable): Promise<void> {
  const found = await versionsBreakingTheRule(orm, table);
  if (!found.length) return;
  logger.warn(
    {
      count: found.length,
      versions: found.slice(0, LISTED).map((f) => ({ of: f.label, version: f.version, problem: f.problem })),
    },
    `${found.length} ${table.what} break the version rule (docs/api.md#names-and-values): they stay as they are; ` +
      'builds and launchers may fail on them, see docs/operations.md#version-rule-report',
  );
}
