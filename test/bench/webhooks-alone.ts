// The webhooks case alone (bench/webhooks.ts): `npm run bench:webhooks`. Printed, never asserted.
import { type TestStack } from '../support';
import { runTool } from '../support/run-tool';
import { startBenchStack } from './bench-stack';
import { benchWebhooks, WEBHOOKS_BENCH_ENV } from './webhooks';

async function main() {
  let t: TestStack | undefined;
  try {
    t = await startBenchStack({ services: { hooks: WEBHOOKS_BENCH_ENV } });
    await benchWebhooks(t);
  } finally {
    await t?.stop();
  }
}

runTool('bench-webhooks', main);
