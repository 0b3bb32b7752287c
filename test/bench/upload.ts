// The hosted archives' upload case alone (docs/performance.md#hosted-archives), on a stack of its
// own: `npm run bench:upload` (BENCH_UPLOAD_MB, BENCH_UPLOAD_ROUNDS). Printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStack, type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { benchArchives } from './archives';

async function main() {
  process.env.BENCH_ARCHIVES = 'upload';
  // The store in the bench's own folder of the same filesystem as the `cp` it is compared with.
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'depot-bench-store-'));
  let t: TestStack | undefined;
  try {
    t = await startTestStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: storeDir } });
    await benchArchives(t, storeDir);
  } finally {
    await t?.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

runTool('bench-upload', main);
