// Metrics, traces and the access log of the gateway's HTTP requests, and GET /metrics (Prometheus
// text format). Requests are counted and timed by route pattern (`/api/mod/:slug`, never the URL:
// paths carry slugs and keys) and status. With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), each
// request is a server span continuing an incoming `traceparent`; the handler runs in its context,
// so the gRPC calls it makes carry the trace to the services. The access log writes one line per
// request at `info` (ACCESS_LOG=false turns it off, e.g. for benchmarks), so an operator sees the
// traffic, including the answers that never finished (`"aborted": true`: the client left, or the
// connection was cut); it names the route pattern and the request's id (headers.ts), never the URL: queries
// carry keys too (`?k=`, `?cid=`), and headers tokens. Registered before CORS and the rate limits:
// the requests they refuse are counted, traced and logged too.
import type { ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createAccessLogger,
  enableDefaultMetrics,
  httpMetrics,
  renderMetrics,
  tracer,
  tracingEnabled,
  type Logger,
} from '@depot/common/process';
import { AccessSummary } from './access-summary';
import { answeredEarly } from './http-server';

/** Label of requests that matched no route (one label, whatever the path, to bound cardinality). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The status of a request whose client left before any answer was sent (nginx's convention). */
export const CLIENT_CLOSED = 499;
const ABORTED = { message: 'request aborted' };

const kReply = Symbol('reply');
/** A response with its Fastify reply, for its 'close' listener. */
type Tracked = ServerResponse & { [kReply]?: FastifyReply };

const spans = new WeakMap<FastifyRequest, Span>();

/** The route's declared path (a routed segment's pattern left out, pipeline/route.ts `routerUrl`). */
export const routeOf = (req: FastifyRequest) =>
  req.routeOptions?.config?.route?.url ?? req.routeOptions?.url ?? UNMATCHED_ROUTE;

/** Records an answered request: its metrics and its access line (`elapsed` in ms). */
export type RequestRecorder = (
  method: string,
  route: string,
  status: number,
  elapsed: number,
  reqId: string,
  aborted: boolean,
) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics and access line of a request answered outside Fastify's hooks (cache/replay.ts). */
    recordRequest: RequestRecorder;
  }
}

export interface ObservabilityOptions {
  logger: Logger;
  /** ACCESS_LOG. */
  accessLog: boolean;
  /** ACCESS_LOG_FILE: the access lines there (JSON) instead of with the other lines; '' or unset: with them. */
  accessLogFile?: string;
  /** ACCESS_LOG_SUMMARY_SECONDS, with a file: how often the terminal is told how many lines it got. */
  accessSummarySeconds?: number;
}

export const observability = fp(
  async (app: FastifyInstance, opts: ObservabilityOptions) => {
    const { logger, accessLog: accessLogOn, accessLogFile } = opts;
    enableDefaultMetrics();
    // Tracing is set up before the app is built (runMain): without it, no per-request hook of its own.
    const traced = tracingEnabled();
    if (traced) traceRequests(app);

    // The access line's fields are flat and fixed (request id, method, route pattern, never the URL,
    // status, time): its logger skips the redaction and formatting every other line goes through,
    // which cost a cached read more than any of its hooks (logger.ts, createAccessLogger). In a
    // file of their own (npm start's default) the lines also skip pino-pretty's worker and the
    // launcher's forwarding, which halved a cached read's throughput (docs/performance.md); the
    // terminal gets a summary instead.
    const accessLog = accessLogOn ? createAccessLogger(logger, accessLogFile || undefined) : undefined;
    const summary =
      accessLog && accessLogFile && accessLog.isLevelEnabled('info')
        ? new AccessSummary(logger, accessLogFile, opts.accessSummarySeconds ?? 10)
        : undefined;
    if (summary) {
      summary.start();
      app.addHook('onClose', (_app, done) => {
        summary.stop();
        done();
      });
    }
    /** What every answered request leaves behind, once: its metrics and its line (replay.ts's too). */
    const recorded: RequestRecorder = (method, route, status, elapsed, reqId, aborted) => {
      httpMetrics.record(method, route, status, elapsed / 1000);
      if (accessLog) {
        const ms = Math.round(elapsed * 100) / 100;
        const line = { reqId, method, route, status, ms };
        accessLog.info(aborted ? { ...line, aborted } : line, 'request');
        summary?.count(status);
      }
    };
    app.decorate('recordRequest', recorded);
    /** A Fastify request's: the above, and its span's end. */
    const answered = (req: FastifyRequest, reply: FastifyReply, status: number, aborted: boolean) => {
      const span = traced ? spans.get(req) : undefined;
      if (span) {
        span.setAttribute('http.response.status_code', status);
        if (status >= 500 || aborted) span.setStatus({ code: SpanStatusCode.ERROR, ...(aborted ? ABORTED : {}) });
        span.end();
      }
      // Fastify's own clock (started when the request arrived): no per-request bookkeeping of ours.
      recorded(req.method, routeOf(req), status, reply.elapsedTime, req.id, aborted);
    };
    app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
      answered(req, reply, reply.statusCode, false);
      done();
    });
    // Fastify runs onResponse when the answer is finished, never for one whose connection closed
    // first: the client left (mid-upload, mid-download, while its answer was made) or the
    // connection was cut (a pull-through over its limits, the request timeout). Its response's
    // 'close' comes all the same, finished or not: an unfinished one is answered here, once. Its
    // status is the one sent, if any was; else the one clientError wrote (http-server.ts), else
    // CLIENT_CLOSED. One listener function for every response (its reply on the response): no
    // closure per request on the hot path.
    function onClose(this: Tracked): void {
      if (this.writableFinished) return;
      const reply = this[kReply]!;
      const status = this.headersSent || answeredEarly(this) ? reply.statusCode : CLIENT_CLOSED;
      answered(reply.request, reply, status, true);
    }
    app.addHook('onRequest', (_req: FastifyRequest, reply: FastifyReply, done) => {
      const res = reply.raw as Tracked;
      res[kReply] = reply;
      res.on('close', onClose);
      done();
    });

    app.get('/metrics', { config: { rateLimit: false } }, async (_req, reply) => {
      const { contentType, body } = await renderMetrics();
      return reply.type(contentType).send(body);
    });
  },
  { name: 'observability' },
);

/** Each request a server span, from its first hook on. */
function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    const route = routeOf(req);
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer().startSpan(
      `${req.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'http.route': route, 'url.scheme': req.protocol },
      },
      parent,
    );
    spans.set(req, span);
    const ctx = trace.setSpan(parent, span);
    // Body chunks arrive as events of the raw request: bind them, so that the handler (which runs
    // after the body was read) still sees this request's context.
    context.bind(ctx, req.raw);
    context.bind(ctx, reply.raw);
    context.with(ctx, done);
  });
}
