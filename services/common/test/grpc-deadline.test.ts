// The call's deadline in the shared gRPC code, over real sockets: a handler works under the
// deadline its caller set, a call it makes to another service inherits it instead of starting a
// fresh one, and a call that arrives after it is not started at all.
import http2 from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import { CatalogService } from '@depot/proto';
import { callDeadline } from '../src/process/deadline';
import { createClient } from '../src/grpc/client';
import { bindHandlers, startGrpcServer, type GrpcServer } from '../src/grpc/server';
import { silentLogger } from '../src/testing';

const SERVICE = 'depot.catalog.v1.CatalogService';
const mod = (name: string, prettyName: string) => ({
  id: 1,
  name,
  pretty_name: prettyName,
  versions: [],
  created_at: 'x',
  updated_at: 'x',
});

type Handlers = Record<string, (req: never, call: grpc.ServerUnaryCall<unknown, unknown>) => Promise<unknown>>;

async function serve(handlers: Handlers): Promise<GrpcServer> {
  const all: Handlers = Object.fromEntries(
    Object.keys(CatalogService.service).map((m) => [m, async () => Promise.reject(new Error(`unexpected ${m}`))]),
  );
  const server = await startGrpcServer({
    address: '127.0.0.1:0',
    logger: silentLogger(),
    services: [
      {
        name: SERVICE,
        definition: CatalogService.service,
        handlers: bindHandlers(CatalogService.service, { ...all, ...handlers } as never, silentLogger()),
      },
    ],
  });
  server.setServing(true);
  return server;
}

const servers: GrpcServer[] = [];
const clients: { close(): void }[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.shutdown(100);
});

test('a handler works under its caller’s deadline, and passes it on to the services it calls', async () => {
  // The peer answers with the deadline it was given.
  const peer = await serve({
    GetMod: async (req: { slug: string }, call) => mod(req.slug, String(call.getDeadline().valueOf())),
  });
  // Its client's own deadline (5 s) is longer than the caller's.
  const peerClient = createClient(CatalogService, `127.0.0.1:${peer.port}`, { deadlineMs: 5000 });
  const front = await serve({
    GetMod: async (req: { slug: string }) => {
      const inner = await peerClient.GetMod({ slug: req.slug });
      return mod(req.slug, JSON.stringify({ handler: callDeadline(), peer: Number(inner.pretty_name) }));
    },
  });
  const client = createClient(CatalogService, `127.0.0.1:${front.port}`, { deadlineMs: 1000 });
  servers.push(peer, front);
  clients.push(peerClient, client);

  const sent = Date.now();
  const answer = await client.GetMod({ slug: 'jei' });
  const { handler, peer: peerDeadline } = JSON.parse(answer.pretty_name) as { handler: number; peer: number };
  expect(handler).toBeGreaterThan(sent);
  // Counted from when the call reached the server: later than `sent` by the way there.
  expect(handler).toBeLessThanOrEqual(sent + 1000 + 250);
  // gRPC sends a deadline as the time left, which the peer counts from when the call reaches it:
  // the same deadline, give or take the way there (a fresh one would be 5 s after the call).
  expect(Math.abs(peerDeadline - handler)).toBeLessThan(250);
});

test('a call whose deadline has passed when it arrives is answered DEADLINE_EXCEEDED and not started', async () => {
  let started = 0;
  const server = await serve({
    CreateMod: async (req: { name: string }) => {
      started++;
      return mod(req.name, req.name);
    },
  });
  servers.push(server);
  const message = CatalogService.service.CreateMod.requestSerialize({ name: 'late', pretty_name: 'Late' });
  const frame = Buffer.concat([Buffer.from([0]), Buffer.alloc(4), message]);
  frame.writeUInt32BE(message.length, 1);

  // A raw HTTP/2 call, since gRPC clients do not send one that is already late: no time left.
  const session = http2.connect(`http://127.0.0.1:${server.port}`);
  const stream = session.request({
    ':method': 'POST',
    ':path': `/${SERVICE}/CreateMod`,
    'content-type': 'application/grpc',
    te: 'trailers',
    'grpc-timeout': '0m',
  });
  // In the trailers, or in the headers of a trailers-only answer.
  const status = new Promise<string>((resolve) => {
    const read = (h: http2.IncomingHttpHeaders) => h['grpc-status'] !== undefined && resolve(String(h['grpc-status']));
    stream.on('response', read).on('trailers', read);
  });
  stream.end(frame);
  stream.resume();
  expect(await status).toBe(String(grpc.status.DEADLINE_EXCEEDED));
  session.close();
  expect(started).toBe(0);
});
