// The four cached reads (build, modpack, list, mod version) against the bare-Fastify ceiling, for
// the gateway logging as in production (LOG_PRETTY=false: JSON lines on standard output, read by
// the launcher's pipe) and as `npm start` runs it by default (pretty logs, the access lines as JSON
// in a file: deploy/local/src/access-log.ts), in the same rounds, so that the machine's other load
// weighs on the three alike (docs/performance.md#the-cached-reads-goals-2026-12).
// BENCH_NPM_START_BEFORE=1 measures npm start's logging as it was before 2026-12 instead (every
// access line pretty on standard output), to compare.
//
// Goals (issue 34): production ≥ 75 % of the ceiling for every read, npm start's default ≥ 90 % of
// production. Enforced when each case runs long enough for a ratio to mean something (BENCH_ENFORCE:
// `1` always, `0` never, default when BENCH_DURATION ≥ 6 s); a shorter run (CI's, 1 s) prints them
// and enforces what does not depend on the machine's load: no errors, and the default's access
// lines in its file, one per request, none on its standard output.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GatewayReplica, Stack } from '@depot/local';
import { npmStartGatewayEnv } from './bench-stack';
import { answerOf, type Ceiling } from './ceiling-process';
import { cpuMs } from './cpu-time';
import { cannon, combine, DURATION, f0, f1, printTable, ROUNDS, WARMUP, type Figures } from './measure';
import { modName, MODS_PER_BUILD, versionName } from './seed';

export const CACHED_READS: [name: string, path: string][] = [
  [`build read (${MODS_PER_BUILD} mods), cached`, '/api/modpack/pack1/B'],
  ['modpack read, cached', '/api/modpack/pack1'],
  ['modpack list, cached', '/api/modpack'],
  ['mod version read, cached', `/api/mod/${modName(42)}/${versionName(42, 2)}`],
];

/** Production's share of the ceiling, per read. */
export const PRODUCTION_GOAL = 0.75;
/** npm start's default logging's throughput as a share of production's. */
export const DEFAULT_GOAL = 0.9;

const enforceSetting = process.env.BENCH_ENFORCE;
const BEFORE = process.env.BENCH_NPM_START_BEFORE === '1';

export const ENFORCED = enforceSetting === '1' ? true : enforceSetting === '0' ? false : DURATION >= 6;

export interface CachedReadRow {
  name: string;
  production: Figures;
  npmStart: Figures;
  ceiling: Figures;
  /**
   * CPU of each server's process (every thread, /proc) per request, µs: what it did, whatever else
   * ran on the machine; ceiling / production estimates the ratio a quiet machine would show.
   */
  cpuUs: { production: number; npmStart: number; ceiling: number };
  /** Per round: production / ceiling and npm start / production. */
  rounds: { production: number; npmStart: number }[];
  bodyBytes: number;
}

export interface NpmStartGateway {
  replica: GatewayReplica;
  accessLogFile: string;
  close(): Promise<void>;
}

