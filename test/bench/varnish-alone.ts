// The cases through Varnish alone (varnish.ts), on a stack of its own seeded as `npm run bench`
// seeds it: `npm run bench:varnish`. Fails as `npm run bench` does when they miss their goals.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { startBenchStack } from './bench-stack';
import { CONNECTIONS, DURATION, ROUNDS, WARMUP } from './measure';
import { seedBase } from './seed';
import { benchVarnish, reserveVarnish } from './varnish';

async function main() {
  console.log(`${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per case, ${ROUNDS} rounds`);
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'depot-bench-store-'));
  const shared = await reserveVarnish();
  let t: TestStack | undefined;
  try {
    t = await startBenchStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: storeDir, ...shared.env } });
    await seedBase(t.stack.databases);
    const failures = await benchVarnish(t, storeDir, shared);
    if (failures.length > 0) throw new Error(`below its goals:\n  ${failures.join('\n  ')}`);
  } finally {
    await shared.varnish?.dispose();
    await t?.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

runTool('bench-varnish', main);
