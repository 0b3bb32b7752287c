// Promise-shaped views of the generated gRPC service definitions. A method whose definition says
// `requestStream: true` (the definitions @depot/proto exports mark them: proto/src/streams.ts) is
// client-streamed: its caller passes the messages as an async iterable, its handler reads them as one.
/* eslint-disable @typescript-eslint/no-explicit-any -- variance of MethodDefinition needs any in infer positions */
import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';

export interface CallOptions {
  /**
   * Milliseconds before the call fails with DEADLINE_EXCEEDED (default: the client's); never past
   * the deadline of the call being served (deadline.ts).
   */
  deadlineMs?: number;
  metadata?: grpc.Metadata;
}

/** A client-streamed call's options: how its messages are sent. */
export interface StreamCallOptions extends CallOptions {
  /** Messages written and not yet taken by HTTP/2 before the next is read from the iterable (default 4). */
  inFlight?: number;
  /** Aborting cancels the call; the call fails with the signal's reason. */
  signal?: AbortSignal;
}

/** A client-streamed method sent as messages of another shape, encoded by `serialize`. */
export interface SerializedStreamOptions<M> extends StreamCallOptions {
  serialize: (message: M) => Buffer;
}

/** Client: a client-streamed method, its messages sent from an iterable with backpressure. */
export interface ClientStreamMethod<Req, Res> {
  (messages: AsyncIterable<Req>, options?: StreamCallOptions): Promise<Res>;
  <M>(messages: AsyncIterable<M>, options: SerializedStreamOptions<M>): Promise<Res>;
}

type Streamed = { requestStream: true };

/** Client: every unary method as `(request) => Promise<response>`, client-streamed ones as ClientStreamMethod. */
export type PromiseClient<D> = {
  [K in keyof D as string extends K ? never : K]: D[K] extends MethodDefinition<infer Req, any, any, infer ResOut>
    ? D[K] extends Streamed
      ? ClientStreamMethod<Req, ResOut>
      : (request: Req, options?: CallOptions) => Promise<ResOut>
    : never;
};

/** Server: every unary method as an async function of its request, a client-streamed one of its requests. */
export type AsyncHandlers<D> = {
  [K in keyof D as string extends K ? never : K]: D[K] extends MethodDefinition<any, infer Res, infer ReqOut, any>
    ? D[K] extends Streamed
      ? (requests: AsyncIterable<ReqOut>, call: grpc.ServerReadableStream<ReqOut, Res>) => Promise<Res>
      : (request: ReqOut, call: grpc.ServerUnaryCall<ReqOut, Res>) => Promise<Res>
    : never;
};

/**
 * A message with every field named: the return type of a mapper from a record to a message (`Out`:
 * the message's `__Output` type), so the compiler finds a field the mapper forgot. Optional
 * fields are named too, as undefined when absent; the `_field` oneof markers of proto3 optionals
 * are left out.
 */
export type FullMessage<Out> = { [K in Exclude<keyof Out, `_${string}`>]: Out[K] };
