// EXPLAIN of every hot query, the very statements the services run (imported from their sources),
// against the benchmark's dataset: each must be served by an index. Sequential scans are disabled
// for the check (enable_seqscan = off), so that a small table, which the planner would rightly
// scan, still shows whether an index *can* serve the query: without one the plan keeps a Seq Scan.
//
//   npm run bench:explain -w @depot/e2e   (own stack and dataset; exit 1 on a Seq Scan)
// and from bench/run.ts after seeding.
import { Client } from 'pg';
import { CLIENT_SQL, PRINCIPAL_SQL } from '../../services/auth/src/credentials';
import { GET_BUILD_SQL, GET_MODPACK_SQL, LIST_MODPACKS_SQL } from '../../services/builds/src/queries';
import {
  GET_MOD_SQL,
  GET_VERSION_SQL,
  GET_VERSIONS_BY_IDS_LEAN_SQL,
  GET_VERSIONS_BY_IDS_SQL,
} from '../../services/catalog/src/queries';
import { startTestStack } from '../support';
import { runTool } from '../support/run-tool';
import { seedBase } from './seed';

type Service = 'catalog' | 'builds' | 'auth';

interface HotQuery {
  name: string;
  service: Service;
  sql: string;
  params: unknown[];
  /** Reads a whole table by design (the modpack list): an index scan without a condition is fine. */
  fullRead?: boolean;
}

const HASH = 'f'.repeat(64);
const BUILD_VERSION_IDS = Array.from({ length: 150 }, (_, k) => k * 3 + 1 + (k % 3));

export const HOT_QUERIES: HotQuery[] = [
  {
    name: 'builds GetBuildSource (modpack + build + assignments)',
    service: 'builds',
    sql: GET_BUILD_SQL,
    params: ['B', 'pack1'],
  },
  {
    name: 'builds GetModpackSource (one modpack with its build flags)',
    service: 'builds',
    sql: GET_MODPACK_SQL,
    params: ['pack1'],
  },
  {
    name: 'builds ListModpackSources (every modpack with its build flags)',
    service: 'builds',
    sql: LIST_MODPACKS_SQL,
    params: [],
    fullRead: true,
  },
  {
    name: 'builds assignment check (AddBuildMod)',
    service: 'builds',
    sql: 'select mod_version_id from build_mods where build_id = ? and mod_id = ?',
    params: [2, 151],
  },
  {
    name: 'builds CountBuildsUsingVersion',
    service: 'builds',
    sql: 'select count(distinct build_id)::int as n from build_mods where mod_version_id = ?',
    params: [1],
  },
  {
    name: 'catalog RenderBuildMods (150 ids)',
    service: 'catalog',
    sql: GET_VERSIONS_BY_IDS_LEAN_SQL,
    params: [BUILD_VERSION_IDS],
  },
  {
    name: 'catalog RenderBuildMods with details (150 ids, include=mods)',
    service: 'catalog',
    sql: GET_VERSIONS_BY_IDS_SQL,
    params: [BUILD_VERSION_IDS],
  },
  { name: 'catalog GetVersion', service: 'catalog', sql: GET_VERSION_SQL, params: ['1.20.1-2.0.1', 'mod-0001'] },
  { name: 'catalog GetMod (with versions)', service: 'catalog', sql: GET_MOD_SQL, params: ['mod-0001'] },
  {
    name: 'catalog mod by name (writes, FindVersion)',
    service: 'catalog',
    sql: 'select * from mods where name = ? limit 1',
    params: ['mod-0001'],
  },
  {
    name: 'auth token → principal (Authenticate, ResolveReadAccess)',
    service: 'auth',
    sql: PRINCIPAL_SQL,
    params: [HASH],
  },
  { name: 'auth launcher client → modpacks (cid)', service: 'auth', sql: CLIENT_SQL, params: [HASH] },
  {
    name: 'auth platform key (k)',
    service: 'auth',
    sql: 'select * from keys where key_hash = ? limit 1',
    params: [HASH],
  },
];

/** `?` placeholders (as the ORM takes them) to `$n` (as pg takes them). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/**
 * No Seq Scan, and every index scan narrowed by a condition (an index scan without one reads the
 * whole table in index order, e.g. the outer side of a hash join), unless the query reads the
 * whole table by design.
 */
function usesIndexes(plan: string, fullRead: boolean): boolean {
  if (/Seq Scan/.test(plan)) return false;
  const scans = plan.match(/(Index Scan|Index Only Scan|Bitmap Index Scan)/g)?.length ?? 0;
  const conditions = plan.match(/Index Cond:/g)?.length ?? 0;
  return scans > 0 && (fullRead || conditions >= scans);
}

export interface ExplainResult {
  name: string;
  ok: boolean;
  plan: string;
}

export async function explainHotQueries(databases: Record<Service, string>): Promise<ExplainResult[]> {
  const results: ExplainResult[] = [];
  for (const service of ['builds', 'catalog', 'auth'] as const) {
    const client = new Client({ connectionString: databases[service] });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off');
      for (const q of HOT_QUERIES.filter((h) => h.service === service)) {
        const res = await client.query(`explain ${numbered(q.sql)}`, q.params);
        const plan = res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
        results.push({ name: q.name, ok: usesIndexes(plan, q.fullRead ?? false), plan });
      }
    } finally {
      await client.end();
    }
  }
  return results;
}

export function printExplain(results: ExplainResult[], log: (line: string) => void = console.log): void {
  log('\nEXPLAIN of the hot queries (enable_seqscan = off):');
  for (const r of results) {
    log(`\n[${r.ok ? 'index' : 'NO INDEX'}] ${r.name}`);
    // Long literal arrays (the 150 ids) cut short.
    for (const line of r.plan.split('\n')) log(`    ${line.length > 150 ? `${line.slice(0, 147)}...` : line}`);
  }
  const bad = results.filter((r) => !r.ok);
  log(
    `\n${results.length - bad.length}/${results.length} hot queries use an index${bad.length ? `; NOT: ${bad.map((b) => b.name).join(', ')}` : ''}`,
  );
}

async function standalone() {
  const t = await startTestStack();
  try {
    await seedBase(t.stack.databases);
    const results = await explainHotQueries(t.stack.databases);
    printExplain(results);
    process.exitCode = results.every((r) => r.ok) ? 0 : 1;
  } finally {
    await t.stop();
  }
}

if (require.main === module) runTool('bench:explain', standalone);
