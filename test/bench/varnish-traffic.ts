// Launcher-like traffic through Varnish (varnish.ts), counted from the gateway's side, and the time
// from a publish to the first fresh answer through it (docs/performance.md#through-varnish).
import type { TestStack } from '../support';
import { Api } from '../support';
import { cannon, DURATION, type Figures } from './measure';

/** The seeded packs (seed.ts): pack1..pack5, builds A..J. */
const PACKS = ['pack1', 'pack2', 'pack3', 'pack4', 'pack5'];

/**
 * What a launcher and the platform read at every start and poll: the modpack list, each pack and
 * its newest build; the connections are spread over them (autocannon: connection i → url i mod n).
 */
export const LAUNCHER_PATHS = [
  '/api',
  '/api/modpack',
  ...PACKS.flatMap((p) => [`/api/modpack/${p}`, `/api/modpack/${p}/J`]),
];

/**
 * Reads the gateway answered since it started, from its own metrics (depot_http_requests_total),
 * GET and HEAD only, without its /metrics and the /healthz Varnish's probe reads.
 */
export async function gatewayReads(gatewayUrl: string): Promise<number> {
  const text = await (await fetch(`${gatewayUrl}/metrics`)).text();
  let n = 0;
  for (const line of text.split('\n')) {
    const m = /^depot_http_requests_total\{([^}]*)\} (\d+)/.exec(line);
    if (!m || !/method="(GET|HEAD)"/.test(m[1]) || /route="\/(metrics|healthz)"/.test(m[1])) continue;
    n += Number(m[2]);
  }
  return n;
}

let releaseCount = 0;
/** A new published build of `pack`, created through the gateway (not Varnish): its version. */
async function release(t: TestStack, pack: string): Promise<string> {
  const version = `R${++releaseCount}`;
  const r = await t.admin.post(`/api/modpack/${pack}/build`, { version, minecraft: '1.20.1', is_published: true });
  if (r.status !== 201) throw new Error(`releasing ${pack} ${version}: ${r.status} ${r.text}`);
  return version;
}

export interface LauncherTraffic {
  figures: Figures;
  releases: number;
  releaseEverySeconds: number;
  /** Reads the gateway answered meanwhile. */
  atGateway: number;
}

/**
 * DURATION seconds of launcher reads through `varnishUrl` while a pack is released every few
 * seconds (a release a minute, time compressed: BENCH_VARNISH_RELEASE_SECONDS, default a fifth of
 * the run, so that every run sees five).
 */
export async function launcherTraffic(t: TestStack, varnishUrl: string): Promise<LauncherTraffic> {
  const every = Number(process.env.BENCH_VARNISH_RELEASE_SECONDS) || Math.max(0.2, DURATION / 5);
  const urls = LAUNCHER_PATHS.map((p) => `${varnishUrl}${p}`);
  // Warm: every URL once in Varnish, so that the run counts what a running cache lets through.
  for (const url of urls) await fetch(url).then((r) => r.arrayBuffer());
  const before = await gatewayReads(t.url);
  let releases = 0;
  let done = false;
  const releasing = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, every * 1000));
      if (done) break;
      await release(t, PACKS[releases % PACKS.length]);
      releases++;
    }
  })();
  let figures: Figures;
  try {
    figures = await cannon(urls, {}, 0, DURATION);
  } finally {
    done = true;
    await releasing;
  }
  // The last purges' refetches are counted too: the gateway's lines go out as the answers do.
  return { figures, releases, releaseEverySeconds: every, atGateway: (await gatewayReads(t.url)) - before };
}

export interface Freshness {
  /** From the publish's answer to the first fresh answer through Varnish, ms, one per publish. */
  afterAnswer: number[];
  /** The same from the publish being sent. */
  afterSend: number[];
  /** Publishes still not seen through Varnish after STALE_AFTER_MS. */
  stale: number;
}

const STALE_AFTER_MS = 5000;

/**
 * `count` publishes, one at a time, each of a pack whose read Varnish holds (a HIT): how long until
 * its read through Varnish lists the new build, polled as fast as one client can.
 */
export async function publishToFresh(t: TestStack, varnishUrl: string, count: number): Promise<Freshness> {
  const through = new Api(varnishUrl);
  const out: Freshness = { afterAnswer: [], afterSend: [], stale: 0 };
  for (let i = 0; i < count; i++) {
    const pack = PACKS[i % PACKS.length];
    const path = `/api/modpack/${pack}`;
    for (let tries = 0; tries < 50 && (await through.get(path)).headers.get('x-cache') !== 'HIT'; tries++);
    const sent = performance.now();
    const version = await release(t, pack);
    const answered = performance.now();
    let seen = false;
    while (!seen && performance.now() - answered < STALE_AFTER_MS) {
      const r = await through.get(path);
      seen = r.status === 200 && (r.body as { builds: string[] }).builds.includes(version);
    }
    if (!seen) {
      out.stale++;
      continue;
    }
    const now = performance.now();
    out.afterAnswer.push(now - answered);
    out.afterSend.push(now - sent);
  }
  return out;
}

/** The q-quantile (0..1) of `xs`, nearest rank. */
export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
