// Readiness of the gateway: every service it calls answers its gRPC health check. Kubernetes
// takes a gateway replica out of rotation while this fails; liveness (/healthz) does not depend on it.
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { grpcTarget } from '@depot/common/grpc';
import type { GatewayConfig } from '../../config';

type HealthClient = grpc.Client & {
  Check(
    req: { service: string },
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: { status: string }) => void,
  ): void;
};

const HealthClientCtor = grpc.makeClientConstructor(healthService, 'grpc.health.v1.Health') as unknown as new (
  address: string,
  creds: grpc.ChannelCredentials,
  options?: grpc.ClientOptions,
) => HealthClient;

export function createReadiness(config: GatewayConfig) {
  const targets = {
    catalog: config.CATALOG_GRPC_ADDR,
    builds: config.BUILDS_GRPC_ADDR,
    auth: config.AUTH_GRPC_ADDR,
  };
  const clients = Object.entries(targets).map(
    ([name, address]) =>
      [
        name,
        new HealthClientCtor(grpcTarget(address), grpc.credentials.createInsecure(), {
          // grpc-js backs off up to 120 s by default: a recovered service would stay "unready" that long.
          'grpc.initial_reconnect_backoff_ms': 200,
          'grpc.max_reconnect_backoff_ms': 2000,
        }),
      ] as const,
  );
  const check = (client: HealthClient) =>
    new Promise<boolean>((resolve) =>
      client.Check({ service: '' }, { deadline: Date.now() + 1000 }, (err, res) =>
        resolve(!err && (res?.status === 'SERVING' || (res?.status as unknown) === 1)),
      ),
    );
  return {
    /** Names of the services that do not answer SERVING. */
    async unready(): Promise<string[]> {
      const results = await Promise.all(clients.map(async ([name, client]) => ((await check(client)) ? null : name)));
      return results.filter((n): n is string => n !== null);
    },
    close() {
      for (const [, client] of clients) client.close();
    },
  };
}
