// Metrics, traces and the access log of the gateway's HTTP requests, and GET /metrics (Prometheus
// text format). Requests are counted and timed by route pattern (`/api/mod/:slug`, never the URL:
// paths carry slugs and keys) and status. With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), each
// request is a server span continuing an incoming `traceparent`; the handler runs in its context,
// so the gRPC calls it makes carry the trace to the services. The access log writes one line per
// request at `info` (ACCESS_LOG=false turns it off, e.g. for benchmarks), so an operator sees the
// traffic; it names the route pattern and the request's id (headers.ts), never the URL: queries
// carry keys too (`?k=`, `?cid=`), and headers tokens. Registered before CORS and the rate limits:
// the requests they refuse are counted, traced and logged too.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { enableDefaultMetrics, httpMetrics, renderMetrics, tracer, tracingEnabled, type Logger } from '@depot/common';

/** Label of requests that matched no route (one label, whatever the path, to bound cardinality). */
export const UNMATCHED_ROUTE = '(unmatched)';

const spans = new WeakMap<FastifyRequest, Span>();

const routeOf = (req: FastifyRequest) => req.routeOptions?.url ?? UNMATCHED_ROUTE;

export const observability = fp(
  async (app: FastifyInstance, { logger, accessLog: accessLogOn }: { logger: Logger; accessLog: boolean }) => {
    enableDefaultMetrics();
    // Tracing is set up before the app is built (runMain): without it, no per-request hook at all.
    const traced = tracingEnabled();
    if (traced) traceRequests(app);

    // The access line's fields are flat and fixed (request id, method, route pattern, never the URL,
    // status, time): no path of REDACT_PATHS can match them, so the line skips the redaction every
    // other line goes through, which cost a cached read more than any of its hooks
    // (docs/performance.md#where-a-cached-hit-goes).
    const accessLog = logger.child({}, { redact: { paths: [] } });
    // One hook for what every answer leaves behind: its metrics, its span's end, its line.
    app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
      const route = routeOf(req);
      // Fastify's own clock (started when the request arrived): no per-request bookkeeping of ours.
      const elapsed = reply.elapsedTime;
      httpMetrics.record(req.method, route, reply.statusCode, elapsed / 1000);
      const span = traced ? spans.get(req) : undefined;
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      if (accessLogOn) {
        const ms = Math.round(elapsed * 100) / 100;
        accessLog.info({ reqId: req.id, method: req.method, route, status: reply.statusCode, ms }, 'request');
      }
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

  // A client that goes away before the answer: end its span all the same.
  app.addHook('onRequestAbort', (req, done) => {
    const span = spans.get(req);
    if (span) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'request aborted' });
      span.end();
      spans.delete(req);
    }
    done();
  });
}
