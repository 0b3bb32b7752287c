// The server pack case alone (docs/performance.md#server-packs), on a stack of its own whose gateway
// runs as deployed (bench-stack.ts): `npm run bench:server-pack`. Printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { startBenchStack } from './bench-stack';
import { benchServerPack, SERVER_PACK_ENV } from './server-pack';

async function main() {
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'depot-bench-store-'));
  let t: TestStack | undefined;
  try {
    t = await startBenchStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: storeDir, ...SERVER_PACK_ENV } });
    await benchServerPack(t, storeDir);
  } finally {
    await t?.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

runTool('bench-server-pack', main);
