// The shared gRPC client over a static list of replicas (`127.0.0.1:p1,127.0.0.1:p2`, as the local
// stack wires them where there is no DNS): round_robin spreads the calls over every replica, and a
// replica that dies costs no read (retried on the other) and no write that was not yet sent; a
// write in flight on the dead replica fails UNAVAILABLE (it may have happened: never sent twice).
// Each replica sits behind a TCP relay whose `crash()` resets every connection and stops listening,
// which is what a SIGKILLed server looks like from the client (e2e/replicas.test.ts does it for real).
// A replica killed after it began to answer a read costs no read either (the client sends it again).
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { CatalogService } from '@depot/proto';
import { createClient } from '../src/grpc/client';
import { bindHandlers, startGrpcServer, type GrpcServer } from '../src/grpc/server';
import { silentLogger } from '../src/testing';

const SERVICE = 'depot.catalog.v1.CatalogService';
const DEADLINE_MS = 2000;
/** How long a call takes to be handled: long enough for calls to be in flight at a crash. */
const HANDLING_MS = 30;
/** From the crash until the client has seen the connection go (a new pick avoids it). */
const NOTICE_MS = 50;

interface Replica {
  name: string;
  server: GrpcServer;
  relay: Relay;
  calls: number;
}

interface Relay {
  port: number;
  crash(): void;
}

