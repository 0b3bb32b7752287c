// The hosted archives' cases alone (docs/performance.md#hosted-archives), on a stack of their own,
// its gateway as deployed (bench-stack.ts): `npm run bench:download` (the download: one at a time
// against nginx, then 100 concurrent) or `npm run bench:upload` (the upload against `cp`); the
// first argument says which. Printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { benchArchives, type ArchiveCases } from './archives';
import { startBenchStack } from './bench-stack';

const CASES: ArchiveCases[] = ['download', 'upload'];

async function main() {
  const which = process.argv[2] as ArchiveCases;
  if (!CASES.includes(which)) throw new Error(`say which cases: ${CASES.join(' or ')}`);
  // The store in the bench's own folder of the same filesystem as the `cp` it is compared with.
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'depot-bench-store-'));
  let t: TestStack | undefined;
  try {
    t = await startBenchStack({ mirrorUrl: null, env: { ARCHIVE_STORE_DIR: storeDir } });
    await benchArchives(t, storeDir, [which]);
  } finally {
    await t?.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

runTool('bench-archives', main);
