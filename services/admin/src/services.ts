// gRPC clients of the three services (addresses from CATALOG/BUILDS/AUTH_GRPC_ADDR or the local
// stack, see config.ts). Every failed call is tagged with the service it went to, so the CLI can
// say which one is down and which setting to look at.
import { FULL } from '@depot/common';
import { createClient } from '@depot/common/grpc';
import { AuthService, BuildsService, CatalogService } from '@depot/proto';
import type { authV1 } from '@depot/proto';
import { unreachableHint, type GrpcConfig, type ServiceName } from './config';
import { ServiceCallError } from './errors';

function tagged<T extends object>(service: ServiceName, address: string, client: T, config: GrpcConfig): T {
  const hint = unreachableHint(service, config.origins[service]);
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || prop === 'close') return value;
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((err: unknown) => {
          throw new ServiceCallError(service, address, err, hint);
        });
    },
  });
}

export function connectServices(config: GrpcConfig) {
  const options = { deadlineMs: config.GRPC_DEADLINE_MS };
  const catalog = tagged(
    'catalog',
    config.CATALOG_GRPC_ADDR,
    createClient(CatalogService, config.CATALOG_GRPC_ADDR, options),
    config,
  );
  const builds = tagged(
    'builds',
    config.BUILDS_GRPC_ADDR,
    createClient(BuildsService, config.BUILDS_GRPC_ADDR, options),
    config,
  );
  const auth = tagged('auth', config.AUTH_GRPC_ADDR, createClient(AuthService, config.AUTH_GRPC_ADDR, options), config);
  return {
    catalog,
    builds,
    auth,
    close() {
      catalog.close();
      builds.close();
      auth.close();
    },
  };
}

export type Services = ReturnType<typeof connectServices>;

/**
 * The actor of permission-checked calls: the CLI is an operator tool with direct access to the
 * services, so it acts with every right (as the bootstrap admin would), under its own name.
 */
export const CLI_ACTOR: authV1.Principal = {
  user_id: 0,
  username: 'depot-admin-cli',
  permissions: [FULL],
  modpack_ids: [],
  token_id: 0,
};
