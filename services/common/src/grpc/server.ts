// gRPC server with the standard health service, async handlers, error mapping and a graceful
// drain: on shutdown health turns NOT_SERVING, in-flight calls finish, then the port closes.
import * as grpc from '@grpc/grpc-js';
import { context, SpanKind, SpanStatusCode, trace, type TextMapGetter } from '@opentelemetry/api';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from 'pino';
import { DepotError } from '../domain/errors';
import { DEADLINE_STEP_MS, isDeadlineExceeded, withCallDeadline } from '../process/deadline';
import { grpcServerDuration, grpcServerHandled } from '../process/metrics';
import { isConnectionError } from '../runtime/connection-errors';
import { contextFromCarrier, tracer, tracingEnabled } from '../process/tracing';
import { isUnavailable, toServiceError } from './errors';
import type { AsyncHandlers } from './types';
import { widenConnectionWindow, widenStreamWindow } from './flow-control';

/** Reads the W3C trace context (`traceparent`, `tracestate`) from call metadata. */
const metadataGetter: TextMapGetter<grpc.Metadata> = {
  keys: (m) => Object.keys(m.getMap()),
  get: (m, key) => {
    const values = m.get(key);
    return values.length ? values.map(String) : undefined;
  },
};

/** `/depot.catalog.v1.CatalogService/GetMod` → service and method, the labels of metrics and spans. */
function callNames(definition: grpc.ServiceDefinition, method: string): { service: string; method: string } {
  const path = (definition[method] as { path?: string } | undefined)?.path ?? '';
  const m = /^\/([^/]+)\/([^/]+)$/.exec(path);
  return m ? { service: m[1], method: m[2] } : { service: 'unknown', method };
}

export interface GrpcServer {
  readonly server: grpc.Server;
  readonly health: HealthImplementation;
  readonly port: number;
  /** Marks the server (and every added service) SERVING or NOT_SERVING. */
  setServing(serving: boolean): void;
  /** Stops accepting calls, waits up to `graceMs` for in-flight ones, then forces. */
  shutdown(graceMs?: number): Promise<void>;
}

export interface ServiceBinding {
  /** Fully qualified name for health checks, e.g. depot.catalog.v1.CatalogService. */
  name: string;
  definition: grpc.ServiceDefinition;
  handlers: object;
}

/** The call's deadline in epoch milliseconds (Infinity: the caller set none). */
function deadlineOf(call: Pick<grpc.ServerUnaryCall<unknown, unknown>, 'getDeadline'>): number {
  const deadline = call.getDeadline();
  return deadline instanceof Date ? deadline.getTime() : deadline;
}

const DEADLINE_EXCEEDED: Partial<grpc.StatusObject> = {
  code: grpc.status.DEADLINE_EXCEEDED,
  details: 'Deadline exceeded.',
};

/**
 * Wraps async handlers into grpc-js callbacks; unknown errors are logged, never leaked. Each
 * handler runs under its call's deadline (deadline.ts): a call that arrives after it is not
 * started, and the database neither starts nor commits its work after it (db-deadline.ts). A
 * client-streamed method's handler reads its requests as an async iterable, under the same rules.
 * Server-streamed methods are not served (no service has one).
 */
export function bindHandlers<D extends grpc.ServiceDefinition>(
  definition: D,
  handlers: AsyncHandlers<D>,
  logger: Logger,
): grpc.UntypedServiceImplementation {
  const impl: grpc.UntypedServiceImplementation = {};
  for (const method of Object.keys(definition)) {
    const handler = (handlers as Record<string, (req: unknown, call: unknown) => Promise<unknown>>)[method];
    if (!handler) throw new Error(`missing gRPC handler ${method}`);
    if (definition[method].responseStream) throw new Error(`server-streamed gRPC method ${method} is not supported`);
    const names = callNames(definition, method);
    const streamed = definition[method].requestStream;
    impl[method] = (call: ServerCall, callback: grpc.sendUnaryData<unknown>) =>
      serve(names, call, callback, logger, () =>
        handler(streamed ? call : (call as grpc.ServerUnaryCall<unknown, unknown>).request, call),
      );
  }
  return impl;
}

type ServerCall = grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerReadableStream<unknown, unknown>;

