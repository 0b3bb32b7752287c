// The typed client of Depot's public REST API (docs/api.md), generated from the OpenAPI document
// of the gateway's routes: paths, parameters, bodies and answers are checked by the compiler, so
// a change to a route that breaks its documented contract fails to compile in every user of this
// client (the end-to-end tests, the web console). Built on openapi-fetch.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type DepotClient = Client<paths>;

/** A client of the API at `baseUrl` (the gateway's address, without `/api`); `token`: a bearer token. */
export function depotClient(
  baseUrl: string,
  options: { token?: string } & Omit<ClientOptions, 'baseUrl'> = {},
): DepotClient {
  const { token, headers, ...rest } = options;
  return createClient<paths>({
    baseUrl,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string>) },
    ...rest,
  });
}
