// The stack behind a real Varnish with the shipped VCL (docs/caching.md#varnish,
// docs/performance.md#through-varnish): anonymous cached reads per second through Varnish against
// the gateway alone; the share of launcher-like traffic (many players, a few packs, a release every
// few seconds: a minute, time compressed) that reaches the gateways, counted from the gateway's own
// metrics (goal < 1 %); the time from a publish to the first fresh answer through Varnish (goal
// p99 < 1 s); a 50 MB archive downloaded through Varnish against nginx serving the same file.
// Goals enforced as the cached reads' are (cached-reads.ts ENFORCED); always: no errors, every
// publish seen through Varnish. Without varnishd: skipped with a note, failed under CI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestStack } from '../support';
import { Varnish, varnishd } from '../support/varnish';
import { curlBatch, nodeBatch, sideBySide, type Batch } from './archive-download';
import { DOWNLOAD_MB, hostDownload } from './archives';
import { CACHED_READS, ENFORCED } from './cached-reads';
import { cannon, combine, DURATION, f0, f1, printTable, ROUNDS, WARMUP, type Figures } from './measure';
import { startNginx } from './nginx';
import { launcherTraffic, publishToFresh, quantile } from './varnish-traffic';

export const SHARE_GOAL = 0.01;
export const FRESH_P99_GOAL_MS = 1000;

/** A Varnish whose port is known before the stack starts, and the gateway settings that purge it. */
export interface SharedCacheBench {
  varnish?: Varnish;
  env: Record<string, string>;
}

/** Reserves Varnish's port (the gateways are told where to purge); none without varnishd (CI: fails). */
export async function reserveVarnish(): Promise<SharedCacheBench> {
  if (!varnishd.value || !fs.existsSync(varnishd.value)) {
    const note = `varnishd is not installed (${varnishd.missing ?? varnishd.value}): no bench through Varnish`;
    if (process.env.CI === 'true') throw new Error(note);
    console.log(note);
    return { env: {} };
  }
  const varnish = new Varnish();
  const url = await varnish.reservePort();
  return { varnish, env: { SHARED_CACHE_PURGE: 'varnish', SHARED_CACHE_VARNISH_URLS: url } };
}

/** Each read through Varnish and at the gateway alone, taking turns in each round. */
async function readsThrough(gatewayUrl: string, varnishUrl: string) {
  const rows: { name: string; varnish: Figures; gateway: Figures }[] = [];
  const slice = DURATION / ROUNDS;
  for (const [name, pathAndQuery] of CACHED_READS) {
    const targets = [varnishUrl, gatewayUrl].map((base) => `${base}${pathAndQuery}`);
    const figures: Figures[][] = [[], []];
    for (const target of targets) if (WARMUP > 0) await cannon(target, {}, 0, Math.min(WARMUP, DURATION));
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < 2; k++) {
        const i = (k + round) % 2;
        figures[i].push(await cannon(targets[i], {}, 0, slice));
      }
    }
    const [varnish, gateway] = figures.map(combine);
    rows.push({ name, varnish, gateway });
  }
  return rows;
}

