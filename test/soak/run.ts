/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value */
// Soak: graceful shutdown and restart under load (`npm run soak`, not part of `npm test`).
//
// A whole stack under a mixed load (launcher reads of published builds, catalogue reads, writes
// that create mods, versions, modpacks, builds and assignments) for SOAK_SECONDS (default 300),
// while catalog, builds and auth are restarted in turn with SIGTERM (SOAK_RESTART_GATEWAY=1 adds
// the gateway, which then cannot answer while it is down: a single replica). With SOAK_KILL=1
// they are killed with SIGKILL instead, and the launcher's supervision brings each one back (a
// shorter version of that is e2e/supervision.test.ts). Afterwards every write that answered 2xx
// is read back. It prints the figures and exits 1 on any failed read of a published build, any
// lost write, or a process that exited without being stopped or killed here.
//
//   SOAK_SECONDS=60 npm run soak
//   SOAK_READERS=6 SOAK_WRITERS=2 SOAK_PAUSE_SECONDS=8 npm run soak
//   SOAK_KILL=1 SOAK_SECONDS=120 npm run soak
import { md5Of, startTestStack, type Reply, type TestStack } from '../support';
import { seedPublishedBuilds } from '../support/published';
import { runTool } from '../support/run-tool';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const READERS = Number(process.env.SOAK_READERS ?? 6);
const WRITERS = Number(process.env.SOAK_WRITERS ?? 2);
const PAUSE_MS = Number(process.env.SOAK_PAUSE_SECONDS ?? 8) * 1000;
const RESTART_GATEWAY = process.env.SOAK_RESTART_GATEWAY === '1';
const KILL = process.env.SOAK_KILL === '1';

type Backend = 'catalog' | 'builds' | 'auth' | 'gateway';

interface Stats {
  count: number;
  failed: number;
  statuses: Record<string, number>;
  latencies: number[];
  samples: string[];
}

const stats: Record<string, Stats> = {};
function record(kind: string, ok: boolean, status: number | string, ms: number, detail?: string) {
  const s = (stats[kind] ??= { count: 0, failed: 0, statuses: {}, latencies: [], samples: [] });
  s.count++;
  s.statuses[status] = (s.statuses[status] ?? 0) + 1;
  s.latencies.push(ms);
  if (!ok) {
    s.failed++;
    if (s.samples.length < 8) s.samples.push(`${new Date().toISOString()} ${detail ?? status}`);
  }
}

