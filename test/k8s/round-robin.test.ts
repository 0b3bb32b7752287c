// gRPC client balancing as it happens behind a headless Service in Kubernetes: the name resolves
// to every ready pod, and Depot's clients (createClient: round_robin over dns:///host:port, with
// deadlines and bounded retries) spread their calls over all of them instead of pinning the one
// a long-lived HTTP/2 connection would otherwise stick to.
//
// Two replicas of a real Depot gRPC server (startGrpcServer with the CatalogService definition,
// as catalog runs it) listen on the same port of two loopback addresses, 127.0.0.1 and
// 127.0.0.2 (or ::1 where 127.0.0.2 is not configured, as on macOS), like two pods with the same
// containerPort. The system resolver cannot be told that a name has two addresses here (/etc/hosts
// maps localhost to 127.0.0.1 only), so the lookup grpc-js's DNS resolver makes
// (dns.promises.lookup, i.e. getaddrinfo) answers for one made-up Service name with the current
// "endpoints", as cluster DNS does for a headless Service; every other name resolves normally.
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { createLogger } from '@depot/common/process';
import { createClient, grpcTarget, startGrpcServer, type GrpcServer } from '@depot/common/grpc';
import { CatalogService } from '@depot/proto';

const SERVICE_NAME = 'depot.catalog.v1.CatalogService';
const HEADLESS = 'catalog.depot.svc.cluster.local';
const logger = createLogger('round-robin-test', 'silent');

/** The addresses the headless Service name currently resolves to (its ready endpoints). */
let endpoints: string[] = [];
const realLookup = dns.promises.lookup.bind(dns.promises);
let lookups = 0;

beforeAll(() => {
  jest.spyOn(dns.promises, 'lookup').mockImplementation(((hostname: string, options?: unknown) => {
    if (hostname !== HEADLESS) return realLookup(hostname, options as dns.LookupAllOptions);
    lookups++;
    const all: LookupAddress[] = endpoints.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
    if (!all.length)
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve((options as dns.LookupOptions | undefined)?.all ? all : all[0]);
  }) as typeof dns.promises.lookup);
});

afterAll(() => {
  jest.restoreAllMocks();
});

interface Replica {
  name: string;
  address: string;
  server: GrpcServer;
  calls: number;
}

/** One "pod": the catalog service definition with a GetMod that says which replica answered. */
async function startReplica(name: string, host: string, port: number): Promise<Replica> {
  const replica: Replica = { name, address: host, calls: 0, server: undefined as unknown as GrpcServer };
  replica.server = await startGrpcServer({
    address: hostPort(host, port),
    logger,
    services: [
      {
        name: SERVICE_NAME,
        definition: CatalogService.service,
        // Only GetMod is implemented; grpc-js answers UNIMPLEMENTED for the other methods.
        handlers: {
          GetMod: (_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
            replica.calls++;
            callback(null, { id: 1, name, pretty_name: `served by ${name}` });
          },
        },
      },
    ],
  });
  replica.server.setServing(true);
  return replica;
}

// grpc.health.v1.Health/Check as the kubelet's native gRPC probe calls it, with its two one-field
// messages encoded by hand: HealthCheckRequest { string service = 1 } and
// HealthCheckResponse { ServingStatus status = 1 }.
const STATUS = ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'];

function probe(address: string, service: string): Promise<string> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const request = Buffer.from(service, 'utf8');
  return new Promise<string>((resolve, reject) => {
    client.makeUnaryRequest(
      '/grpc.health.v1.Health/Check',
      (s: Buffer) => (s.length ? Buffer.concat([Buffer.from([0x0a, s.length]), s]) : Buffer.alloc(0)),
      (b: Buffer) => (b.length >= 2 && b[0] === 0x08 ? b[1] : 0),
      request,
      new grpc.Metadata(),
      { deadline: new Date(Date.now() + 2000) },
      (err, status) => (err ? reject(err) : resolve(STATUS[status ?? 0])),
    );
  }).finally(() => client.close());
}

const hostPort = (host: string, port: number) => (net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`);

/** A second loopback address, and a port free on both. */
async function twoLoopbacks(): Promise<{ second: string; port: number }> {
  for (const second of ['127.0.0.2', '::1']) {
    const port = await freePort(second).catch(() => undefined);
    if (port !== undefined) return { second, port };
  }
  throw new Error('neither 127.0.0.2 nor ::1 can be bound here: the test needs two loopback addresses');
}

async function freePort(second: string): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = net.createServer().once('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, second, () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no port free on both 127.0.0.1 and ${second}`);
}