/** A second gateway of `stack` logging as npm start's gateways do, its access lines in a file of its own. */
export async function startNpmStartGateway(stack: Stack): Promise<NpmStartGateway> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'depot-bench-logs-'));
  const accessLogFile = path.join(dir, 'gateway-access.log');
  const env = npmStartGatewayEnv(accessLogFile);
  const replica = await stack.addGateway(BEFORE ? { ...env, ACCESS_LOG_FILE: '' } : env);
  return {
    replica,
    accessLogFile,
    async close() {
      await replica.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ratio = (a: Figures, b: Figures) => a.rps / b.rps;
const pct = (n: number) => `${f0(100 * n)} %`;
const spread = (values: number[]) => `${pct(Math.min(...values))}–${pct(Math.max(...values))}`;

/** Each read, production, npm start's default and the ceiling taking turns in each round. */
export async function benchCachedReads(
  productionUrl: string,
  productionPid: number,
  npmStart: NpmStartGateway,
  ceiling: Ceiling,
): Promise<CachedReadRow[]> {
  const rows: CachedReadRow[] = [];
  const slice = DURATION / ROUNDS;
  for (const [name, pathAndQuery] of CACHED_READS) {
    const answer = await answerOf(`${productionUrl}${pathAndQuery}`);
    await ceiling.serve(answer);
    const targets = [productionUrl, npmStart.replica.url, ceiling.url].map((base) => `${base}${pathAndQuery}`);
    const pids = [productionPid, npmStart.replica.pid!, ceiling.pid];
    const figures: Figures[][] = [[], [], []];
    const cpu = [0, 0, 0];
    for (const target of targets) if (WARMUP > 0) await cannon(target, {}, 0, WARMUP);
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order, so that no target always follows the same one.
      for (let k = 0; k < 3; k++) {
        const i = (k + round) % 3;
        const before = cpuMs(pids[i]);
        figures[i].push(await cannon(targets[i], {}, 0, slice));
        cpu[i] += cpuMs(pids[i]) - before;
      }
    }
    const [production, npm, ceil] = figures.map(combine);
    const [productionCpu, npmCpu, ceilingCpu] = [production, npm, ceil].map((f, i) => (1000 * cpu[i]) / f.requests);
    rows.push({
      name,
      production,
      npmStart: npm,
      ceiling: ceil,
      rounds: figures[0].map((p, r) => ({ production: ratio(p, figures[2][r]), npmStart: ratio(figures[1][r], p) })),
      cpuUs: { production: productionCpu, npmStart: npmCpu, ceiling: ceilingCpu },
      bodyBytes: answer.body.length,
    });
    console.log(`  ${name}: production ${f0(production.rps)} req/s, npm start ${f0(npm.rps)}, ceiling ${f0(ceil.rps)}`);
  }
  return rows;
}

export function printCachedReads(rows: CachedReadRow[]): void {
  const header = [
    'case',
    'prod req/s',
    'npm start req/s',
    'ceiling req/s',
    'prod p99',
    'ceil p99',
    'prod/ceiling',
    'rounds',
    'npm start/prod',
    'rounds ',
    'CPU µs prod/npm/ceil',
    'ceil/prod CPU',
    'errors',
  ];
  const lines = rows.map((r) => [
    r.name,
    f0(r.production.rps),
    f0(r.npmStart.rps),
    f0(r.ceiling.rps),
    f1(r.production.p99),
    f1(r.ceiling.p99),
    pct(ratio(r.production, r.ceiling)),
    spread(r.rounds.map((x) => x.production)),
    pct(ratio(r.npmStart, r.production)),
    spread(r.rounds.map((x) => x.npmStart)),
    `${f1(r.cpuUs.production)} / ${f1(r.cpuUs.npmStart)} / ${f1(r.cpuUs.ceiling)}`,
    pct(r.cpuUs.ceiling / r.cpuUs.production),
    String(r.production.errors + r.npmStart.errors + r.ceiling.errors),
  ]);
  printTable(
    'Cached reads: production logging (LOG_PRETTY=false) and npm start’s default, against the ceiling',
    header,
    lines,
  );
}

/** What falls short: the goals when ENFORCED, and always the checks that do not depend on the load. */
export async function cachedReadFailures(rows: CachedReadRow[], npmStart: NpmStartGateway): Promise<string[]> {
  const failures: string[] = [];
  for (const r of rows) {
    const errors = r.production.errors + r.npmStart.errors + r.ceiling.errors;
    if (errors > 0) failures.push(`${r.name}: ${errors} errors`);
    if (!ENFORCED) continue;
    const production = ratio(r.production, r.ceiling);
    if (production < PRODUCTION_GOAL)
      failures.push(`${r.name}: production at ${pct(production)} of the ceiling, goal ${pct(PRODUCTION_GOAL)}`);
    const npm = ratio(r.npmStart, r.production);
    if (npm < DEFAULT_GOAL)
      failures.push(`${r.name}: npm start's default at ${pct(npm)} of production, goal ${pct(DEFAULT_GOAL)}`);
  }
  if (!BEFORE) failures.push(...(await accessLinesPlaced(rows, npmStart)));
  return failures;
}

/** npm start's gateway: an access line in its file per request it answered, none on its standard output. */
async function accessLinesPlaced(rows: CachedReadRow[], npmStart: NpmStartGateway): Promise<string[]> {
  // Its lines go out in batches at most 100 ms apart (logger.ts, bufferedDestination).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const measured = rows.reduce((n, r) => n + r.npmStart.requests, 0);
  let inFile = 0;
  try {
    for (const line of readFileSync(npmStart.accessLogFile, 'utf8').split('\n')) {
      if (line && (JSON.parse(line) as { msg?: string }).msg === 'request') inFile++;
    }
  } catch (err) {
    return [`npm start's access log ${npmStart.accessLogFile}: ${(err as Error).message}`];
  }
  const onStdout = npmStart.replica
    .logs()
    .split('\n')
    .filter((line) => /\): request\b/.test(line)).length;
  const failures: string[] = [];
  // (warm-ups and answerOf add requests autocannon did not count in `measured`)
  if (inFile < measured)
    failures.push(`npm start's gateway: ${inFile} access lines in its file for ${measured} requests measured`);
  if (onStdout > 0) failures.push(`npm start's gateway: ${onStdout} access lines on its standard output`);
  console.log(
    `\nnpm start's gateway: ${inFile} access lines in its file (${measured} requests measured, with warm-ups more), ${onStdout} on its standard output`,
  );
  return failures;
}