async function timed(send: () => Promise<Reply>): Promise<{ r?: Reply; ms: number; err?: unknown }> {
  const started = Date.now();
  try {
    return { r: await send(), ms: Date.now() - started };
  } catch (err) {
    return { ms: Date.now() - started, err };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

// ---------------------------------------------------------------------------------------------

/** What a 2xx write promised, checked at the end. */
type Promise2xx = { what: string; check: () => Promise<boolean> };

async function main() {
  const started = Date.now();
  process.stdout.write(`soak: starting a stack (${SECONDS} s of load, ${READERS} readers, ${WRITERS} writers)\n`);
  const unexpected: string[] = [];
  const launcherLines: string[] = [];
  const killed: string[] = [];
  const t: TestStack = await startTestStack({
    onUnexpectedExit: (name, exit) => {
      // the kills of SOAK_KILL are expected, one exit each
      const mine = killed.indexOf(name);
      if (mine >= 0 && exit.signal === 'SIGKILL') killed.splice(mine, 1);
      else unexpected.push(`${name} ${JSON.stringify(exit)}`);
    },
    log: (line) => {
      launcherLines.push(line);
      if (KILL) process.stdout.write(`launcher: ${line}\n`);
    },
  });
  const { admin, anon } = t;
  const promised: Promise2xx[] = [];
  const restarts: Array<{ service: Backend; ms: number; error?: string }> = [];
  let running = true;
  try {
    const { published, mods } = await seedPublishedBuilds(admin, 'soak');
    process.stdout.write(`soak: seeded ${published.length} published build reads; load begins\n`);
    const deadline = Date.now() + SECONDS * 1000;

    const reader = async () => {
      while (running) {
        const target = pick(published);
        const { r, ms, err } = await timed(() => anon.get(target.path));
        const ok = !!r && r.status === 200 && JSON.stringify(r.body) === JSON.stringify(target.body);
        record(
          'read published build',
          ok,
          r?.status ?? 'network error',
          ms,
          `${target.path} → ${r ? `${r.status} ${r.text.slice(0, 200)}` : String(err)}`,
        );
        const mod = pick(mods);
        const m = await timed(() => anon.get(`/api/mod/${mod}`));
        record(
          'read mod',
          !!m.r && m.r.status === 200,
          m.r?.status ?? 'network error',
          m.ms,
          m.r ? `${m.r.status} ${m.r.text.slice(0, 200)}` : String(m.err),
        );
        const l = await timed(() => anon.get('/api/modpack?include=full'));
        record(
          'read modpack list',
          !!l.r && l.r.status === 200,
          l.r?.status ?? 'network error',
          l.ms,
          l.r ? `${l.r.status} ${l.r.text.slice(0, 200)}` : String(l.err),
        );
      }
    };

    const writer = async (w: number) => {
      let n = 0;
      while (running) {
        const id = `${w}-${n++}`;
        const name = `soak-w${id}`;
        // a mod and a version
        const mod = await timed(() => admin.post('/api/mod', { name, pretty_name: `W ${id}` }));
        record(
          'write mod',
          mod.r?.status === 201,
          mod.r?.status ?? 'network error',
          mod.ms,
          mod.r?.text.slice(0, 200) ?? String(mod.err),
        );
        if (mod.r?.status !== 201) continue;
        promised.push({
          what: `mod ${name}`,
          check: async () => (await anon.get(`/api/mod/${name}`)).body?.pretty_name === `W ${id}`,
        });
        const md5 = md5Of(name);
        const version = await timed(() => admin.post(`/api/mod/${name}/version`, { version: '1', md5 }));
        record(
          'write version',
          version.r?.status === 201,
          version.r?.status ?? 'network error',
          version.ms,
          version.r?.text.slice(0, 200) ?? String(version.err),
        );
        if (version.r?.status === 201) {
          promised.push({
            what: `version ${name}/1`,
            check: async () => (await anon.get(`/api/mod/${name}/1`)).body?.md5 === md5,
          });
        }
        // every few rounds, a modpack with a published build holding that version
        if (n % 3 !== 1 || version.r?.status !== 201) continue;
        const slug = `soak-wp${id}`;
        const pack = await timed(() => admin.post('/api/modpack', { name: `WP ${id}`, slug, hidden: false }));
        record(
          'write modpack',
          pack.r?.status === 201,
          pack.r?.status ?? 'network error',
          pack.ms,
          pack.r?.text.slice(0, 200) ?? String(pack.err),
        );
        if (pack.r?.status !== 201) continue;
        promised.push({
          what: `modpack ${slug}`,
          check: async () => (await anon.get(`/api/modpack/${slug}`)).status === 200,
        });
        const build = await timed(() =>
          admin.post(`/api/modpack/${slug}/build`, { version: '1', minecraft: '1.20.1', is_published: true }),
        );
        record(
          'write build',
          build.r?.status === 201,
          build.r?.status ?? 'network error',
          build.ms,
          build.r?.text.slice(0, 200) ?? String(build.err),
        );
        if (build.r?.status !== 201) continue;
        promised.push({
          what: `build ${slug}/1`,
          check: async () => (await anon.get(`/api/modpack/${slug}/1`)).status === 200,
        });
        const assign = await timed(() =>
          admin.post(`/api/modpack/${slug}/1/mod`, { mod_slug: name, mod_version: '1' }),
        );
        record(
          'write assignment',
          assign.r?.status === 201,
          assign.r?.status ?? 'network error',
          assign.ms,
          assign.r?.text.slice(0, 200) ?? String(assign.err),
        );
        if (assign.r?.status === 201) {
          promised.push({
            what: `assignment ${slug}/1 ← ${name}@1`,
            check: async () =>
              ((await anon.get(`/api/modpack/${slug}/1`)).body?.mods ?? []).some(
                (m: any) => m.name === name && m.version === '1',
              ),
          });
        }
      }
    };

    const restartsOf = (name: string) =>
      launcherLines.filter((l) => l.startsWith(`${name} restarted, healthy after `)).length;
    const killAndAwaitRestart = async (service: Backend) => {
      const before = restartsOf(service);
      killed.push(service);
      process.kill(t.stack.pid(service)!, 'SIGKILL');
      const deadline = Date.now() + 60_000;
      while (restartsOf(service) === before) {
        if (Date.now() > deadline) throw new Error(`${service} was not restarted within 60 s`);
        await sleep(100);
      }
    };

    const restarter = async () => {
      const order: Backend[] = ['catalog', 'builds', 'auth', ...(RESTART_GATEWAY ? (['gateway'] as const) : [])];
      let i = 0;
      await sleep(Math.min(PAUSE_MS, 5000));
      while (running && Date.now() < deadline - 5000) {
        const service = order[i++ % order.length];
        const begun = Date.now();
        try {
          if (KILL) await killAndAwaitRestart(service);
          else await t.stack.restartService(service, 'SIGTERM');
          restarts.push({ service, ms: Date.now() - begun });
        } catch (err) {
          restarts.push({ service, ms: Date.now() - begun, error: String(err) });
        }
        process.stdout.write(
          `soak: ${KILL ? 'killed' : 'restarted'} ${service}, back in ${Date.now() - begun} ms (${Math.round((deadline - Date.now()) / 1000)} s left)\n`,
        );
        const until = Date.now() + PAUSE_MS;
        while (running && Date.now() < until) await sleep(200);
      }
    };

    const load = Promise.all([
      ...Array.from({ length: READERS }, () => reader()),
      ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    ]);
    const restarting = restarter();
    while (Date.now() < deadline) await sleep(500);
    running = false;
    await Promise.all([load, restarting]);

    // every write that answered 2xx is there (event-driven effects are not involved here)
    const lost: string[] = [];
    for (const p of promised) {
      let ok = false;
      for (let attempt = 0; attempt < 3 && !ok; attempt++) {
        ok = await p.check().catch(() => false);
        if (!ok) await sleep(500);
      }
      if (!ok) lost.push(p.what);
    }

    // figures
    const pct = (xs: number[], q: number) => {
      const s = [...xs].sort((x, y) => x - y);
      return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
    };
    process.stdout.write(`\nsoak: ${Math.round((Date.now() - started) / 1000)} s in all, ${SECONDS} s of load\n`);
    process.stdout.write(
      `restarts: ${restarts.length} (${restarts.map((r) => `${r.service} ${r.ms} ms${r.error ? ` FAILED ${r.error}` : ''}`).join(', ')})\n`,
    );
    for (const [kind, s] of Object.entries(stats)) {
      process.stdout.write(
        `${kind.padEnd(22)} ${String(s.count).padStart(7)} requests, ${String(s.failed).padStart(5)} failed, statuses ${JSON.stringify(s.statuses)}, ` +
          `p50 ${pct(s.latencies, 0.5)} ms, p99 ${pct(s.latencies, 0.99)} ms, max ${Math.max(0, ...s.latencies)} ms\n`,
      );
      for (const sample of s.samples) process.stdout.write(`    ${sample}\n`);
    }
    const failedReads = stats['read published build']?.failed ?? 0;
    process.stdout.write(
      `writes answered 2xx: ${promised.length}, lost: ${lost.length}${lost.length ? ` (${lost.slice(0, 10).join('; ')})` : ''}\n`,
    );
    process.stdout.write(`failed reads of published builds: ${failedReads}\n`);
    if (unexpected.length) process.stdout.write(`processes that exited on their own: ${unexpected.join('; ')}\n`);
    const failed = failedReads > 0 || lost.length > 0 || unexpected.length > 0 || restarts.some((r) => r.error);
    process.stdout.write(failed ? 'SOAK FAILED\n' : 'SOAK PASSED\n');
    process.exitCode = failed ? 1 : 0;
  } finally {
    running = false;
    await t.stop();
  }
}

runTool('soak', main);
