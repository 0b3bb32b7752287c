// gRPC clients: `round_robin` over every address of the peer (the ones DNS returns for a headless
// Service in Kubernetes, or a static list where there is no DNS: address.ts),
// keepalive, a deadline on every call (never later than the deadline of the call being served, which
// a service passes on: deadline.ts), fail-fast calls (a peer that refuses connections is an
// answer, not a wait) and bounded retries of idempotent reads. A client-streamed method takes its
// messages as an async iterable (client-stream.ts), under the same deadline, metrics and spans.
import * as grpc from '@grpc/grpc-js';
import { context, SpanKind, SpanStatusCode, trace, type TextMapSetter } from '@opentelemetry/api';
import { callDeadline } from '../process/deadline';
import { grpcTarget } from './address';
import { grpcClientDuration, grpcClientHandled } from '../process/metrics';
import { injectContext, tracer, tracingEnabled } from '../process/tracing';
import { sendStream } from './client-stream';
import type { CallOptions, PromiseClient, SerializedStreamOptions } from './types';

export { grpcTarget } from './address';

/** Writes the W3C trace context into call metadata. */
const metadataSetter: TextMapSetter<grpc.Metadata> = { set: (m, key, value) => m.set(key, value) };

export interface ClientOptions {
  /** Default deadline of each call in milliseconds. */
  deadlineMs?: number;
  /** Methods safe to retry on UNAVAILABLE (reads). */
  retryMethods?: string[];
  /** Fully qualified service name (for the retry policy), e.g. depot.catalog.v1.CatalogService. */
  serviceName?: string;
  /**
   * Calls wait (within their deadline) for a peer that refuses connections to come back, instead
   * of failing at once; default false. gRPC's default, fail-fast, still waits for a connection
   * attempt in progress (first call, reconnect after a drain) and for a peer that accepts and does
   * not answer (the deadline ends that); it fails UNAVAILABLE as soon as every address of the peer
   * has refused, which the gateway answers as 503 in milliseconds. Waiting instead held every
   * request for the whole deadline (5 s) while /readyz already knew the peer was down, and only
   * bridged a single replica's restart when it took less than the deadline. Replicas (round_robin)
   * are what make a restart invisible: a pick goes to any connected one.
   */
  waitForReady?: boolean;
}

type ServiceCtor = grpc.ServiceClientConstructor;

/** Starts a call's metrics and span (its trace context written into `metadata`); `finish` ends them. */
function observe(service: string, method: string, metadata: grpc.Metadata): (err: grpc.ServiceError | null) => void {
  const stopTimer = grpcClientDuration.startTimer();
  const span = tracingEnabled()
    ? tracer().startSpan(`${service}/${method}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method },
      })
    : undefined;
  if (span) injectContext(trace.setSpan(context.active(), span), metadata, metadataSetter);
  return (err) => {
    const code = err ? (err.code ?? grpc.status.UNKNOWN) : grpc.status.OK;
    const labels = { service, method, code: grpc.status[code] ?? String(code) };
    grpcClientHandled.inc(labels);
    stopTimer(labels);
    if (span) {
      span.setAttribute('rpc.grpc.status_code', code);
      if (err) span.setStatus({ code: SpanStatusCode.ERROR, message: labels.code });
      span.end();
    }
  };
}

export function createClient<D>(
  ctor: {
    new (address: string, creds: grpc.ChannelCredentials, options?: grpc.ClientOptions): grpc.Client;
    service: D;
  },
  address: string,
  options: ClientOptions = {},
): PromiseClient<D> & { close(): void; raw: grpc.Client } {
  const serviceConfig = {
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig: options.retryMethods?.length
      ? [
          {
            name: options.retryMethods.map((method) => ({ service: options.serviceName, method })),
            retryPolicy: {
              maxAttempts: 3,
              initialBackoff: '0.05s',
              maxBackoff: '0.5s',
              backoffMultiplier: 2,
              retryableStatusCodes: ['UNAVAILABLE'],
            },
          },
        ]
      : [],
  };
  const client = new ctor(grpcTarget(address), grpc.credentials.createInsecure(), {
    'grpc.service_config': JSON.stringify(serviceConfig),
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.enable_retries': 1,
    // Calls fail fast while the peer refuses, so the reconnect backoff is how long 503s last once
    // it listens again: at most a second (a refused attempt a second costs nothing).
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 1000,
  });
  const defaultDeadline = options.deadlineMs ?? 5000;
  // grpc-js reads waitForReady from the call's metadata options only (not from the service config).
  const waitForReady = options.waitForReady ?? false;
  const wrapped: Record<string, unknown> = {
    close: () => client.close(),
    raw: client,
  };
  const definition = (ctor as unknown as ServiceCtor).service;
  const retryMethods = new Set(options.retryMethods);
  for (const method of Object.keys(definition)) {
    const [, service = 'unknown', name = method] = /^\/([^/]+)\/([^/]+)$/.exec(definition[method].path ?? '') ?? [];
    const start = (call: CallOptions) => {
      // Inside a handler, the caller's deadline bounds this call: work for it after that is wasted.
      const own = Date.now() + (call.deadlineMs ?? defaultDeadline);
      const deadline = new Date(Math.min(own, callDeadline() ?? Infinity));
      const metadata = call.metadata ?? new grpc.Metadata();
      if (waitForReady) metadata.setOptions({ ...metadata.getOptions(), waitForReady: true });
      return { deadline, metadata, finish: observe(service, name, metadata) };
    };
    if (definition[method].requestStream) {
      wrapped[method] = (messages: AsyncIterable<unknown>, call: Partial<SerializedStreamOptions<unknown>> = {}) => {
        const { deadline, metadata, finish } = start(call);
        return sendStream(client, definition[method], messages, { ...call, deadline, metadata, finish });
      };
      continue;
    }
    const fn = (client as unknown as Record<string, (...args: unknown[]) => grpc.ClientUnaryCall>)[method].bind(client);
    const retryable = retryMethods.has(method);
    wrapped[method] = (request: unknown, call: CallOptions = {}) =>
      new Promise((resolve, reject) => {
        const { deadline, metadata, finish } = start(call);
        const attempt = (again: boolean) =>
          fn(request, metadata, { deadline }, (err: grpc.ServiceError | null, res: unknown) => {
            // grpc-js retries a read only until the replica has begun to answer (the call is then
            // committed); a replica killed after that fails the read UNAVAILABLE. A read is safe to
            // send again: once, to the next replica, while its deadline leaves time.
            if (err?.code === grpc.status.UNAVAILABLE && retryable && !again && deadline.getTime() - Date.now() > 50) {
              attempt(true);
              return;
            }
            finish(err);
            if (err) reject(err);
            else resolve(res);
          });
        attempt(false);
      });
  }
  return wrapped as PromiseClient<D> & { close(): void; raw: grpc.Client };
}
