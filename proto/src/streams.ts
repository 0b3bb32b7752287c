// Which methods of a service are client-streamed, in the types. The generated definitions type
// `requestStream` as a boolean; the generated client knows (a client-streamed method returns a
// ClientWritableStream). Each such method is marked `requestStream: true` here, so that
// @depot/common types its callers and handlers as streams (common/src/grpc/types.ts).
/* eslint-disable @typescript-eslint/no-explicit-any -- any method shape, matched by its return type */
import type * as grpc from '@grpc/grpc-js';

export type WithStreams<D, Client> = {
  [K in keyof D]: K extends keyof Client
    ? Client[K] extends (...args: any[]) => grpc.ClientWritableStream<any>
      ? D[K] & { requestStream: true }
      : D[K]
    : D[K];
};
