// A real catalog and a real builds service on their own test databases and events namespace.
// Catalog asks this builds service how many builds use a version, as in production.
import { type DepotError } from '@depot/common';
import { createClient, fromServiceError } from '@depot/common/grpc';
import { createTestDatabase, createTestNamespace, silentLogger, TEST_NATS_URL } from '@depot/common/testing';
import { BuildsService, CatalogService, type buildsV1 } from '@depot/proto';
import { startCatalog } from '../../catalog/src/app';
import { catalogConfigSchema } from '../../catalog/src/config';
import { buildsVersionUsage } from '../../catalog/src/version-usage';
import { startBuilds, type BuildsApp } from '../src/app';
import { buildsConfigSchema } from '../src/config';

export const ANONYMOUS: buildsV1.Access = { all: false, modpack_ids: [] };
export const ALL: buildsV1.Access = { all: true, modpack_ids: [] };
export const only = (...modpackIds: number[]): buildsV1.Access => ({ all: false, modpack_ids: modpackIds });

type BuildsClient = ReturnType<typeof createClient<typeof BuildsService.service>>;
type CatalogClient = ReturnType<typeof createClient<typeof CatalogService.service>>;

export interface Stack {
  catalog: CatalogClient;
  /** Replaced by startBuilds() after a restart. */
  builds: BuildsClient;
  namespace: string;
  /** When set, catalog sees this usage count (and reserves nothing) instead of asking builds. */
  usageOverride?: number;
  startBuilds(onQuery?: (sql: string) => void): Promise<void>;
  stopBuilds(): Promise<void>;
  close(): Promise<void>;
}

export async function startStack(prefix: string, onQuery?: (sql: string) => void): Promise<Stack> {
  const catalogDb = await createTestDatabase(`${prefix}_cat`);
  const buildsDb = await createTestDatabase(`${prefix}_bld`);
  const ns = createTestNamespace(prefix);
  const catalogApp = await startCatalog(
    catalogConfigSchema.parse({
      DATABASE_URL: catalogDb.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      CATALOG_GRPC_LISTEN: '127.0.0.1:0',
    }),
    {
      logger: silentLogger(),
      usage: {
        buildsUsing: (id) => buildsVersionUsage(stack.builds, silentLogger()).buildsUsing(id),
        reserveDeletion: async (id) =>
          stack.usageOverride === undefined
            ? buildsVersionUsage(stack.builds, silentLogger()).reserveDeletion(id)
            : { count: stack.usageOverride, holds: () => true, release: async () => undefined },
      },
    },
  );
  let buildsApp: BuildsApp | undefined;

  const stack: Stack = {
    catalog: createClient(CatalogService, `127.0.0.1:${catalogApp.port}`),
    builds: undefined as unknown as BuildsClient,
    namespace: ns.namespace,
    async startBuilds(queryHook) {
      buildsApp = await startBuilds(
        buildsConfigSchema.parse({
          DATABASE_URL: buildsDb.url,
          NATS_URL: TEST_NATS_URL,
          EVENTS_NAMESPACE: ns.namespace,
          BUILDS_GRPC_LISTEN: '127.0.0.1:0',
          CATALOG_GRPC_ADDR: `127.0.0.1:${catalogApp.port}`,
        }),
        { logger: silentLogger(), onQuery: queryHook },
      );
      stack.builds = createClient(BuildsService, `127.0.0.1:${buildsApp.port}`);
    },
    async stopBuilds() {
      stack.builds?.close();
      await buildsApp?.stop();
      buildsApp = undefined;
    },
    async close() {
      await stack.stopBuilds();
      stack.catalog.close();
      await catalogApp.stop();
      await ns.drop();
      await catalogDb.drop();
      await buildsDb.drop();
    },
  };
  await stack.startBuilds(onQuery);
  return stack;
}

/** The DepotError a call failed with (the test fails when it succeeds or fails otherwise). */
export async function failure(p: Promise<unknown>): Promise<DepotError> {
  try {
    await p;
  } catch (err) {
    const depot = fromServiceError(err);
    if (!depot) throw err;
    return depot;
  }
  throw new Error('expected the call to fail');
}

/** A mod with the given versions in catalog; returns the version ids by version string. */
export async function createMod(catalog: CatalogClient, slug: string, versions: string[]) {
  const mod = await catalog.CreateMod({ name: slug, pretty_name: slug.toUpperCase() });
  const ids: Record<string, number> = {};
  for (const version of versions) {
    ids[version] = (await catalog.CreateVersion({ slug, version, md5: 'a'.repeat(32) })).id;
  }
  return { modId: mod.id, versionIds: ids };
}
