// Measuring with autocannon: the settings every case shares (BENCH_DURATION, BENCH_WARMUP,
// BENCH_CONNECTIONS, BENCH_ROUNDS), a case's figures, a process's memory, and number formats.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const num = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
};
export const DURATION = num('BENCH_DURATION', 15);
export const WARMUP = num('BENCH_WARMUP', 3);
export const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
/** A read case and its ceiling alternate in this many rounds (sharing the duration), so that a
 * burst of other load on the machine weighs on both alike. */
export const ROUNDS = Math.max(1, Math.round(num('BENCH_ROUNDS', 3)));

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** `url`: one target, or several that the connections are spread over (autocannon: connection i → url i mod n). */
export async function cannon(
  url: string | string[],
  opts: Partial<autocannon.Options> = {},
  warmup = WARMUP,
  duration = DURATION,
): Promise<Figures> {
  const base = { url, connections: CONNECTIONS, timeout: 10, ...opts };
  if (warmup > 0) await autocannon({ ...base, duration: warmup });
  const r = await autocannon({ ...base, duration });
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

/** Rounds of one target: req/s over all of them, p50 weighted by requests, p99 the worst round's. */
export function combine(rounds: Figures[]): Figures {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  return {
    rps: rounds.reduce((n, r) => n + r.rps, 0) / rounds.length,
    p50: rounds.reduce((n, r) => n + r.p50 * r.requests, 0) / Math.max(requests, 1),
    p99: Math.max(...rounds.map((r) => r.p99)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    requests,
  };
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
export function memory(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Runs `work` while sampling the RSS of `pids`; the work's seconds and each one's growth (peak - before), MiB. */
export async function sampled(
  pids: number[],
  work: () => Promise<void>,
): Promise<{ seconds: number; growth: number[] }> {
  const before = pids.map((pid) => memory(pid)?.rss ?? NaN);
  const peak = [...before];
  const timer = setInterval(() => {
    pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], memory(pid)?.rss ?? NaN)));
  }, 20);
  const start = process.hrtime.bigint();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], memory(pid)?.rss ?? NaN)));
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, growth: peak.map((p, i) => p - before[i]) };
}

export const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toString() : '-');
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
export const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

/** A table with a left-aligned first column, every other column right-aligned. */
export function printTable(title: string, header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}