/** A TCP relay to `target`: the address the client knows the replica by. */
async function relayTo(target: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const listener = net.createServer((inbound) => {
    const outbound = net.connect(target, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return {
    port: (listener.address() as net.AddressInfo).port,
    crash() {
      listener.close();
      for (const s of sockets) s.resetAndDestroy();
    },
  };
}

async function startReplica(name: string): Promise<Replica> {
  const replica = { name, calls: 0 } as Replica;
  const answer = async (slug: string) => {
    replica.calls++;
    await new Promise((resolve) => setTimeout(resolve, HANDLING_MS));
    return { id: 1, name: slug, pretty_name: name, versions: [], created_at: 'x', updated_at: 'x' };
  };
  const handlers: Record<string, (req: never) => Promise<unknown>> = Object.fromEntries(
    Object.keys(CatalogService.service).map((m) => [m, async () => Promise.reject(new Error(`unexpected ${m}`))]),
  );
  handlers.GetMod = (req: { slug: string }) => answer(req.slug);
  handlers.CreateMod = (req: { name: string }) => answer(req.name);
  replica.server = await startGrpcServer({
    address: '127.0.0.1:0',
    logger: silentLogger(),
    services: [
      {
        name: SERVICE,
        definition: CatalogService.service,
        handlers: bindHandlers(CatalogService.service, handlers as never, silentLogger()),
      },
    ],
  });
  replica.server.setServing(true);
  replica.relay = await relayTo(replica.server.port);
  return replica;
}

/** The options the gateway gives its catalog client: GetMod a retried read, CreateMod a write. */
const clientOf = (address: string) =>
  createClient(CatalogService, address, { deadlineMs: DEADLINE_MS, serviceName: SERVICE, retryMethods: ['GetMod'] });

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Outcome {
  kind: 'read' | 'write';
  startedAt: number;
  ms: number;
  code: number;
}

describe('round_robin over a static list of two replicas', () => {
  let a: Replica;
  let b: Replica;
  let client: ReturnType<typeof clientOf>;

  beforeAll(async () => {
    [a, b] = await Promise.all([startReplica('replica-a'), startReplica('replica-b')]);
    client = clientOf(`127.0.0.1:${a.relay.port},127.0.0.1:${b.relay.port}`);
  });
  afterAll(async () => {
    client?.close();
    await Promise.all([a?.server.shutdown(500), b?.server.shutdown(500)]);
  });

  it('spreads the calls over both', async () => {
    // Until both connections are up the policy may only have one to pick.
    for (let i = 0; i < 100 && (a.calls === 0 || b.calls === 0); i++) await client.GetMod({ slug: 'warm' });
    a.calls = b.calls = 0;
    await Promise.all(Array.from({ length: 40 }, (_, i) => client.GetMod({ slug: `m${i}` })));
    for (let i = 0; i < 20; i++) await client.CreateMod({ name: `w${i}`, pretty_name: 'W' });
    expect(a.calls + b.calls).toBe(60);
    expect(Math.min(a.calls, b.calls)).toBeGreaterThanOrEqual(25);
  });

  it('one dies under load: no read fails, no write fails unless it was in flight there, no call waits', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const kind = (n + i) % 2 ? 'read' : 'write';
        const startedAt = performance.now();
        const code = await (
          kind === 'read'
            ? client.GetMod({ slug: `r${n}-${i}` })
            : client.CreateMod({ name: `w${n}-${i}`, pretty_name: 'W' })
        ).then(
          () => grpc.status.OK,
          (err: grpc.ServiceError) => err.code,
        );
        outcomes.push({ kind, startedAt, ms: performance.now() - startedAt, code });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const servedByB = b.calls;
    const crashedAt = performance.now();
    b.relay.crash();
    await new Promise((resolve) => setTimeout(resolve, 600));
    running = false;
    await load;

    const failed = outcomes.filter((o) => o.code !== grpc.status.OK);
    const after = outcomes.filter((o) => o.startedAt >= crashedAt + NOTICE_MS);
    console.info(
      `${outcomes.length} calls, ${after.length} after the crash; failed: ` +
        `${failed.map((o) => `${o.kind} ${grpc.status[o.code]}`).join(', ') || 'none'}; ` +
        `longest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(0)} ms`,
    );
    expect(servedByB).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(20);
    // Reads in flight on the dead replica were retried on the other one.
    expect(failed.filter((o) => o.kind === 'read')).toEqual([]);
    // A failed write was on its way to the dead replica (it may have happened there), nothing else.
    for (const o of failed) {
      expect({ code: grpc.status[o.code], beforeTheCrash: o.startedAt < crashedAt + NOTICE_MS }).toEqual({
        code: 'UNAVAILABLE',
        beforeTheCrash: true,
      });
    }
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(DEADLINE_MS / 2);
  });
});

describe('a replica of the list that refuses connections', () => {
  it('gets no call: every write goes to the other one and succeeds', async () => {
    const live = await startReplica('live');
    const client = clientOf(`127.0.0.1:${await closedPort()},127.0.0.1:${live.relay.port}`);
    try {
      const codes = [];
      for (let i = 0; i < 20; i++) {
        codes.push(
          await client.CreateMod({ name: `w${i}`, pretty_name: 'W' }).then(
            () => 'OK',
            (err: grpc.ServiceError) => grpc.status[err.code],
          ),
        );
      }
      expect(codes).toEqual(Array(20).fill('OK'));
      expect(live.calls).toBe(20);
    } finally {
      client.close();
      await live.server.shutdown(500);
    }
  });
});

describe('a replica that dies after it began to answer a read', () => {
  it('the read is sent again to the other replica and answered', async () => {
    // grpc-js's retry policy stops at the answer's first bytes (its headers): the call is
    // committed. A replica killed between those and the answer fails the read UNAVAILABLE.
    let begun = 0;
    const dying = new grpc.Server();
    dying.addService(CatalogService.service, {
      GetMod: (call: grpc.ServerUnaryCall<unknown, unknown>) => {
        begun++;
        call.sendMetadata(new grpc.Metadata());
      },
    } as grpc.UntypedServiceImplementation);
    const port = await new Promise<number>((resolve, reject) =>
      dying.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    const relay = await relayTo(port);
    const live = await startReplica('live');
    const client = clientOf(`127.0.0.1:${relay.port},127.0.0.1:${live.relay.port}`);
    try {
      // Both connections up first (a read picked by the dying replica waits for its short deadline).
      await Promise.all([0, 1].map(() => client.GetMod({ slug: 'warm' }, { deadlineMs: 200 }).catch(() => undefined)));
      const reads = Array.from({ length: 6 }, (_, i) =>
        client.GetMod({ slug: `r${i}` }).then(
          () => 'OK',
          (err: grpc.ServiceError) => grpc.status[err.code],
        ),
      );
      for (let i = 0; i < 100 && begun < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      relay.crash();
      expect(begun).toBeGreaterThanOrEqual(2);
      expect(await Promise.all(reads)).toEqual(Array(6).fill('OK'));
    } finally {
      client.close();
      dying.forceShutdown();
      await live.server.shutdown(500);
    }
  });
});
