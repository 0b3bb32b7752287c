// The hooks service process (docs/webhooks.md): database + event consumer + delivery worker +
// gRPC server. It publishes no events (no outbox).
import { type Logger } from '@depot/common/process';
import { bindHandlers, createClient, startGrpcServer, type GrpcServer } from '@depot/common/grpc';
import { checkSealedKeys, openRuntime } from '@depot/common/runtime';
import type { Lookup } from '@depot/common/egress';
import { BuildsService, HooksService } from '@depot/proto';
import type { HooksConfig } from './config';
import { Deliveries } from './deliveries';
import { ENDPOINT_SECRETS, EndpointSchema, secretBox } from './endpoint';
import { Endpoints } from './endpoints';
import { startEventConsumer } from './event-consumer';
import { hooksHandlers } from './handlers';
import { migrations } from './migrations';
import { Payloads } from './payloads';
import { Sender } from './sender';
import { Worker } from './worker';

export const HOOKS_SERVICE_NAME = 'depot.hooks.v1.HooksService';

export interface HooksApp {
  port: number;
  stop(): Promise<void>;
}

export async function startHooks(
  config: HooksConfig,
  opts: { logger?: Logger; lookup?: Lookup } = {},
): Promise<HooksApp> {
  const box = secretBox(config.HOOKS_SECRET_KEY);
  const runtime = await openRuntime({
    name: 'hooks',
    config,
    entities: [EndpointSchema],
    migrations,
    outbox: false,
    logger: opts.logger,
  });
  try {
    const previous = config.HOOKS_SECRET_KEY_PREVIOUS ? secretBox(config.HOOKS_SECRET_KEY_PREVIOUS) : null;
    await checkSealedKeys(runtime.orm, ENDPOINT_SECRETS, { current: box, previous }, runtime.logger);
  } catch (err) {
    await runtime.close();
    throw err;
  }
  const builds = createClient(BuildsService, config.BUILDS_GRPC_ADDR, {
    deadlineMs: config.GRPC_DEADLINE_MS,
    serviceName: 'depot.builds.v1.BuildsService',
    retryMethods: ['GetBuildChanges', 'GetModpacksByIds'],
  });
  const policy = { allowHttp: config.WEBHOOK_ALLOW_HTTP, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE };
  const endpoints = new Endpoints(
    runtime.orm,
    box,
    { ...policy, discordPrefixes: config.HOOKS_DISCORD_PREFIXES },
    { perModpack: config.HOOKS_MAX_PER_MODPACK, total: config.HOOKS_MAX_TOTAL },
  );
  const deliveries = new Deliveries(runtime.orm);
  const payloads = new Payloads(builds, config.PUBLIC_URL);
  const sender = new Sender({
    ...policy,
    connectTimeoutMs: config.HOOKS_CONNECT_TIMEOUT_MS,
    timeoutMs: config.HOOKS_TIMEOUT_MS,
    lookup: opts.lookup,
  });
  const worker = new Worker(
    deliveries,
    endpoints,
    sender,
    {
      concurrency: config.HOOKS_CONCURRENCY,
      schedule: config.HOOKS_RETRY_SCHEDULE,
      retryForMs: config.HOOKS_RETRY_FOR,
      timeoutMs: config.HOOKS_TIMEOUT_MS,
    },
    runtime.logger,
  );
  worker.start();
  const kick = () => worker.kick();
  const consumer = startEventConsumer(runtime.bus, { deliveries, payloads, recorded: kick }, runtime.logger);
  // SIGTERM: no new events taken, the attempts under way finish and are recorded, then the rest.
  const release = async () => {
    await consumer.stop();
    await worker.stop();
    await sender.close();
    builds.close();
    await runtime.close();
  };
  let grpcServer: GrpcServer;
  try {
    grpcServer = await startGrpcServer({
      address: config.HOOKS_GRPC_LISTEN,
      logger: runtime.logger,
      services: [
        {
          name: HOOKS_SERVICE_NAME,
          definition: HooksService.service,
          handlers: bindHandlers(
            HooksService.service,
            hooksHandlers(endpoints, deliveries, payloads, kick),
            runtime.logger,
          ),
        },
      ],
    });
  } catch (err) {
    await release();
    throw err;
  }
  runtime.watchHealth(grpcServer);
  runtime.logger.info({ port: grpcServer.port }, 'hooks gRPC listening');
  return {
    port: grpcServer.port,
    async stop() {
      await grpcServer.shutdown();
      await release();
    },
  };
}
