// The catalog service process: database + outbox relay + gRPC server.
import { mirrorUrlOf, type Logger } from '@depot/common/process';
import { bindHandlers, createClient, startGrpcServer } from '@depot/common/grpc';
import { openRuntime } from '@depot/common/runtime';
import { BuildsService, CatalogService } from '@depot/proto';
import { ArchiveAdoption } from './archives/adopt';
import { FetchedVersions } from './archives/fetched-version';
import { archiveHandlers } from './archives/handlers';
import { ArchiveObjects } from './archives/objects';
import { archivePolicy } from './archives/policy';
import { VersionArchives } from './archives/rehash';
import { ArchiveSources } from './archives/sources';
import { ArchiveUploads } from './archives/upload';
import type { CatalogConfig } from './config';
import { ModSchema } from './entities/mod';
import { ModVersionSchema } from './entities/mod-version';
import { catalogHandlers } from './handlers';
import { CatalogManagement, managementHandlers } from './management';
import { migrations } from './migrations';
import { ArchiveHolds } from './archives/held';
import { ReleaseVersions } from './archives/release';
import { ServerPacks } from './archives/server-pack';
import { ArchiveJars } from './archives/jars';
import { BuildExports } from './archives/export';
import { Catalog } from './mods';
import { buildsVersionUsage, type VersionUsage } from './version-usage';
import { openArchiveStore } from '@depot/common/archive-store';
import { storeDir } from '@depot/common/archive-store';
import type { ArchiveStore } from '@depot/common/archive-store';

export const CATALOG_SERVICE_NAME = 'depot.catalog.v1.CatalogService';

export interface CatalogApp {
  port: number;
  catalog: Catalog;
  archives: VersionArchives;
  /** The store of hosted archives, its uploads, and its sweep (run by the timer, or by a test). */
  store: ArchiveStore;
  uploads: ArchiveUploads;
  objects: ArchiveObjects;
  /** The jars taken out of hosted archives (jars.ts). */
  jars: ArchiveJars;
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
    versions: {
      what: 'mod versions',
      sql: 'select v.id, m.name as label, v.version from mod_versions v join mods m on m.id = v.mod_id where v.id > ? order by v.id limit ?',
    },
  });
  const builds = createClient(BuildsService, config.BUILDS_GRPC_ADDR, {
    deadlineMs: config.GRPC_DEADLINE_MS,
    serviceName: 'depot.builds.v1.BuildsService',
    // (a reservation is not retried: a lost answer would leave one behind until its lease ends)
    retryMethods: ['ReleaseVersionDeletion'],
  });
  const store = openArchiveStore(config);
  const objects = new ArchiveObjects(runtime.orm, store, runtime.logger);
  const usage = opts.usage ?? buildsVersionUsage(builds, runtime.logger);
  const catalog = new Catalog(runtime.orm, runtime.relay, usage, (shas) => objects.release(shas));
  const jars = new ArchiveJars(runtime.orm, objects, config.ARCHIVE_MAX_BYTES, config.ARCHIVE_MAX_ENTRIES);
  // Made at upload; should it fail, an export or the backfill takes them out later.
  const takeOutJars = (sha256: string) =>
    jars.extract(sha256, { judged: true }).then(
      () => undefined,
      (err: unknown) => runtime.logger.warn({ sha256, err: String(err) }, 'jars not taken out of the archive yet'),
    );
  const uploads = new ArchiveUploads(
    runtime.orm,
    runtime.relay,
    objects,
    usage,
    config.ARCHIVE_MAX_BYTES,
    config.ARCHIVE_MAX_ENTRIES,
    takeOutJars,
  );
  const mirrorUrl = mirrorUrlOf(config);
  // SERVICE_MIRROR_URL unset: Depot is its own mirror, whose downloads go to ARCHIVE_UPSTREAM_URL.
  const ownMirror = config.SERVICE_MIRROR_URL ? undefined : { upstream: config.ARCHIVE_UPSTREAM_URL };
  const policy = archivePolicy(config, mirrorUrl, ownMirror?.upstream);
  const sources = new ArchiveSources(mirrorUrl, ownMirror);
  const archives = new VersionArchives(runtime.orm, runtime.relay, catalog, sources, policy, store);
  const fetched = new FetchedVersions(catalog, sources, policy);
  const adoption = new ArchiveAdoption(runtime.orm, uploads, mirrorUrl, policy);
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
            ...archiveHandlers(
              {
                archives,
                fetched,
                adoption,
                uploads,
                holds: new ArchiveHolds(
                  runtime.orm,
                  objects,
                  config.ARCHIVE_MAX_BYTES,
                  config.ARCHIVE_MAX_ENTRIES,
                  takeOutJars,
                ),
                releases: new ReleaseVersions(runtime.orm, runtime.relay),
                serverPacks: new ServerPacks(runtime.orm, objects, config.ARCHIVE_MAX_BYTES),
                jars,
                exports: new BuildExports(runtime.orm, objects, jars, config.ARCHIVE_MAX_BYTES),
              },
              runtime.logger,
            ),
          },
          runtime.logger,
        ),
      },
    ],
  });
  // SERVING, and NOT_SERVING while the database is unreachable (checked every 5 s).
  runtime.watchHealth(grpcServer);
  runtime.logger.info({ port: grpcServer.port }, 'catalog gRPC listening');
  const stopSweeping = objects.startSweeping(config.ARCHIVE_SWEEP_INTERVAL_MS, config.ARCHIVE_SWEEP_GRACE_MS);
  runtime.logger.info(
    {
      store: store.kind,
      ...(store.kind === 'fs' ? { dir: storeDir(config) } : { bucket: config.ARCHIVE_S3_BUCKET }),
    },
    'archive store ready',
  );
  return {
    port: grpcServer.port,
    catalog,
    archives,
    store,
    uploads,
    objects,
    jars,
    async stop() {
      await grpcServer.shutdown();
      await stopSweeping();
      await store.close();
      builds.close();
      await runtime.close();
    },
  };
}
