// A client-streamed call through the shared gRPC code, over real sockets: its handler reads the
// requests as an async iterable under the same rules as a unary handler (the caller's deadline, a
// DepotError as its status, an outage as UNAVAILABLE, anything else INTERNAL, metrics on both
// sides), and its caller sends an iterable with a bounded number of messages in flight.
import * as grpc from '@grpc/grpc-js';
import { CatalogService, type catalogV1 } from '@depot/proto';
import { DepotError } from '../src/domain/errors';
import { callDeadline } from '../src/process/deadline';
import { grpcClientHandled, grpcServerHandled } from '../src/process/metrics';
import { createClient } from '../src/grpc/client';
import { fromServiceError } from '../src/grpc/errors';
import { bindHandlers, startGrpcServer, type GrpcServer } from '../src/grpc/server';
import type { AsyncHandlers } from '../src/grpc/types';
import { silentLogger } from '../src/testing';

type Chunk = catalogV1.UploadArchiveChunk__Output;
const LABELS = { service: 'depot.catalog.v1.CatalogService', method: 'UploadVersionArchive' };

/** What the handler does with the bytes it read (their total, the deadline it ran under). */
let behave: (bytes: number) => Promise<void> = async () => undefined;
let server: GrpcServer;
let client: ReturnType<typeof createClient<typeof CatalogService.service>>;

beforeAll(async () => {
  const refuse = async () => Promise.reject(new Error('unexpected'));
  const all: object = Object.fromEntries(Object.keys(CatalogService.service).map((m) => [m, refuse]));
  const handlers = bindHandlers(
    CatalogService.service,
    {
      ...(all as AsyncHandlers<typeof CatalogService.service>),
      UploadVersionArchive: async (requests: AsyncIterable<Chunk>) => {
        let bytes = 0;
        let slug = '';
        for await (const m of requests) {
          if (m.header) slug = m.header.slug;
          bytes += m.data?.length ?? 0;
        }
        await behave(bytes);
        return { changed: true, stored: true, warnings: [`${slug}:${bytes}:${callDeadline()}`] };
      },
    },
    silentLogger(),
  );
  server = await startGrpcServer({
    address: '127.0.0.1:0',
    logger: silentLogger(),
    services: [{ name: LABELS.service, definition: CatalogService.service, handlers }],
  });
  server.setServing(true);
  client = createClient(CatalogService, `127.0.0.1:${server.port}`, { deadlineMs: 5000 });
});
afterAll(async () => {
  client.close();
  await server.shutdown(100);
});

async function* chunks(count: number, size = 1024): AsyncIterable<catalogV1.UploadArchiveChunk> {
  yield { header: { slug: 'jei', version: '1.0', file_name: 'jei.zip' } };
  for (let i = 0; i < count; i++) yield { data: Buffer.alloc(size, i) };
}

const count = async (counter: typeof grpcServerHandled, code: string) =>
  (await counter.get()).values.find(
    (v) => v.labels.service === LABELS.service && v.labels.method === LABELS.method && v.labels.code === code,
  )?.value ?? 0;

test('the messages reach the handler, which runs under the caller’s deadline; both sides count the call', async () => {
  behave = async () => undefined;
  const [server0, client0] = [await count(grpcServerHandled, 'OK'), await count(grpcClientHandled, 'OK')];
  const sent = Date.now();
  const res = await client.UploadVersionArchive(chunks(40), { deadlineMs: 2000 });
  const [slug, bytes, deadline] = res.warnings[0].split(':');
  expect([slug, Number(bytes)]).toEqual(['jei', 40 * 1024]);
  expect(Number(deadline)).toBeGreaterThan(sent);
  expect(Number(deadline)).toBeLessThanOrEqual(sent + 2000 + 250);
  expect(await count(grpcServerHandled, 'OK')).toBe(server0 + 1);
  expect(await count(grpcClientHandled, 'OK')).toBe(client0 + 1);
});

test('a refusal, an outage and a bug answer as a unary call’s would', async () => {
  behave = async () => Promise.reject(new DepotError('ARCHIVE_OVER_MAX', {}, 'Too large.'));
  const refused = await client.UploadVersionArchive(chunks(2)).catch((e: unknown) => e);
  expect(fromServiceError(refused)).toMatchObject({ reason: 'ARCHIVE_OVER_MAX', message: 'Too large.' });
  expect(await count(grpcServerHandled, grpc.status[(refused as grpc.ServiceError).code])).toBeGreaterThanOrEqual(1);

  behave = async () => Promise.reject(new DepotError('UNAVAILABLE'));
  await expect(client.UploadVersionArchive(chunks(2))).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE });

  behave = async () => Promise.reject(new Error('secret detail'));
  await expect(client.UploadVersionArchive(chunks(2))).rejects.toMatchObject({
    code: grpc.status.INTERNAL,
    details: 'Internal error.',
  });
});

test('a handler still working at the deadline answers DEADLINE_EXCEEDED', async () => {
  behave = () => new Promise((r) => setTimeout(r, 400));
  await expect(client.UploadVersionArchive(chunks(2), { deadlineMs: 150 })).rejects.toMatchObject({
    code: grpc.status.DEADLINE_EXCEEDED,
  });
  expect(await count(grpcClientHandled, 'DEADLINE_EXCEEDED')).toBeGreaterThanOrEqual(1);
});

test('the sender reads no further than `inFlight` messages ahead, and a custom serializer encodes them', async () => {
  behave = async () => undefined;
  let read = 0;
  let maxAhead = 0;
  let written = 0;
  async function* counted(): AsyncIterable<{ n: number }> {
    yield { n: -1 };
    for (let n = 0; n < 200; n++) {
      read++;
      maxAhead = Math.max(maxAhead, read - written);
      yield { n };
    }
  }
  const serialize = CatalogService.service.UploadVersionArchive.requestSerialize;
  const res = await client.UploadVersionArchive(counted(), {
    inFlight: 2,
    serialize: (m: { n: number }) => {
      written++;
      return serialize(m.n < 0 ? { header: { slug: 'own' } } : { data: Buffer.alloc(64 * 1024) });
    },
  });
  expect(res.warnings[0]).toMatch(/^own:13107200:/);
  expect(maxAhead).toBeLessThanOrEqual(3);
});

test('an aborted signal cancels the call, which fails with its reason', async () => {
  behave = async () => undefined;
  const abort = new AbortController();
  async function* slow(): AsyncIterable<catalogV1.UploadArchiveChunk> {
    yield { header: { slug: 'jei' } };
    await new Promise((r) => setTimeout(r, 100));
    abort.abort(new Error('gave up'));
    yield { data: Buffer.alloc(1) };
  }
  await expect(client.UploadVersionArchive(slow(), { signal: abort.signal })).rejects.toThrow('gave up');
  expect(await count(grpcClientHandled, 'CANCELLED')).toBeGreaterThanOrEqual(1);
});
