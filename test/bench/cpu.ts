// CPU cost per request of each process on the launcher read path: the gateway, each service and
// the PostgreSQL backends serving them. Unlike requests/s this hardly depends on what else the
// machine is doing, so it shows where the time goes and whether a change helped, on a busy machine
// too. Same stack and dataset as bench/run.ts.
//
//   npm run bench:cpu                               (from the repository root)
//   BENCH_CPU_REQUESTS=5000 npm run bench:cpu       more requests per case (default 3000)
//   BENCH_CPU_CASES=uncached npm run bench:cpu      only the cases whose name matches
//   (Compare builds with 40,000 requests per case or more: fewer weigh the JIT's warm-up.)
import autocannon from 'autocannon';
import { Client } from 'pg';
import { type TestStack } from '../support';
import { startBenchStack } from './bench-stack';
import { runTool } from '../support/run-tool';
import { cpuMs } from './cpu-time';
import { modName, seedBase, versionName } from './seed';

const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 3000);
const CONNECTIONS = 10;

/** The PostgreSQL backends connected to the stack's databases, by service. */
async function backendPids(adminUrl: string, databases: Record<string, string>): Promise<Map<string, number[]>> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const out = new Map<string, number[]>();
    for (const [service, url] of Object.entries(databases)) {
      const name = new URL(url).pathname.slice(1);
      const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
      out.set(
        service,
        rows.map((r) => r.pid),
      );
    }
    return out;
  } finally {
    await c.end();
  }
}

async function main() {
  let t: TestStack | undefined;
  try {
    t = await startBenchStack();
    const stack = t.stack;
    const uncached = await stack.addGateway({ CACHE_ENABLED: 'false' });
    await seedBase(stack.databases);
    const databases: Record<string, string> = stack.databases;
    const adminUrl = Object.values(databases)[0].replace(/\/[^/]*$/, '/postgres');

    const cases: [string, string, string][] = [
      ['build read (150 mods), cached', stack.gatewayUrl, '/api/modpack/pack1/B'],
      ['modpack read, cached', stack.gatewayUrl, '/api/modpack/pack1'],
      ['mod version read, cached', stack.gatewayUrl, `/api/mod/${modName(42)}/${versionName(42, 1)}`],
      ['build read (150 mods), uncached (CACHE_ENABLED=false)', uncached.url, '/api/modpack/pack1/B'],
      ['build read include=mods, uncached', uncached.url, '/api/modpack/pack1/B?include=mods'],
      ['modpack read, uncached', uncached.url, '/api/modpack/pack1'],
    ];
    const only = new RegExp(process.env.BENCH_CPU_CASES ?? '', 'i');
    console.log(`CPU ms per request (${REQUESTS} requests per case, ${CONNECTIONS} connections)\n`);
    // `bench`: this process, autocannon and the reader of the stack's output (the gateway's access
    // log among it), apart from the stack's total: what the load costs the machine beside it.
    const header = ['case', 'gateway', 'builds', 'catalog', 'auth', 'postgres', 'total', 'bench', 'req/s'];
    console.log(header.join('\t'));
    for (const [name, base, path] of cases.filter(([name]) => only.test(name))) {
      const gatewayPid = base === uncached.url ? uncached.pid! : stack.pid('gateway')!;
      await autocannon({ url: base + path, connections: CONNECTIONS, amount: 500 }); // warm-up
      const pg = await backendPids(adminUrl, databases);
      const procs: Record<string, number[]> = {
        gateway: [gatewayPid],
        builds: [stack.pid('builds')!],
        catalog: [stack.pid('catalog')!],
        auth: [stack.pid('auth')!],
        postgres: [...pg.values()].flat(),
      };
      const before = Object.fromEntries(Object.entries(procs).map(([k, pids]) => [k, pids.map(cpuMs)]));
      const benchBefore = cpuMs(process.pid);
      const r = await autocannon({ url: base + path, connections: CONNECTIONS, amount: REQUESTS });
      const bench = (cpuMs(process.pid) - benchBefore) / REQUESTS;
      const per = Object.fromEntries(
        Object.entries(procs).map(([k, pids]) => [
          k,
          pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[k][i], 0) / REQUESTS,
        ]),
      );
      const total = Object.values(per).reduce((a, b) => a + b, 0);
      const bad = r.non2xx + r.errors;
      console.log(
        [
          name,
          ...['gateway', 'builds', 'catalog', 'auth', 'postgres'].map((k) => per[k].toFixed(3)),
          total.toFixed(3),
          bench.toFixed(3),
          Math.round(r.requests.average).toString() + (bad ? ` (${bad} failed)` : ''),
        ].join('\t'),
      );
    }
  } finally {
    await t?.stop();
  }
}

runTool('bench:cpu', main);