// The same client the services and the gateway build from CATALOG_GRPC_ADDR=catalog:50051.
const catalogClient = (address: string) =>
  createClient(CatalogService, address, { deadlineMs: 2000, serviceName: SERVICE_NAME, retryMethods: ['GetMod'] });

describe('gRPC clients balance round_robin over every address of a headless Service', () => {
  let port: number;
  let a: Replica;
  let b: Replica;
  let client: ReturnType<typeof catalogClient>;

  beforeAll(async () => {
    const loopbacks = await twoLoopbacks();
    port = loopbacks.port;
    a = await startReplica('replica-a', '127.0.0.1', port);
    b = await startReplica('replica-b', loopbacks.second, port);
    endpoints = [a.address, b.address];
    client = catalogClient(`${HEADLESS}:${port}`);
  });

  afterAll(async () => {
    client?.close();
    await Promise.all([a?.server.shutdown(1000), b?.server.shutdown(1000)]);
  });

  it('targets the name through the DNS resolver', () => {
    expect(grpcTarget('catalog:50051')).toBe('dns:///catalog:50051');
    expect(grpcTarget(`${HEADLESS}:${port}`)).toBe(`dns:///${HEADLESS}:${port}`);
  });

  it('both replicas answer the kubelet gRPC probe (overall and per service)', async () => {
    for (const r of [a, b]) {
      await expect(probe(hostPort(r.address, port), '')).resolves.toBe('SERVING');
      await expect(probe(hostPort(r.address, port), SERVICE_NAME)).resolves.toBe('SERVING');
    }
  });

  it('spreads calls over both replicas of one channel', async () => {
    // Until both subchannels are connected the policy may only have one to pick from.
    const seen = new Set<string>();
    for (let i = 0; i < 200 && seen.size < 2; i++) seen.add((await client.GetMod({ slug: 'jei' })).name ?? '');
    expect([...seen].sort()).toEqual(['replica-a', 'replica-b']);
    expect(lookups).toBeGreaterThan(0);

    // Both ready: round_robin alternates.
    a.calls = 0;
    b.calls = 0;
    const names: string[] = [];
    for (let i = 0; i < 40; i++) names.push((await client.GetMod({ slug: 'jei' })).name ?? '');
    expect(a.calls + b.calls).toBe(40);
    expect(a.calls).toBeGreaterThanOrEqual(18);
    expect(b.calls).toBeGreaterThanOrEqual(18);
    // Concurrent calls spread as well (no pinning of a burst to one connection).
    a.calls = 0;
    b.calls = 0;
    await Promise.all(Array.from({ length: 40 }, () => client.GetMod({ slug: 'jei' })));
    expect(a.calls).toBeGreaterThanOrEqual(15);
    expect(b.calls).toBeGreaterThanOrEqual(15);
  });

  it('a replica that drains (rolling update, scale-down) costs no failed call', async () => {
    // Kubernetes first drops the terminating pod from the Service's endpoints (the preStop sleep
    // covers the propagation), then SIGTERM makes it turn NOT_SERVING and finish in-flight calls.
    endpoints = [a.address];
    let stop = false;
    const failures: string[] = [];
    const answeredBy: string[] = [];
    const load = (async () => {
      while (!stop) {
        await Promise.all(
          Array.from({ length: 5 }, () =>
            client.GetMod({ slug: 'jei' }).then(
              (mod) => answeredBy.push(mod.name ?? ''),
              (err: grpc.ServiceError) => failures.push(`${err.code} ${err.details}`),
            ),
          ),
        );
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    const beforeDrain = new Set(answeredBy);
    const draining = b.server.shutdown(5000);
    await expect(probe(hostPort(b.address, port), SERVICE_NAME).catch(() => 'GONE')).resolves.toMatch(
      /NOT_SERVING|GONE/,
    );
    await draining;
    const afterDrain = answeredBy.length;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await load;

    expect(failures).toEqual([]);
    expect(beforeDrain).toEqual(new Set(['replica-a', 'replica-b']));
    const late = answeredBy.slice(afterDrain);
    expect(late.length).toBeGreaterThan(0);
    expect(new Set(late)).toEqual(new Set(['replica-a']));
  });
});
