// Where a cached hit's time goes, per hook: the gateway (as bench-stack.ts runs it: access log on,
// every request counted by the rate limit) and the ceiling (ceiling.ts) are CPU-profiled while they
// answer the same reads, and each profile is cut to the measured window and split by stage
// (profile.ts). CPU per request, which hardly depends on the machine's other load.
//
//   npm run bench:hooks -w @depot/e2e
//   BENCH_HOOKS_REQUESTS=40000   requests per case and server (default 20000)
//   BENCH_HOOKS_CASES=modpack    only the cases whose name matches
//   BENCH_HOOKS_INTERVAL=50      sampling interval in µs (default 100)
//   BENCH_HOOKS_KEEP=1           keep the .cpuprofile files (for Chrome's DevTools), print where
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { BENCH_GATEWAY_ENV, startBenchStack } from './bench-stack';
import { answerOf, startCeiling, type Ceiling } from './ceiling-process';
import { cpuMs } from './cpu-time';
import { CONNECTIONS, f1, f2, printTable } from './measure';
import { readProfile, stagesOf, type StageTable } from './profile';
import { modName, seedBase, versionName } from './seed';

const REQUESTS = Number(process.env.BENCH_HOOKS_REQUESTS ?? 20000);
const INTERVAL = Number(process.env.BENCH_HOOKS_INTERVAL ?? 100);

const CASES: [name: string, path: string][] = [
  ['build read (150 mods), cached', '/api/modpack/pack1/B'],
  ['modpack read, cached', '/api/modpack/pack1'],
  ['modpack list, cached', '/api/modpack'],
  ['mod version read, cached', `/api/mod/${modName(42)}/${versionName(42, 2)}`],
];

interface Window {
  from: number;
  to: number;
  requests: number;
  /** utime + stime of every thread, ms per request. */
  procMs: number;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** A measured run of `amount` requests, after a warm-up of a quarter as many. */
async function measure(url: string, pid: number): Promise<Window> {
  await autocannon({ url, connections: CONNECTIONS, amount: Math.ceil(REQUESTS / 4) });
  const cpu = cpuMs(pid);
  const from = nowUs();
  const r = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS });
  const to = nowUs();
  if (r.non2xx + r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { from, to, requests: r.requests.total, procMs: (cpuMs(pid) - cpu) / r.requests.total };
}

function profileOf(dir: string, pid: number) {
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile of process ${pid} in ${dir}`);
  return readProfile(path.join(dir, file));
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'depot-hooks-'));
  const profiling = [`--cpu-prof`, `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${INTERVAL}`];
  let t: TestStack | undefined;
  let ceiling: Ceiling | undefined;
  try {
    t = await startBenchStack();
    await seedBase(t.stack.databases);
    const gateway = await t.stack.addGateway({ ...BENCH_GATEWAY_ENV, NODE_OPTIONS: profiling.join(' ') });
    ceiling = await startCeiling(profiling);
    const only = new RegExp(process.env.BENCH_HOOKS_CASES ?? '', 'i');
    const runs: { name: string; gateway: Window; ceiling: Window }[] = [];
    for (const [name, pathAndQuery] of CASES.filter(([n]) => only.test(n))) {
      await ceiling.serve(await answerOf(gateway.url + pathAndQuery));
      const g = await measure(gateway.url + pathAndQuery, gateway.pid!);
      const c = await measure(ceiling.url + pathAndQuery, ceiling.pid);
      runs.push({ name, gateway: g, ceiling: c });
      console.log(`  ${name}: measured`);
    }
    const gatewayPid = gateway.pid!;
    await gateway.stop();
    await ceiling.stop();
    const gatewayProfile = profileOf(dir, gatewayPid);
    const ceilingProfile = profileOf(dir, ceiling.pid);
    for (const run of runs) {
      const g = stagesOf(gatewayProfile, run.gateway.from, run.gateway.to, run.gateway.requests);
      const c = stagesOf(ceilingProfile, run.ceiling.from, run.ceiling.to, run.ceiling.requests);
      printStages(run.name, g, c, run.gateway, run.ceiling);
    }
    console.log(
      `\nµs of CPU per request on the main thread, from CPU profiles sampled every ${INTERVAL} µs ` +
        `(${REQUESTS} requests per case and server, ${CONNECTIONS} connections); process CPU: every thread, from /proc.`,
    );
  } finally {
    await ceiling?.stop();
    await t?.stop();
    if (process.env.BENCH_HOOKS_KEEP) console.log(`profiles kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

function printStages(name: string, g: StageTable, c: StageTable, gw: Window, ceil: Window): void {
  const stages = [...new Set([...g.perRequest.keys(), ...c.perRequest.keys()])];
  const cell = (t: StageTable, stage: string) => {
    const v = t.perRequest.get(stage);
    return v === undefined ? '' : f2(v);
  };
  const share = (stage: string) => {
    const v = g.perRequest.get(stage);
    return v === undefined ? '' : `${Math.round((100 * v) / g.total)} %`;
  };
  const lines = stages.map((s) => [s, cell(g, s), share(s), cell(c, s)]);
  lines.push(['total (main thread)', f2(g.total), '100 %', f2(c.total)]);
  lines.push(['process CPU, all threads', f1(gw.procMs * 1000), '', f1(ceil.procMs * 1000)]);
  lines.push(['main thread busy', `${Math.round(g.busy * 100)} %`, '', `${Math.round(c.busy * 100)} %`]);
  printTable(name, ['stage', 'gateway µs', 'share', 'ceiling µs'], lines);
}

runTool('bench:hooks', main);