/** One call: its span and metrics, its deadline, and its answer (or its error as a status). */
function serve(
  names: { service: string; method: string },
  call: ServerCall,
  callback: grpc.sendUnaryData<unknown>,
  logger: Logger,
  handle: () => Promise<unknown>,
): void {
  const stopTimer = grpcServerDuration.startTimer();
  const parent = tracingEnabled() ? contextFromCarrier(call.metadata, metadataGetter) : undefined;
  const span = parent
    ? tracer().startSpan(
        `${names.service}/${names.method}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'rpc.system': 'grpc', 'rpc.service': names.service, 'rpc.method': names.method },
        },
        parent,
      )
    : undefined;
  const finish = (code: grpc.status) => {
    const labels = { ...names, code: grpc.status[code] ?? String(code) };
    grpcServerHandled.inc(labels);
    stopTimer(labels);
    if (span) {
      span.setAttribute('rpc.grpc.status_code', code);
      if (code !== grpc.status.OK) span.setStatus({ code: SpanStatusCode.ERROR, message: labels.code });
      span.end();
    }
  };
  const deadline = deadlineOf(call);
  const run = () => {
    // Queued behind other work until its caller gave up: nobody waits for the answer.
    if (Date.now() >= deadline) {
      finish(grpc.status.DEADLINE_EXCEEDED);
      callback(DEADLINE_EXCEEDED);
      return;
    }
    withCallDeadline(deadline, handle).then(
      (response) => {
        finish(grpc.status.OK);
        callback(null, response);
      },
      (err: unknown) => {
        const status = toStatus(err, names.method, logger, Date.now() >= deadline - DEADLINE_STEP_MS);
        finish(status.code ?? grpc.status.UNKNOWN);
        callback(status);
      },
    );
  };
  if (parent && span) context.with(trace.setSpan(parent, span), run);
  else run();
}

function toStatus(err: unknown, method: string, logger: Logger, expired: boolean): Partial<grpc.StatusObject> {
  // Refused for being late (db-deadline.ts), or a statement or peer call the deadline cut short:
  // the caller's own timeout, not an outage.
  if (isDeadlineExceeded(err) || (expired && isOutage(err))) {
    logger.info({ method, err: String(err) }, 'deadline passed: work abandoned');
    return DEADLINE_EXCEEDED;
  }
  if (err instanceof DepotError) return toServiceError(err);
  // The database, or a peer service this handler called over gRPC (UNAVAILABLE, DEADLINE_EXCEEDED...),
  // is down or slow: an outage to report as such, not a bug.
  if (isOutage(err)) {
    logger.warn({ method, err: String(err) }, 'dependency unavailable');
    return toServiceError(new DepotError('UNAVAILABLE'));
  }
  logger.error({ method, err }, 'unhandled error in gRPC handler');
  return { code: grpc.status.INTERNAL, details: 'Internal error.' };
}

function isOutage(err: unknown): boolean {
  return (err instanceof DepotError && err.reason === 'UNAVAILABLE') || isConnectionError(err) || isUnavailable(err);
}

export async function startGrpcServer(opts: {
  address: string;
  services: ServiceBinding[];
  logger: Logger;
}): Promise<GrpcServer> {
  const server = new grpc.Server({
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.http2.min_ping_interval_without_data_ms': 5000,
    'grpc.max_connection_age_ms': 5 * 60_000, // lets clients re-resolve DNS and spread over new replicas
    'grpc.max_connection_age_grace_ms': 30_000,
  });
  widenStreamWindow(server);
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  for (const s of opts.services) {
    server.addService(s.definition, s.handlers as grpc.UntypedServiceImplementation);
    health.setStatus(s.name, 'NOT_SERVING');
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(opts.address, grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  widenConnectionWindow(server);
  let stopped: Promise<void> | undefined;
  const setServing = (serving: boolean) => {
    // Once draining, only NOT_SERVING (a health monitor must not turn a stopping server back on).
    const status = serving && !stopped ? 'SERVING' : 'NOT_SERVING';
    health.setStatus('', status);
    for (const s of opts.services) health.setStatus(s.name, status);
  };
  return {
    server,
    health,
    port,
    setServing,
    shutdown(graceMs = 10_000) {
      stopped ??= new Promise<void>((resolve) => {
        setServing(false);
        const force = setTimeout(() => {
          opts.logger.warn('gRPC drain timed out, forcing shutdown');
          server.forceShutdown();
          resolve();
        }, graceMs);
        force.unref();
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      return stopped;
    },
  };
}
