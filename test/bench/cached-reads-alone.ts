// The cached reads' case alone (cached-reads.ts), on a stack of its own seeded as `npm run bench`
// seeds it: `npm run bench:reads`. Fails as `npm run bench` does when they miss their goals.
import { type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { startBenchStack } from './bench-stack';
import { benchCachedReads, cachedReadFailures, printCachedReads, startNpmStartGateway } from './cached-reads';
import { startCeiling, type Ceiling } from './ceiling-process';
import { CONNECTIONS, DURATION, ROUNDS, WARMUP } from './measure';
import { seedBase } from './seed';

async function main() {
  console.log(`${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target and case, ${ROUNDS} rounds`);
  let t: TestStack | undefined;
  let ceiling: Ceiling | undefined;
  let npmStart: Awaited<ReturnType<typeof startNpmStartGateway>> | undefined;
  try {
    t = await startBenchStack({ mirrorUrl: null });
    ceiling = await startCeiling();
    npmStart = await startNpmStartGateway(t.stack);
    await seedBase(t.stack.databases);
    const rows = await benchCachedReads(t.stack.gatewayUrl, t.stack.pid('gateway')!, npmStart, ceiling);
    printCachedReads(rows);
    const failures = await cachedReadFailures(rows, npmStart);
    if (failures.length > 0) throw new Error(`below its goals:\n  ${failures.join('\n  ')}`);
  } finally {
    await npmStart?.close();
    await ceiling?.stop();
    await t?.stop();
  }
}

runTool('bench-reads', main);
