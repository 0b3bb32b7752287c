// One against two replicas of each service: the uncached build read and the write mix on the
// stack of the benchmark (one process of each service, through its gateway with CACHE_ENABLED=false)
// and on a second stack with two of each (two such gateways, the connections spread over both),
// the two alternating in rounds so that a burst of other load on the machine weighs on both alike;
// then the memory of every process, so that an operator can size a cluster from the cost of a
// replica. On a 2-core machine the point is no loss, not a speed-up: the replicas share the cores
// the single processes had.
import type { Stack } from '@depot/local';
import { startTestStack } from '../support';
import { cannon, combine, DURATION, f0, f1, memory, printTable, ROUNDS, WARMUP, type Figures } from './measure';
import { MODS_PER_BUILD, seedBase } from './seed';
import { writeMix } from './write-mix';

const BUILD_READ = '/api/modpack/pack1/B';
const SERVICES = ['catalog', 'builds', 'auth', 'gateway'] as const;
/** Seconds of each kind of request the fresh stack serves before it is measured. */
const REPLICA_WARMUP_S = Math.max(WARMUP, 3);

export interface ReplicaCase {
  label: string;
  read: Figures;
  writes: Figures;
  /** RSS in MiB of each process that served the case, by replica name. */
  rss: Record<string, number>;
}

/** Where a case is measured: its gateways (uncached) and the processes that serve it (name → pid). */
export interface ReplicaTarget {
  gateways: string[];
  adminToken: string;
  processes: () => Record<string, number | undefined>;
  /** The first pair of the write mix (bench/write-mix.ts), past the ones the stack has had. */
  nextPair: number;
}

/** Every replica of every service of a stack, with its gateways' processes. */
function processesOf(stack: Stack): Record<string, number | undefined> {
  return Object.fromEntries(SERVICES.flatMap((name) => stack.replicas(name).map((r) => [r.name, r.pid])));
}

/**
 * Starts a stack with two replicas of each service (uncached gateways) beside the benchmark's, seeds
 * it alike, measures both in alternating rounds, stops it, and returns [one, two].
 */
export async function compareReplicas(one: ReplicaTarget): Promise<[ReplicaCase, ReplicaCase]> {
  const started = Date.now();
  const t = await startTestStack({
    replicas: { catalog: 2, builds: 2, auth: 2, gateway: 2 },
    env: { DATABASE_POOL_MAX: '5' },
    services: { gateway: { CACHE_ENABLED: 'false', ACCESS_LOG: 'false' } },
  });
  try {
    await seedBase(t.stack.databases);
    console.log(`two replicas of each service: up and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const two: ReplicaTarget = {
      gateways: t.stack.gatewayUrls,
      adminToken: t.adminToken,
      processes: () => processesOf(t.stack),
      nextPair: 0,
    };
    // The benchmark's stack has served every case before: warm the fresh one up (JIT, pools) alike.
    await cannon(
      two.gateways.map((g) => g + BUILD_READ),
      {},
      0,
      REPLICA_WARMUP_S,
    );
    two.nextPair = (await writeMix(two.gateways, two.adminToken, 0, REPLICA_WARMUP_S)).nextPair;
    const targets = [one, two];
    const reads: Figures[][] = [[], []];
    const writes: Figures[][] = [[], []];
    const slice = DURATION / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        const urls = target.gateways.map((g) => g + BUILD_READ);
        reads[i].push(await cannon(urls, {}, round === 0 ? WARMUP : 0, slice));
      }
      for (const [i, target] of targets.entries()) {
        const mix = await writeMix(target.gateways, target.adminToken, target.nextPair, slice);
        target.nextPair = mix.nextPair;
        writes[i].push(mix.figures);
      }
    }
    const cases = (['one of each', 'two of each'] as const).map((label, i) => ({
      label,
      read: combine(reads[i]),
      writes: combine(writes[i]),
      rss: Object.fromEntries(
        Object.entries(targets[i].processes()).map(([name, pid]) => [name, memory(pid)?.rss ?? NaN]),
      ),
    }));
    for (const c of cases) {
      console.log(
        `  ${c.label}: uncached build read ${f0(c.read.rps)} req/s (p99 ${f1(c.read.p99)} ms), ` +
          `write mix ${f0(c.writes.rps)} req/s (p99 ${f1(c.writes.p99)} ms)`,
      );
    }
    return [cases[0], cases[1]];
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
    'One against two replicas of each service (gateways with CACHE_ENABLED=false; rounds alternate)',
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
