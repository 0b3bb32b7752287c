// The benchmark: a whole stack started by the same launcher as `npm start` (fresh databases and
// events namespace), the dataset of bench/seed.ts, then autocannon on the launcher, mod and
// changelog reads through the cached gateway, a second gateway with CACHE_ENABLED=false, and a
// bare Fastify "ceiling" returning the same bytes; plus a write mix. Prints figures; fails when the
// cached reads miss their goals (cached-reads.ts: enforced in runs of 6 s per case or more, BENCH_ENFORCE);
// then the same stack behind Varnish (bench/varnish.ts).
//
//   npm run bench                          (from the repository root)
//   BENCH_DURATION=3 BENCH_WARMUP=1 npm run bench        quick run
//   BENCH_SCALE=1 npm run bench   (or npm run bench -- --scale)   also 20,000 mods and a 1,000-mod build
//
// Settings: BENCH_DURATION (s per measured case, default 15), BENCH_WARMUP (s, default 3),
// BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (a read case and its ceiling alternate in this many
// rounds sharing the duration, default 3), BENCH_SCALE, BENCH_OUT (write the figures as JSON there),
// BENCH_REPLICAS (default 1: then one vs two replicas of each service, bench/replicas.ts; 0 skips it).
// Over rounds: req/s is the mean, p50 weighted by requests, p99 the worst round's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GatewayReplica } from '@depot/local';
import { type TestStack } from '../support';
import { startBenchStack } from './bench-stack';
import { runTool } from '../support/run-tool';
import { benchArchives } from './archives';
import { benchRelease } from './release';
import { benchServerPack, SERVER_PACK_ENV } from './server-pack';
import { benchWebhooks, WEBHOOKS_BENCH_ENV } from './webhooks';
import { answerOf, startCeiling, type Ceiling } from './ceiling-process';
import { explainHotQueries, printExplain } from './explain';
import {
  benchCachedReads,
  cachedReadFailures,
  DEFAULT_GOAL,
  ENFORCED,
  printCachedReads,
  PRODUCTION_GOAL,
  startNpmStartGateway,
  type NpmStartGateway,
} from './cached-reads';
import {
  cannon,
  combine,
  CONNECTIONS,
  DURATION,
  f0,
  f1,
  f2,
  memory,
  printTable as printRows,
  ROUNDS,
  WARMUP,
  type Figures,
} from './measure';
import { compareReplicas, printReplicaComparison, type ReplicaCase } from './replicas';
import {
  BASE_MODS,
  MODS_PER_BUILD,
  modName,
  SCALE_BUILD_MODS,
  SCALE_MODS,
  seedBase,
  seedScale,
  versionName,
} from './seed';
import { benchVarnish, reserveVarnish, type SharedCacheBench } from './varnish';
import { writeMix } from './write-mix';

// `npm run bench -- --scale` from the root reaches this script as npm's config npm_config_scale.
const SCALE =
  process.argv.includes('--scale') ||
  ['1', 'true', 'yes'].includes((process.env.BENCH_SCALE ?? process.env.npm_config_scale ?? '').toLowerCase());
const REPLICAS = process.env.BENCH_REPLICAS !== '0';

interface Row {
  name: string;
  gateway: Figures;
  ceiling?: Figures;
  bodyBytes?: number;
  rssMb?: number;
}

function printTable(title: string, rows: Row[]) {
  const header = [
    'case',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'ceiling req/s',
    'ceil p99',
    'ratio',
    'p99/ceil',
    'body KB',
    'gw RSS MB',
  ];
  const lines = rows.map((r) => [
    r.name,
    f0(r.gateway.rps),
    f1(r.gateway.p50),
    f1(r.gateway.p99),
    String(r.gateway.errors),
    r.ceiling ? f0(r.ceiling.rps) : '',
    r.ceiling ? f1(r.ceiling.p99) : '',
    r.ceiling ? `${f0((100 * r.gateway.rps) / r.ceiling.rps)} %` : '',
    r.ceiling ? f2(r.gateway.p99 / Math.max(r.ceiling.p99, 1)) : '',
    r.bodyBytes === undefined ? '' : f1(r.bodyBytes / 1024),
    r.rssMb === undefined ? '' : f0(r.rssMb),
  ]);
  printRows(title, header, lines);
}

