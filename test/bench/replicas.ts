// One against two replicas of each service: the uncached build read and the write mix measured on
// a stack with one process of each service, then on one with two of each (two gateways, the
// connections spread over both), and the memory of every process, so that an operator can size a
// cluster from the cost of a replica. On a 2-core machine the point is no loss, not a speed-up:
// the replicas share the cores the single processes had.
import type { Stack } from '@depot/local';
import { startTestStack } from '../support';
import { cannon, combine, DURATION, f0, f1, memory, printTable, ROUNDS, WARMUP, type Figures } from './measure';
import { MODS_PER_BUILD, seedBase } from './seed';
import { writeMix } from './write-mix';

const BUILD_READ = '/api/modpack/pack1/B';
const SERVICES = ['catalog', 'builds', 'auth', 'gateway'] as const;

export interface ReplicaCase {
  label: string;
  read: Figures;
  writes: Figures;
  /** RSS in MiB of each process that served the case, by replica name. */
  rss: Record<string, number>;
}

/**
 * Measures one case on a running stack: the uncached build read through `gateways` (CACHE_ENABLED
 * false), then the write mix through them; the RSS of `processes` (name → pid) afterwards.
 */
export async function measureReplicaCase(
  label: string,
  gateways: string[],
  adminToken: string,
  processes: Record<string, number | undefined>,
  firstPair = 0,
): Promise<{ result: ReplicaCase; nextPair: number }> {
  const rounds: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(
      await cannon(
        gateways.map((g) => g + BUILD_READ),
        {},
        round === 0 ? WARMUP : 0,
        DURATION / ROUNDS,
      ),
    );
  }
  const mix = await writeMix(gateways, adminToken, firstPair);
  const rss = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, memory(pid)?.rss ?? NaN]));
  const result = { label, read: combine(rounds), writes: mix.figures, rss };
  console.log(
    `  ${label}: uncached build read ${f0(result.read.rps)} req/s (p99 ${f1(result.read.p99)} ms), ` +
      `write mix ${f0(result.writes.rps)} req/s (p99 ${f1(result.writes.p99)} ms)`,
  );
  return { result, nextPair: mix.nextPair };
}

/** The processes of a stack that serve the cases: every replica of every service. */
function processesOf(stack: Stack): Record<string, number | undefined> {
  return Object.fromEntries(SERVICES.flatMap((name) => stack.replicas(name).map((r) => [r.name, r.pid])));
}

/** Starts a stack with two replicas of each service (uncached gateways), seeds it, measures it, stops it. */
export async function compareReplicas(): Promise<ReplicaCase> {
  const started = Date.now();
  const t = await startTestStack({
    replicas: { catalog: 2, builds: 2, auth: 2, gateway: 2 },
    env: { DATABASE_POOL_MAX: '5' },
    services: { gateway: { CACHE_ENABLED: 'false', ACCESS_LOG: 'false' } },
  });
  try {
    await seedBase(t.stack.databases);
    console.log(`\ntwo replicas of each service: up and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { result } = await measureReplicaCase('two of each', t.stack.gatewayUrls, t.adminToken, processesOf(t.stack));
    return result;
  } finally {
    await t.stop();
  }
}

export function printReplicaComparison(one: ReplicaCase, two: ReplicaCase): void {
  const row = (c: ReplicaCase, what: 'read' | 'writes') => [
    `${what === 'read' ? `build read (${MODS_PER_BUILD} mods), uncached` : 'write mix'}, ${c.label}`,
    f0(c[what].rps),
    f1(c[what].p50),
    f1(c[what].p99),
    String(c[what].errors),
  ];
  printTable(
    'One against two replicas of each service (gateways with CACHE_ENABLED=false)',
    ['case', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    [row(one, 'read'), row(two, 'read'), row(one, 'writes'), row(two, 'writes')],
  );
  const mb = (c: ReplicaCase, name: string) =>
    Object.entries(c.rss)
      .filter(([replica]) => replica === name || replica.startsWith(`${name}-`))
      .map(([, v]) => f0(v));
  const total = (c: ReplicaCase) => f0(Object.values(c.rss).reduce((a, b) => a + b, 0));
  printTable(
    'Memory per process after the cases (RSS, MiB): the cost of a replica',
    ['service', one.label, two.label],
    [
      ...SERVICES.map((name) => [name, mb(one, name).join(' + '), mb(two, name).join(' + ')]),
      ['all', total(one), total(two)],
    ],
  );
}
