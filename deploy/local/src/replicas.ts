// Replicas in the local stack: how many processes of each service run (CATALOG_REPLICAS=2...), what
// each is called, and the address its callers are given. Each replica is its own process on its own
// port, as a pod is in Kubernetes; where Kubernetes gives callers one name that DNS resolves to every
// pod (a headless Service), the launcher gives them the list of every replica's address, and the
// same client code balances round_robin over it (services/common/src/grpc/address.ts).
import type { ServiceName } from './service-names';

/** The setting of each service's replica count. */
export const REPLICA_VARIABLES: Record<ServiceName, string> = {
  catalog: 'CATALOG_REPLICAS',
  builds: 'BUILDS_REPLICAS',
  auth: 'AUTH_REPLICAS',
  hooks: 'HOOKS_REPLICAS',
  gateway: 'GATEWAY_REPLICAS',
};

/**
 * More would not fit one machine's PostgreSQL: each replica holds up to DATABASE_POOL_MAX
 * connections (10 by default) of a server that allows 100 unless told otherwise.
 */
export const MAX_REPLICAS = 4;

export function replicaCount(variable: string, value: number | string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS) {
    throw new Error(`${variable} must be a whole number from 1 to ${MAX_REPLICAS}, got "${value}"`);
  }
  return n;
}

/**
 * The name of replica `index` (0-based) in logs, restarts and `Stack.logs`: the service's own name
 * when it runs alone, as before replicas existed; `catalog-1`, `catalog-2`... otherwise.
 */
export function replicaLabel(name: ServiceName, index: number, count: number): string {
  return count === 1 ? name : `${name}-${index + 1}`;
}

/** What callers are given: one address, or the list of every replica's (balanced round_robin). */
export function addressList(ports: readonly number[]): string {
  return ports.map((port) => `127.0.0.1:${port}`).join(',');
}