async function main() {
  const started = Date.now();
  console.log(
    `Depot benchmark: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case${SCALE ? ', with the scale check' : ''}`,
  );
  let t: TestStack | undefined;
  let ceiling: Ceiling | undefined;
  let archiveDir: string | undefined;
  let npmStart: NpmStartGateway | undefined;
  let shared: SharedCacheBench | undefined;
  const failures: string[] = [];
  try {
    // The store of hosted archives in a folder of its own, which nginx serves alongside (archives.ts).
    archiveDir = mkdtempSync(path.join(os.tmpdir(), 'depot-bench-store-'));
    // (a server pack of 1 GB is larger than the default ARCHIVE_MAX_BYTES: server-pack.ts)
    // The gateways purge the Varnish of bench/varnish.ts (started once the stack is up).
    shared = await reserveVarnish();
    t = await startBenchStack({
      mirrorUrl: null,
      env: { ARCHIVE_STORE_DIR: archiveDir, ...SERVER_PACK_ENV, ...shared.env },
      services: { hooks: WEBHOOKS_BENCH_ENV },
    });
    const stack = t.stack;
    const gateway = stack.gatewayUrl;
    const gatewayPid = stack.pid('gateway');
    const uncached: GatewayReplica = await stack.addGateway({ CACHE_ENABLED: 'false' });
    ceiling = await startCeiling();
    console.log(
      `stack up in ${((Date.now() - started) / 1000).toFixed(1)} s (gateway pid ${gatewayPid}, uncached replica pid ${uncached.pid})`,
    );

    let t0 = Date.now();
    await seedBase(stack.databases);
    console.log(
      `seeded ${BASE_MODS} mods × 3 versions, 5 modpacks × 10 published builds × ${MODS_PER_BUILD} mods in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    printExplain(await explainHotQueries(stack.databases));

    const rows: Row[] = [];
    const rss = () => memory(gatewayPid)?.rss;
    const readCase = async (name: string, pathAndQuery: string, base = gateway): Promise<Row> => {
      const answer = await answerOf(`${base}${pathAndQuery}`);
      await ceiling!.serve(answer);
      const slice = DURATION / ROUNDS;
      const mine: Figures[] = [];
      const theirs: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const warmup = round === 0 ? WARMUP : 0;
        mine.push(await cannon(`${base}${pathAndQuery}`, {}, warmup, slice));
        theirs.push(await cannon(`${ceiling!.url}${pathAndQuery}`, {}, warmup, slice));
      }
      const figures = combine(mine);
      const ceil = combine(theirs);
      const row = {
        name,
        gateway: figures,
        ceiling: ceil,
        bodyBytes: answer.body.length,
        rssMb: base === gateway ? rss() : memory(uncached.pid)?.rss,
      };
      console.log(
        `  ${name}: ${f0(figures.rps)} req/s (ceiling ${f0(ceil.rps)}), p99 ${f1(figures.p99)} ms, ${figures.errors} errors`,
      );
      return row;
    };

    const build150 = '/api/modpack/pack1/B';
    console.log('\nmeasuring the cached reads (production logging, npm start’s default, ceiling)...');
    npmStart = await startNpmStartGateway(stack);
    const cached = await benchCachedReads(gateway, gatewayPid!, npmStart, ceiling);
    for (const r of cached) {
      rows.push({ name: r.name, gateway: r.production, ceiling: r.ceiling, bodyBytes: r.bodyBytes, rssMb: rss() });
    }
    printCachedReads(cached);
    failures.push(...(await cachedReadFailures(cached, npmStart)));
    await npmStart.close();
    npmStart = undefined;
    console.log('\nmeasuring...');
    rows.push(await readCase(`build read (${MODS_PER_BUILD} mods), CACHE_ENABLED=false`, build150, uncached.url));
    // A changelog (docs/releases.md#changelogs): pack1/B against A, both of 150 mods, and the releases feed.
    const changelog = '/changelogs/pack1/builds/B';
    rows.push(await readCase(`changelog (${MODS_PER_BUILD} mods each), cached`, changelog));
    rows.push(await readCase(`changelog (${MODS_PER_BUILD} mods each), CACHE_ENABLED=false`, changelog, uncached.url));
    rows.push(await readCase('releases feed (10 builds), cached', '/changelogs/pack1/releases.atom'));

    // Write mix: create a version, then assign it (bench/write-mix.ts), through the cached gateway.
    const mix = await writeMix(gateway, t.adminToken);
    const writes = mix.figures;
    rows.push({ name: 'write mix (create version + assign)', gateway: writes, rssMb: rss() });
    console.log(
      `  write mix: ${f0(writes.rps)} req/s, p99 ${f1(writes.p99)} ms, ${writes.errors} errors (${mix.pairs} pairs started)`,
    );

    const mem = memory(gatewayPid);
    printTable(`Figures (${BASE_MODS} mods; ceiling = bare Fastify sending the same bytes)`, rows);
    console.log(
      `\ngateway RSS: ${mem ? `${f0(mem.rss)} MB now, ${f0(mem.peak)} MB peak` : 'unknown'}; uncached replica: ${f0(memory(uncached.pid)?.rss ?? NaN)} MB`,
    );

    // One against two replicas of each service (bench/replicas.ts): this stack, through its uncached
    // gateway, against a second one started beside it, before the scale check grows this one.
    let replicas: ReplicaCase[] = [];
    if (REPLICAS) {
      console.log('\nmeasuring one against two replicas of each service...');
      replicas = await compareReplicas({
        label: 'one of each',
        gateways: [uncached.url],
        adminToken: t.adminToken,
        processes: () => ({
          catalog: stack.pid('catalog'),
          builds: stack.pid('builds'),
          auth: stack.pid('auth'),
          gateway: uncached.pid,
        }),
        pairs: { next: mix.nextPair },
      });
      printReplicaComparison(replicas);
    }

    const scaleRows: Row[] = [];
    if (SCALE) {
      t0 = Date.now();
      await seedScale(stack.databases);
      console.log(
        `\nscale: seeded up to ${SCALE_MODS} mods and a ${SCALE_BUILD_MODS}-mod build in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      printExplain(await explainHotQueries(stack.databases));
      console.log('\nmeasuring (scale)...');
      const build1000 = '/api/modpack/scale/K';
      scaleRows.push(await readCase(`build read (${MODS_PER_BUILD} mods), cached`, build150));
      scaleRows.push(await readCase(`build read (${SCALE_BUILD_MODS} mods), cached`, build1000));
      scaleRows.push(await readCase('mod version read, cached', `/api/mod/${modName(17042)}/${versionName(17042, 1)}`));
      scaleRows.push(
        await readCase(`build read (${MODS_PER_BUILD} mods), CACHE_ENABLED=false`, build150, uncached.url),
      );
      scaleRows.push(
        await readCase(`build read (${SCALE_BUILD_MODS} mods), CACHE_ENABLED=false`, build1000, uncached.url),
      );
      printTable(`Figures at scale (${SCALE_MODS} mods)`, scaleRows);
      const after = memory(gatewayPid);
      console.log(`\ngateway RSS: ${after ? `${f0(after.rss)} MB now, ${f0(after.peak)} MB peak` : 'unknown'}`);
    }

    await benchArchives(t, archiveDir);
    await benchRelease(t);
    await benchServerPack(t, archiveDir);
    failures.push(...(await benchVarnish(t, archiveDir, shared)));
    await benchWebhooks(t);

    console.log(
      `\nGoals (${ENFORCED ? 'enforced' : `reported only: ${DURATION} s per case, BENCH_ENFORCE=1 to enforce`}): ` +
        `every cached read with production logging ≥ ${100 * PRODUCTION_GOAL} % of its ceiling, npm start’s default ≥ ` +
        `${100 * DEFAULT_GOAL} % of production. Targets (not asserted): cached build read p99 ≤ 3× the ceiling’s; ` +
        'uncached ≥ 5 %; gateway RSS < 256 MB. Through Varnish: launcher traffic reaching the gateways < 1 %, ' +
        'publish to fresh p99 < 1 s (enforced as the cached reads are).',
    );
    if (process.env.BENCH_OUT) {
      writeFileSync(
        process.env.BENCH_OUT,
        JSON.stringify(
          {
            duration: DURATION,
            connections: CONNECTIONS,
            rows,
            cached,
            scaleRows,
            memory: memory(gatewayPid),
            replicas,
            failures,
          },
          null,
          2,
        ),
      );
    }
    console.log(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (failures.length > 0) throw new Error(`below its goals:\n  ${failures.join('\n  ')}`);
  } finally {
    await npmStart?.close();
    await shared?.varnish?.dispose();
    await ceiling?.stop();
    await t?.stop();
    if (archiveDir) rmSync(archiveDir, { recursive: true, force: true });
  }
}

runTool('bench', main);
