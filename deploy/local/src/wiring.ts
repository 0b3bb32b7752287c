// What the processes of the stack are given: a database per back-end service (created when
// missing), and ports: one for every replica, one for the /metrics of every back-end replica.
import { createDatabaseIfMissing, redactUrl, serviceDatabaseUrl } from '@depot/common/runtime';
import type { Wiring } from './config';
import { BACKENDS, SERVICE_NAMES, type BackendName, type ServiceName } from './service-names';
import { StartupError } from './health';
import { freePorts, portIsFree } from './ports';

export async function createDatabases(baseUrl: string): Promise<Record<BackendName, string>> {
  const databases = Object.fromEntries(BACKENDS.map((name) => [name, serviceDatabaseUrl(baseUrl, name)])) as Record<
    BackendName,
    string
  >;
  await Promise.all(
    BACKENDS.map(async (name) => {
      try {
        await createDatabaseIfMissing(databases[name]);
      } catch (err) {
        throw new StartupError(
          `Could not create the database ${redactUrl(databases[name])}: ${(err as Error).message}`,
        );
      }
    }),
  );
  return databases;
}

/**
 * A port for every replica (the first gateway on GATEWAY_PORT unless it is 0) and a /metrics port
 * for every back-end replica, all distinct.
 */
export async function choosePorts(
  gatewayPort: number,
  replicas: Record<ServiceName, number>,
): Promise<Pick<Wiring, 'ports' | 'metricsPorts'>> {
  if (gatewayPort !== 0 && !(await portIsFree(gatewayPort))) {
    throw new StartupError(
      `Port ${gatewayPort} is already in use: set GATEWAY_PORT to another port (0 picks a free one)`,
    );
  }
  const wanted = SERVICE_NAMES.map((name) => replicas[name] - (name === 'gateway' && gatewayPort !== 0 ? 1 : 0));
  const metricsWanted = BACKENDS.map((name) => replicas[name]);
  const free = await freePorts([...wanted, ...metricsWanted].reduce((a, b) => a + b, 0));
  const take = (n: number) => free.splice(0, n);
  const ports = Object.fromEntries(
    SERVICE_NAMES.map((name, i) => [
      name,
      name === 'gateway' && gatewayPort !== 0 ? [gatewayPort, ...take(wanted[i])] : take(wanted[i]),
    ]),
  ) as Record<ServiceName, number[]>;
  const metricsPorts = Object.fromEntries(BACKENDS.map((name, i) => [name, take(metricsWanted[i])])) as Record<
    BackendName,
    number[]
  >;
  return { ports, metricsPorts };
}
