// gRPC clients of the four services, with deadlines and retries of idempotent reads.
import { createClient } from '@depot/common/grpc';
import { AuthService, BuildsService, CatalogService, HooksService } from '@depot/proto';
import type { GatewayConfig } from './config';

export function createServiceClients(config: GatewayConfig) {
  const deadlineMs = config.GRPC_DEADLINE_MS;
  return {
    catalog: createClient(CatalogService, config.CATALOG_GRPC_ADDR, {
      deadlineMs,
      serviceName: 'depot.catalog.v1.CatalogService',
      retryMethods: ['ListMods', 'GetMod', 'GetVersion', 'RenderBuildMods', 'GetModVersions', 'GetVersionsByIds'],
    }),
    builds: createClient(BuildsService, config.BUILDS_GRPC_ADDR, {
      deadlineMs,
      serviceName: 'depot.builds.v1.BuildsService',
      retryMethods: [
        'ListModpackSources',
        'GetModpackSource',
        'GetBuildSource',
        'CheckTarget',
        'GetModpacksBySlugs',
        'GetModpacksByIds',
        'ListManagedModpacks',
        'GetManagedModpack',
        'GetManagedBuild',
        'ListVersionUses',
      ],
    }),
    auth: createClient(AuthService, config.AUTH_GRPC_ADDR, {
      deadlineMs,
      serviceName: 'depot.auth.v1.AuthService',
      retryMethods: [
        'Authenticate',
        'ResolveReadAccess',
        'VerifyKey',
        'ListUsers',
        'GetUser',
        'ListTokens',
        'ListKeys',
        'ListClients',
      ],
    }),
    hooks: createClient(HooksService, config.HOOKS_GRPC_ADDR, {
      deadlineMs,
      serviceName: 'depot.hooks.v1.HooksService',
      retryMethods: ['ListEndpoints', 'GetEndpoint', 'ListDeliveries'],
    }),
  };
}

export type ServiceClients = ReturnType<typeof createServiceClients>;
