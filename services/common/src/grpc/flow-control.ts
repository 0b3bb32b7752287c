// HTTP/2 flow control of the gRPC servers (docs/performance.md#hosted-archives). HTTP/2 lets a
// sender have at most a window of unacknowledged bytes in flight, 64 KiB per stream and per
// connection by default; a client streaming an upload then waits for the server's WINDOW_UPDATE
// every 64 KiB, two event-loop turns of two processes per 64 KiB, which on a busy machine was most
// of an upload's time. The windows are widened here: a few MiB in flight per connection, still
// bounded (the memory a slow reader lets a sender fill). grpc-js 1.14 reads this setting
// (`grpc-node.flow_control_window`) on the client side only; its server takes Node's http2 options
// from `commonServerOptions` and exposes its http2 servers as `http2Servers` (not public API:
// checked at start, and a changed grpc-js fails the flow-control test rather than going slow silently).
import type { Http2Server, ServerHttp2Session } from 'node:http2';
import type * as grpc from '@grpc/grpc-js';

/** Bytes a sender may have in flight on one stream, and on one connection (all its streams). */
export const STREAM_WINDOW_BYTES = 4 * 1024 * 1024;
export const CONNECTION_WINDOW_BYTES = 8 * 1024 * 1024;

interface ServerInternals {
  commonServerOptions?: { settings?: Record<string, unknown> };
  http2Servers?: Map<Http2Server, unknown>;
}

/** Before bindAsync: every stream's window (the SETTINGS the server announces). */
export function widenStreamWindow(server: grpc.Server): void {
  const internals = server as unknown as ServerInternals;
  if (!internals.commonServerOptions) throw new Error('grpc-js changed: no commonServerOptions to set the window on');
  internals.commonServerOptions.settings = {
    ...internals.commonServerOptions.settings,
    initialWindowSize: STREAM_WINDOW_BYTES,
  };
}

/** After bindAsync: each connection's own window, as it opens. */
export function widenConnectionWindow(server: grpc.Server): void {
  const servers = (server as unknown as ServerInternals).http2Servers;
  if (!servers) throw new Error('grpc-js changed: no http2Servers to set the window on');
  for (const http2Server of servers.keys()) {
    http2Server.on('session', (session: ServerHttp2Session) => {
      const widen = () => session.setLocalWindowSize(CONNECTION_WINDOW_BYTES);
      if (session.connecting) session.once('connect', widen);
      else widen();
    });
  }
}
