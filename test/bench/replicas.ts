// One against two replicas of each service: the uncached build read and the write mix on the
// stack of the benchmark (one process of each service, through its gateway with CACHE_ENABLED=false)
// and on a second stack with two of each, measured through its first gateway only (two of each
// back-end service) and through both gateways (the connections spread over them); the cases
// alternate in rounds so that a burst of other load on the machine weighs on all alike. Then the
// memory of every process, so that an operator can size a cluster from the cost of a replica. On a
// 2-core machine the point is no loss, not a speed-up: the replicas share the cores the single
// processes had.
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
  /** RSS in MiB of each process of the stack that served the case, by replica name. */
  rss: Record<string, number>;
}

/** Where a case is measured: its gateways (uncached) and the processes that serve it (name → pid). */
export interface ReplicaTarget {
  label: string;
  gateways: string[];
  adminToken: string;
  processes: () => Record<string, number | undefined>;
  /** The next pair of the write mix on this stack (bench/write-mix.ts), past the ones it has had. */
  pairs: { next: number };
}

/** Every replica of every service of a stack, with its gateways' processes. */
function processesOf(stack: Stack): Record<string, number | undefined> {
  return Object.fromEntries(SERVICES.flatMap((name) => stack.replicas(name).map((r) => [r.name, r.pid])));
}

/**
 * Starts a stack with two replicas of each service (uncached gateways) beside the benchmark's, seeds
 * it alike, and measures in alternating rounds: `one`, the new stack through its first gateway only
 * (two of each back-end service), and through both gateways (two of each). Stops it and returns
 * the three cases.
 */
export async function compareReplicas(one: ReplicaTarget): Promise<ReplicaCase[]> {
  const started = Date.now();
  const t = await startTestStack({
    replicas: { catalog: 2, builds: 2, auth: 2, gateway: 2 },
    env: { DATABASE_POOL_MAX: '5' },
    services: { gateway: { CACHE_ENABLED: 'false', ACCESS_LOG: 'false' } },
  });
  try {
    await seedBase(t.stack.databases);
    console.log(`two replicas of each service: up and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const pairs = { next: 0 };
    const two = (label: string, gateways: string[]): ReplicaTarget => ({
      label,
      gateways,
      adminToken: t.adminToken,
      processes: () => processesOf(t.stack),
      pairs,
    });
    const targets = [
      one,
      two('two of each back-end service, one gateway', t.stack.gatewayUrls.slice(0, 1)),
      two('two of each', t.stack.gatewayUrls),
    ];
    // The benchmark's stack has served every case before: warm the fresh one up (JIT, pools) alike.
    await cannon(
      t.stack.gatewayUrls.map((g) => g + BUILD_READ),
      {},
      0,
      REPLICA_WARMUP_S,
    );
    pairs.next = (await writeMix(t.stack.gatewayUrls, t.adminToken, 0, REPLICA_WARMUP_S)).nextPair;
    const reads: Figures[][] = targets.map(() => []);
    const writes: Figures[][] = targets.map(() => []);
    const slice = DURATION / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        const urls = target.gateways.map((g) => g + BUILD_READ);
        reads[i].push(await cannon(urls, {}, round === 0 ? WARMUP : 0, slice));
      }
      for (const [i, target] of targets.entries()) {
        const mix = await writeMix(target.gateways, target.adminToken, target.pairs.next, slice);
        target.pairs.next = mix.nextPair;
        writes[i].push(mix.figures);
      }
    }
    return targets.map((target, i) => ({
      label: target.label,
      read: combine(reads[i]),
      writes: combine(writes[i]),
      rss: Object.fromEntries(Object.entries(target.processes()).map(([name, pid]) => [name, memory(pid)?.rss ?? NaN])),
    }));
  } finally {
    await t.stop();
  }
}

export function printReplicaComparison(cases: ReplicaCase[]): void {
  const row = (c: ReplicaCase, what: 'read' | 'writes') => [
    `${what === 'read' ? `build read (${MODS_PER_BUILD} mods), uncached` : 'write mix'}: ${c.label}`,
    f0(c[what].rps),
    f1(c[what].p50),
    f1(c[what].p99),
    String(c[what].errors),
  ];
  printTable(
    'One against two replicas of each service (gateways with CACHE_ENABLED=false; rounds alternate)',
    ['case', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    [...cases.map((c) => row(c, 'read')), ...cases.map((c) => row(c, 'writes'))],
  );
  // Memory: the stack of one process each, and the one of two each.
  const [one, two] = [cases[0], cases[cases.length - 1]];
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
