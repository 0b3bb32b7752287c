// The builds service process: database + outbox relay + detach consumer + gRPC server.
import { type Logger } from '@depot/common/process';
import { bindHandlers, createClient, startGrpcServer, type GrpcServer } from '@depot/common/grpc';
import { openRuntime } from '@depot/common/runtime';
import { BuildsService, CatalogService } from '@depot/proto';
import { Assignments } from './assignments';
import { Builds } from './builds';
import { Releases } from './releases';
import type { BuildsConfig } from './config';
import { startDetachConsumer } from './detach-consumer';
import { BuildSchema } from './entities/build';
import { BuildModSchema } from './entities/build-mod';
import { ModpackSchema } from './entities/modpack';
import { buildsHandlers } from './handlers';
import { Changelogs, changelogHandlers } from './changelogs';
import { Management, managementHandlers } from './management';
import { migrations } from './migrations';
import { catalogModLookup } from './mod-lookup';
import { Modpacks } from './modpacks';

export const BUILDS_SERVICE_NAME = 'depot.builds.v1.BuildsService';

export interface BuildsApp {
  port: number;
  stop(): Promise<void>;
}

export async function startBuilds(
  config: BuildsConfig,
  opts: { logger?: Logger; onQuery?: (sql: string) => void } = {},
): Promise<BuildsApp> {
  const runtime = await openRuntime({
    name: 'builds',
    config,
    entities: [ModpackSchema, BuildSchema, BuildModSchema],
    migrations,
    outbox: true,
    logger: opts.logger,
    onQuery: opts.onQuery,
    versions: {
      what: 'build versions',
      sql: 'select b.id, p.slug as label, b.version from builds b join modpacks p on p.id = b.modpack_id where b.id > ? order by b.id limit ?',
    },
  });
  const catalog = createClient(CatalogService, config.CATALOG_GRPC_ADDR, {
    deadlineMs: config.GRPC_DEADLINE_MS,
    serviceName: 'depot.catalog.v1.CatalogService',
    retryMethods: ['GetVersion', 'GetMod'],
  });
  const modpacks = new Modpacks(runtime.orm, runtime.relay);
  const builds = new Builds(runtime.orm, runtime.relay);
  const assignments = new Assignments(runtime.orm, runtime.relay, catalogModLookup(catalog));
  const consumer = startDetachConsumer(runtime.bus, assignments, runtime.logger);
  const release = async () => {
    await consumer.stop();
    catalog.close();
    await runtime.close();
  };
  let grpcServer: GrpcServer;
  try {
    grpcServer = await startGrpcServer({
      address: config.BUILDS_GRPC_LISTEN,
      logger: runtime.logger,
      services: [
        {
          name: BUILDS_SERVICE_NAME,
          definition: BuildsService.service,
          handlers: bindHandlers(
            BuildsService.service,
            {
              ...buildsHandlers(modpacks, builds, assignments, new Releases(runtime.orm, runtime.relay)),
              ...managementHandlers(new Management(runtime.orm)),
              ...changelogHandlers(new Changelogs(runtime.orm, runtime.relay)),
            },
            runtime.logger,
          ),
        },
      ],
    });
  } catch (err) {
    // E.g. the port is taken: leave no consumer or connections behind.
    await release();
    throw err;
  }
  // SERVING, and NOT_SERVING while the database is unreachable (checked every 5 s).
  runtime.watchHealth(grpcServer);
  runtime.logger.info({ port: grpcServer.port }, 'builds gRPC listening');
  return {
    port: grpcServer.port,
    async stop() {
      await grpcServer.shutdown();
      await release();
    },
  };
}