/** A 50 MB archive through Varnish (a HIT after the first) against nginx serving its object. */
async function downloadsThrough(t: TestStack, varnishUrl: string, storeDir: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-varnish-'));
  try {
    const object = await hostDownload(t, 'varnishzip', storeDir, work, t.adminToken);
    const ours = `${varnishUrl}/mods/varnishzip/varnishzip-1.zip`;
    const first = await fetch(ours);
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`the archive through Varnish: ${first.status}`);
    const nginx = await startNginx(object);
    try {
      const clients: [string, Batch][] = [
        ['Node client', nodeBatch],
        ['curl -o /dev/null', curlBatch],
      ];
      const rows: string[][] = [];
      for (const [name, client] of clients) {
        const r = await sideBySide(client, ours, nginx?.url, Math.max(2, DURATION));
        rows.push([
          `download ${DOWNLOAD_MB} MB, ${name}`,
          f0(r.gateway),
          f0(r.nginx),
          `${f0((100 * r.gateway) / r.nginx)} %`,
        ]);
      }
      printTable(
        'Archive download through Varnish, one at a time',
        ['case', 'Varnish MB/s', 'nginx MB/s', 'ratio'],
        rows,
      );
      if (!nginx) console.log('nginx is not installed: no baseline');
    } finally {
      await nginx?.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The cases through `shared.varnish` (started here, in front of `t`'s gateway); what missed its goals. */
export async function benchVarnish(t: TestStack, storeDir: string, shared: SharedCacheBench): Promise<string[]> {
  const { varnish } = shared;
  if (!varnish) return [];
  console.log('\nthrough Varnish (deploy/varnish/default.vcl)...');
  varnish.backend = t.url;
  await varnish.start({}, { storage: '256m', threads: 100 });
  const failures: string[] = [];
  const reads = await readsThrough(t.url, varnish.url);
  printTable(
    'Cached reads through Varnish, against the gateway alone',
    ['case', 'Varnish req/s', 'gateway req/s', 'Varnish/gateway', 'Varnish p99', 'gateway p99', 'errors'],
    reads.map((r) => [
      r.name,
      f0(r.varnish.rps),
      f0(r.gateway.rps),
      `${f0((100 * r.varnish.rps) / r.gateway.rps)} %`,
      f1(r.varnish.p99),
      f1(r.gateway.p99),
      String(r.varnish.errors + r.gateway.errors),
    ]),
  );
  for (const r of reads)
    if (r.varnish.errors + r.gateway.errors > 0) failures.push(`${r.name} through Varnish: errors`);

  const traffic = await launcherTraffic(t, varnish.url);
  const share = traffic.atGateway / traffic.figures.requests;
  console.log(
    `\nlauncher-like traffic through Varnish: ${traffic.figures.requests} reads in ${DURATION} s ` +
      `(${f0(traffic.figures.rps)} req/s, ${traffic.figures.errors} errors), ${traffic.releases} releases ` +
      `(one every ${f1(traffic.releaseEverySeconds)} s), ${traffic.atGateway} reached the gateway: ` +
      `${(100 * share).toFixed(3)} % (goal < ${100 * SHARE_GOAL} %)`,
  );
  if (traffic.figures.errors > 0) failures.push(`launcher traffic through Varnish: ${traffic.figures.errors} errors`);
  if (traffic.releases === 0) failures.push('launcher traffic through Varnish: no release happened');
  if (ENFORCED && !(share < SHARE_GOAL))
    failures.push(`launcher traffic: ${(100 * share).toFixed(2)} % at the gateway`);

  const count = Number(process.env.BENCH_VARNISH_PUBLISHES) || Math.max(10, Math.round(4 * DURATION));
  const fresh = await publishToFresh(t, varnish.url, count);
  const [p50, p99] = [0.5, 0.99].map((q) => quantile(fresh.afterAnswer, q));
  console.log(
    `publish → first fresh answer through Varnish (${count} publishes): after the write's answer ` +
      `p50 ${f1(p50)} ms, p99 ${f1(p99)} ms, max ${f1(Math.max(...fresh.afterAnswer))} ms; from sending it ` +
      `p50 ${f1(quantile(fresh.afterSend, 0.5))} ms, p99 ${f1(quantile(fresh.afterSend, 0.99))} ms ` +
      `(goal p99 < ${FRESH_P99_GOAL_MS} ms); ${fresh.stale} still stale after 5 s`,
  );
  if (fresh.stale > 0) failures.push(`${fresh.stale} publishes not seen through Varnish within 5 s`);
  if (ENFORCED && !(quantile(fresh.afterSend, 0.99) < FRESH_P99_GOAL_MS))
    failures.push(`publish to fresh through Varnish: p99 ${f1(quantile(fresh.afterSend, 0.99))} ms`);

  await downloadsThrough(t, varnish.url, storeDir);
  return failures;
}
