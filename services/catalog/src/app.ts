// The catalog service process: database + outbox relay + gRPC server.
import { bindHandlers, createClient, openRuntime, startGrpcServer, type Logger } from '@depot/common';
import { BuildsService, CatalogService } from '@depot/proto';
import { archivePolicy } from './archive-policy';
import { VersionArchives } from './archives';
import type { CatalogConfig } from './config';
import { ModSchema } from './entities/mod';
import { ModVersionSchema } from './entities/mod-version';
import { archiveHandlers, catalogHandlers } from './handlers';
import { CatalogManagement, managementHandlers } from './management';
import { migrations } from './migrations';
import { Catalog } from './mods';
import { buildsVersionUsage, type VersionUsage } from './version-usage';

export const CATALOG_SERVICE_NAME = 'depot.catalog.v1.CatalogService';

export interface CatalogApp {
  port: number;
  catalog: Catalog;
  archives: VersionArchives;
  stop(): Promise<void>;
}

export async function startCatalog(
  config: CatalogConfig,
  opts: { logger?: Logger; usage?: VersionUsage; onQuery?: (sql: string) => void } = {},
): Promise<CatalogApp> {
  const runtime = await openRuntime({
    name: 'catalog',
    config,
    entities: [ModSchema, ModVersionSchema],
    migrations,
    outbox: true,
    logger: opts.logger,
    onQuery: opts.onQuery,
  });
  const builds = createClient(BuildsService, config.BUILDS_GRPC_ADDR, {
    deadlineMs: config.GRPC_DEADLINE_MS,
    serviceName: 'depot.builds.v1.BuildsService',
    // (a reservation is not retried: a lost answer would leave one behind until its lease ends)
    retryMethods: ['ReleaseVersionDeletion'],
  });
  const catalog = new Catalog(runtime.orm, runtime.relay, opts.usage ?? buildsVersionUsage(builds, runtime.logger));
  const archives = new VersionArchives(
    runtime.orm,
    runtime.relay,
    catalog,
    config.SERVICE_MIRROR_URL,
    archivePolicy(config, config.SERVICE_MIRROR_URL),
  );
  const grpcServer = await startGrpcServer({
    address: config.CATALOG_GRPC_LISTEN,
    logger: runtime.logger,
    services: [
      {
        name: CATALOG_SERVICE_NAME,
        definition: CatalogService.service,
        handlers: bindHandlers(
          CatalogService.service,
          {
            ...catalogHandlers(catalog),
            ...managementHandlers(new CatalogManagement(runtime.orm)),
            ...archiveHandlers(archives),
          },
          runtime.logger,
        ),
      },
    ],
  });
  // SERVING, and NOT_SERVING while the database is unreachable (checked every 5 s).
  runtime.watchHealth(grpcServer);
  runtime.logger.info({ port: grpcServer.port }, 'catalog gRPC listening');
  return {
    port: grpcServer.port,
    catalog,
    archives,
    async stop() {
      await grpcServer.shutdown();
      builds.close();
      await runtime.close();
    },
  };
}
