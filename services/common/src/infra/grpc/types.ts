// Promise-shaped views of the generated gRPC service definitions.
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

/** Client: every unary method as `(request) => Promise<response>`. */
export type PromiseClient<D> = {
  [K in keyof D as string extends K ? never : K]: D[K] extends MethodDefinition<infer Req, any, any, infer ResOut>
    ? (request: Req, options?: CallOptions) => Promise<ResOut>
    : never;
};

/** Server: every unary method as an async function of its request. */
export type AsyncHandlers<D> = {
  [K in keyof D as string extends K ? never : K]: D[K] extends MethodDefinition<any, infer Res, infer ReqOut, any>
    ? (request: ReqOut, call: grpc.ServerUnaryCall<ReqOut, Res>) => Promise<Res>
    : never;
};

/**
 * A message with every field named: the return type of a mapper from a record to a message (`Out`:
 * the message's `__Output` type), so the compiler finds a field the mapper forgot. Optional
 * fields are named too, as undefined when absent; the `_field` oneof markers of proto3 optionals
 * are left out.
 */
export type FullMessage<Out> = { [K in Exclude<keyof Out, `_${string}`>]: Out[K] };
