// The shared gRPC client against real sockets: a peer that refuses connections is an answer
// (UNAVAILABLE in milliseconds, which the gateway turns into 503), a peer that accepts and never
// answers takes the deadline (DEADLINE_EXCEEDED, also 503), and a peer that comes back on its port
// is served again without a new client.
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { CatalogService } from '@depot/proto';
import { createClient } from '../src/grpc/client';
import { isUnavailable } from '../src/grpc/errors';
import { bindHandlers, startGrpcServer, type GrpcServer } from '../src/grpc/server';
import { silentLogger } from '../src/testing';

const SERVICE = 'depot.catalog.v1.CatalogService';
const DEADLINE_MS = 2000;
/** "Well under a second", with room for a busy machine. */
const REFUSAL_BOUND_MS = 500;

/** The options the gateway gives its clients: GetMod is a retried read, CreateMod a write. */
const catalogClient = (port: number) =>
  createClient(CatalogService, `127.0.0.1:${port}`, {
    deadlineMs: DEADLINE_MS,
    serviceName: SERVICE,
    retryMethods: ['GetMod'],
  });

type Client = ReturnType<typeof catalogClient>;

/** A port nothing listens on (the kernel refuses connections to it). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A catalog that answers GetMod and CreateMod. */
async function startCatalog(port: number): Promise<GrpcServer> {
  const handlers: Record<string, (req: never) => Promise<unknown>> = Object.fromEntries(
    Object.keys(CatalogService.service).map((m) => [m, async () => Promise.reject(new Error(`unexpected ${m}`))]),
  );
  const mod = (name: string) => ({ id: 1, name, pretty_name: name, versions: [], created_at: 'x', updated_at: 'x' });
  handlers.GetMod = async (req: { slug: string }) => mod(req.slug);
  handlers.CreateMod = async (req: { name: string }) => mod(req.name);
  const server = await startGrpcServer({
    address: `127.0.0.1:${port}`,
    logger: silentLogger(),
    services: [
      {
        name: SERVICE,
        definition: CatalogService.service,
        handlers: bindHandlers(CatalogService.service, handlers as never, silentLogger()),
      },
    ],
  });
  server.setServing(true);
  return server;
}

/** A call's outcome and how long it took. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; code?: number; ok: boolean; err?: unknown }> {
  const started = performance.now();
  try {
    await call();
    return { ms: performance.now() - started, ok: true };
  } catch (err) {
    return { ms: performance.now() - started, ok: false, code: (err as grpc.ServiceError).code, err };
  }
}

const calls = (client: Client) => ({
  'a retried read (GetMod)': () => client.GetMod({ slug: 'jei' }),
  'a write (CreateMod)': () => client.CreateMod({ name: 'jei', pretty_name: 'JEI' }),
});

describe('a peer that refuses connections', () => {
  let client: Client;
  beforeAll(async () => {
    client = catalogClient(await closedPort());
  });
  afterAll(() => client.close());

  it.each(['first', 'second', 'third'])('fails UNAVAILABLE at once, %s call of each kind', async () => {
    for (const [what, call] of Object.entries(calls(client))) {
      const r = await timed(call);
      expect({ what, ok: r.ok, code: r.code, unavailable: isUnavailable(r.err) }).toEqual({
        what,
        ok: false,
        code: grpc.status.UNAVAILABLE,
        unavailable: true,
      });
      expect({ what, fast: r.ms < REFUSAL_BOUND_MS }).toEqual({ what, fast: true });
      console.info(`refused: ${what} failed after ${r.ms.toFixed(0)} ms`);
    }
  });

  it('several calls at once fail at once too', async () => {
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => timed(Object.values(calls(client))[i % 2])));
    expect(results.map((r) => r.code)).toEqual(results.map(() => grpc.status.UNAVAILABLE));
    expect(performance.now() - started).toBeLessThan(REFUSAL_BOUND_MS);
  });
});

describe('a peer that accepts connections and never answers', () => {
  let hanging: net.Server;
  const sockets = new Set<net.Socket>();
  let client: Client;

  beforeAll(async () => {
    // Accepts TCP and reads nothing back: no HTTP/2 settings, no response, ever.
    hanging = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    client = catalogClient((hanging.address() as net.AddressInfo).port);
  });
  afterAll(async () => {
    client.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('takes the deadline, then DEADLINE_EXCEEDED (a 503 at the gateway), for both kinds of call', async () => {
    const results = await Promise.all(
      Object.entries(calls(client)).map(async ([what, call]) => ({ what, ...(await timed(call)) })),
    );
    for (const r of results) {
      expect({ what: r.what, code: r.code, unavailable: isUnavailable(r.err) }).toEqual({
        what: r.what,
        code: grpc.status.DEADLINE_EXCEEDED,
        unavailable: true,
      });
      expect(r.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 20);
      expect(r.ms).toBeLessThan(DEADLINE_MS + 1000);
      console.info(`hanging: ${r.what} failed after ${r.ms.toFixed(0)} ms (deadline ${DEADLINE_MS} ms)`);
    }
    expect(sockets.size).toBeGreaterThan(0);
  });
});

describe('a peer that stops and comes back on its port', () => {
  let port: number;
  let server: GrpcServer | undefined;
  let client: Client;

  beforeAll(async () => {
    port = await closedPort();
    server = await startCatalog(port);
    client = catalogClient(port);
  });
  afterAll(async () => {
    client.close();
    await server?.shutdown(1000);
  });

  it('is served while up, refused fast while down, and served again by the same client once back', async () => {
    await expect(client.GetMod({ slug: 'jei' })).resolves.toMatchObject({ name: 'jei' });
    await expect(client.CreateMod({ name: 'jei', pretty_name: 'JEI' })).resolves.toMatchObject({ name: 'jei' });

    await server!.shutdown(1000);
    server = undefined;
    for (const call of Object.values(calls(client))) {
      const r = await timed(call);
      expect({ code: r.code, fast: r.ms < REFUSAL_BOUND_MS }).toEqual({ code: grpc.status.UNAVAILABLE, fast: true });
    }

    server = await startCatalog(port);
    const back = performance.now();
    // The channel reconnects on its backoff (at most 2 s); every call meanwhile still fails fast.
    let served = false;
    while (!served) {
      const r = await timed(() => client.GetMod({ slug: 'jei' }));
      if (!r.ok)
        expect({ code: r.code, fast: r.ms < REFUSAL_BOUND_MS }).toEqual({ code: grpc.status.UNAVAILABLE, fast: true });
      served = r.ok;
      if (!served) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(performance.now() - back).toBeLessThan(5000);
    }
    await expect(client.CreateMod({ name: 'jei', pretty_name: 'JEI' })).resolves.toMatchObject({ name: 'jei' });
  });
});
