// The fixed CPU cost of one gRPC unary call, with Depot's own client and server wrappers
// (@depot/common: deadline, fail-fast, retry policy, metrics) and a handler that does nothing:
// the floor under every RPC a request makes. The server runs in a child process so that each
// side's CPU is measured apart (process.cpuUsage).
//
//   cd test && node --conditions=depot-source --import tsx bench/grpc-call.ts
//   BENCH_GRPC_CALLS=50000 …      calls measured (default 20000), 20 in flight
import { fork } from 'node:child_process';
import { bindHandlers, createClient, startGrpcServer } from '@depot/common/grpc';
import { silentLogger } from '@depot/common/testing';
import { CatalogService } from '@depot/proto';

const CALLS = Number(process.env.BENCH_GRPC_CALLS ?? 20000);
const IN_FLIGHT = 20;
const WARMUP = 3000;

const MOD_VERSION = {
  id: 1,
  mod_id: 1,
  version: '1.20.1-2.0.1',
  md5: 'd41d8cd98f00b204e9800998ecf8427e',
  filesize: 1234,
  created_at: '2026-01-01T00:00:00.000000Z',
  updated_at: '2026-01-01T00:00:00.000000Z',
};

async function server() {
  const logger = silentLogger();
  const handlers = new Proxy({} as Record<string, unknown>, {
    get: (_, method) => (method === 'GetVersion' ? async () => MOD_VERSION : async () => ({})),
  });
  const grpc = await startGrpcServer({
    address: '127.0.0.1:0',
    logger,
    services: [
      {
        name: 'depot.catalog.v1.CatalogService',
        definition: CatalogService.service,
        handlers: bindHandlers(CatalogService.service, handlers as never, logger),
      },
    ],
  });
  grpc.setServing(true);
  let start = process.cpuUsage();
  process.on('message', (m: string) => {
    if (m === 'reset') start = process.cpuUsage();
    if (m === 'report') {
      const used = process.cpuUsage(start);
      process.send!({ cpuUs: used.user + used.system });
    }
  });
  process.send!({ port: grpc.port });
}

async function client() {
  const child = fork(__filename, ['server'], { execArgv: process.execArgv });
  const next = () => new Promise<Record<string, number>>((resolve) => child.once('message', resolve));
  const { port } = await next();
  const catalog = createClient(CatalogService, `127.0.0.1:${port}`, {
    serviceName: 'depot.catalog.v1.CatalogService',
    retryMethods: ['GetVersion'],
  });
  const run = async (n: number) => {
    let started = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (started++ < n) await catalog.GetVersion({ slug: 'mod-0001', version: '1.20.1-2.0.1' });
      }),
    );
  };
  await run(WARMUP);
  child.send('reset');
  const before = process.cpuUsage();
  const t0 = Date.now();
  await run(CALLS);
  const mine = process.cpuUsage(before);
  const seconds = (Date.now() - t0) / 1000;
  child.send('report');
  const { cpuUs } = await next();
  console.log(`gRPC unary call, ${CALLS} calls, ${IN_FLIGHT} in flight, empty handler:`);
  console.log(`  client ${((mine.user + mine.system) / CALLS / 1000).toFixed(3)} ms CPU per call`);
  console.log(`  server ${(cpuUs / CALLS / 1000).toFixed(3)} ms CPU per call`);
  console.log(`  ${Math.round(CALLS / seconds)} calls/s`);
  catalog.close();
  child.kill();
}

(process.argv[2] === 'server' ? server() : client()).catch((err) => {
  console.error(err);
  process.exit(1);
});
