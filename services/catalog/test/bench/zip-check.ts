// What the zip check of an upload costs for a zip of many tiny entries (docs/archives.md#checks):
// the time, the reads of the store, the process's peak RSS (sampled by a worker thread, whose own
// event loop the check cannot hold), and how long the event loop was held (monitorEventLoopDelay,
// and a 10 ms timer's lateness). Printed, never asserted.
//
//   node --conditions=depot-source --import tsx services/catalog/test/bench/zip-check.ts [entries...]
//   BENCH_CHECK=<module> …   another module exporting checkArchive, to compare (an older packaging.ts)
//   BENCH_MAX_ENTRIES=100000 …   the limit (default 1,000,000: every zip checked to its end)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { FsArchiveStore, type StagedObject } from '@depot/common/archive-store';
import { tinyEntries, zipBytes } from '../archives/zip-bytes';

/** The process's peak RSS from now until `stop()`, sampled every 5 ms on a thread of its own. */
function rssPeak(): { stop(): Promise<number> } {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = 0;
     const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
     const timer = setInterval(sample, 5);
     parentPort.once('message', () => { clearInterval(timer); sample(); parentPort.postMessage(peak); });`,
    { eval: true },
  );
  return {
    stop: async () => {
      const peak = new Promise<number>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const value = await peak;
      await worker.terminate();
      return value;
    },
  };
}

type Check = (staged: StagedObject, kind: 'zip', limits: { maxEntries: number }) => Promise<string[]>;

async function main() {
  const counts = process.argv.slice(2).map(Number);
  const { checkArchive } = (await import(process.env.BENCH_CHECK ?? '../../src/archives/packaging')) as {
    checkArchive: Check;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-zip-check-'));
  const store = new FsArchiveStore(dir);
  try {
    for (const count of counts.length ? counts : [200_000]) {
      const zip = zipBytes(tinyEntries(count));
      const staged = await store.stage(Readable.from([zip]), zip.length + 1);
      let reads = 0;
      const counted: StagedObject = {
        ...staged,
        digests: staged.digests,
        read: (start, end) => {
          reads += 1;
          return staged.read(start, end);
        },
      };
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const sampler = rssPeak();
      let late = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        late = Math.max(late, now - last - 10);
        last = now;
      }, 10);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const t = performance.now();
      let outcome: string;
      try {
        outcome = `accepted ${JSON.stringify(await checkArchive(counted, 'zip', { maxEntries: Number(process.env.BENCH_MAX_ENTRIES ?? 1_000_000) }))}`;
      } catch (err) {
        outcome = `refused: ${(err as Error).message}`;
      }
      const ms = performance.now() - t;
      delay.disable();
      clearInterval(timer);
      const peak = await sampler.stop();
      console.log(
        JSON.stringify({
          entries: count,
          MB: +(zip.length / 1e6).toFixed(1),
          seconds: +(ms / 1000).toFixed(2),
          reads,
          'RSS before MB': Math.round(rssBefore / 1e6),
          'RSS peak MB': Math.round(peak / 1e6),
          'loop delay max ms': Math.round(delay.max / 1e6),
          'loop delay p99 ms': Math.round(delay.percentile(99) / 1e6),
          '10 ms timer late max ms': Math.round(late),
          outcome: outcome.slice(0, 100),
        }),
      );
      await staged.discard();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
