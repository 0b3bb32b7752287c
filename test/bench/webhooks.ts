// Webhooks (docs/webhooks.md, docs/performance.md#webhooks): from a publish to the receipt of its
// `build.published` by each of 100 endpoints on one modpack (p50, p99 over every receipt), and a
// publish's own latency (the release request) without webhooks and with those 100 registered.
// Receivers are real HTTP servers on 127.0.0.1 (the stack's hooks service is given
// WEBHOOK_ALLOW_HTTP/PRIVATE: WEBHOOKS_BENCH_ENV). Printed, never asserted.
//   BENCH_WEBHOOK_ENDPOINTS (100), BENCH_WEBHOOK_PUBLISHES (10)
import { md5Of, must, type TestStack } from '../support';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { f1, printTable } from './measure';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;
const ENDPOINTS = num('BENCH_WEBHOOK_ENDPOINTS', 100);
const PUBLISHES = num('BENCH_WEBHOOK_PUBLISHES', 10);

/** The hooks service's settings for the bench's receivers and endpoint count. */
export const WEBHOOKS_BENCH_ENV = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  HOOKS_MAX_PER_MODPACK: String(Math.max(ENDPOINTS, 20)),
  HOOKS_CONCURRENCY: '64',
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function benchWebhooks(t: TestStack): Promise<void> {
  const receivers: Receiver[] = [];
  try {
    for (const slug of ['hookbench', 'hookbase']) {
      must(await t.admin.post('/api/modpack', { name: slug, slug }), 201, slug);
    }
    must(await t.admin.post('/api/mod', { name: 'hook-bench-mod', pretty_name: 'Hook bench' }), 201, 'mod');
    must(
      await t.admin.post('/api/mod/hook-bench-mod/version', { version: '1.0', md5: md5Of('hook-bench') }),
      201,
      'version',
    );
    const release = async (slug: string, build: string) => {
      const started = performance.now();
      must(
        await t.admin.post(`/api/manage/modpacks/${slug}/releases`, {
          build,
          minecraft: '1.20.1',
          mods: [{ mod: 'hook-bench-mod', version: '1.0' }],
          publish: true,
          set_latest: true,
        }),
        201,
        `${slug} ${build}`,
      );
      return { started, answered: performance.now() };
    };
    // A publish's own latency without webhooks (a modpack with none).
    const without: number[] = [];
    for (let i = 0; i < PUBLISHES; i++) {
      const { started, answered } = await release('hookbase', `1.${i}`);
      without.push(answered - started);
    }
    for (let i = 0; i < ENDPOINTS; i++) {
      const r = await startReceiver();
      receivers.push(r);
      must(
        await t.admin.post('/api/manage/modpacks/hookbench/hooks', { url: r.url, events: ['build.published'] }),
        201,
        `#${i}`,
      );
    }
    const withHooks: number[] = [];
    const receipts: number[] = [];
    for (let i = 0; i < PUBLISHES; i++) {
      const { started, answered } = await release('hookbench', `1.${i}`);
      withHooks.push(answered - started);
      const want = i + 1;
      const deadline = Date.now() + 30_000;
      while (receivers.some((r) => r.received.length < want) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      for (const r of receivers) if (r.received[i]) receipts.push(r.received[i].at - answered);
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const row = (name: string, xs: number[]) => {
      const s = sorted(xs);
      return [name, String(s.length), f1(quantile(s, 0.5)), f1(quantile(s, 0.99)), f1(s[s.length - 1])];
    };
    printTable(
      `Webhooks: ${ENDPOINTS} endpoints on one modpack, ${PUBLISHES} publishes (ms)`,
      ['case', 'n', 'p50', 'p99', 'max'],
      [
        row('publish (release request), no webhooks', without),
        row(`publish (release request), ${ENDPOINTS} webhooks`, withHooks),
        row('publish answered → receipt, every endpoint', receipts),
      ],
    );
    const missing = PUBLISHES * ENDPOINTS - receipts.length;
    if (missing) console.log(`  ${missing} receipts missing after 30 s`);
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}
