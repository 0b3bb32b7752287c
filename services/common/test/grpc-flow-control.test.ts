// The gRPC servers' HTTP/2 windows (src/grpc/flow-control.ts), read from a real server by a
// plain HTTP/2 client: the stream window it announces and the connection window it opens. They
// rest on grpc-js internals; a grpc-js that stops honouring them fails here, not silently slower.
import { once } from 'node:events';
import http2 from 'node:http2';
import { CONNECTION_WINDOW_BYTES, STREAM_WINDOW_BYTES } from '../src/grpc/flow-control';
import { startGrpcServer, type GrpcServer } from '../src/grpc/server';
import { silentLogger } from '../src/testing';

let server: GrpcServer;
afterAll(() => server?.shutdown(1_000));

test('a gRPC server announces a 4 MiB stream window and opens an 8 MiB connection window', async () => {
  server = await startGrpcServer({ address: '127.0.0.1:0', logger: silentLogger(), services: [] });
  const session = http2.connect(`http://127.0.0.1:${server.port}`);
  try {
    await once(session, 'remoteSettings');
    expect(session.remoteSettings.initialWindowSize).toBe(STREAM_WINDOW_BYTES);
    // The connection window grows by a WINDOW_UPDATE right after the server's SETTINGS.
    const deadline = Date.now() + 5_000;
    while (session.state.remoteWindowSize !== CONNECTION_WINDOW_BYTES && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(session.state.remoteWindowSize).toBe(CONNECTION_WINDOW_BYTES);
  } finally {
    session.destroy();
  }
});
