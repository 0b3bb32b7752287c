// The gateway's HTTP/1.1 server below the routes: how long a client may take (docs/api.md#limits),
// the answers given before a request reaches a route (malformed HTTP, timeouts, URLs the router
// refuses, a missing Host or an unknown Expect), all JSON like every other error.
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../config';
import { answer } from '../errors';
import { ANSWERS, type AnswerName } from '../messages';

/**
 * Fastify's server options for timeouts and Node's pre-route answers.
 *
 * - The whole request, headers and body, must arrive within REQUEST_TIMEOUT_MS (30 s): then 408
 *   and the connection is closed. Node only looks for late requests every
 *   `connectionsCheckingInterval` (30 s by default, which let a 408 come anywhere from 30 to 60 s
 *   after the request began): it looks every tenth of the timeout, at most every second. Headers
 *   get the same time; with Node's 60 s headersTimeout above the request timeout, Node would never
 *   apply the latter to a body that stops arriving.
 * - A keep-alive connection idle for KEEP_ALIVE_TIMEOUT_MS (72 s, Fastify's default) is closed;
 *   Node waits one second more than the `Keep-Alive: timeout=` it announces. Longer than the 60 s
 *   after which the usual proxies in front (ingress-nginx's upstream keep-alive, cloud load
 *   balancers) drop an idle connection themselves: the proxy closes first and never sends a
 *   request on a connection the gateway is closing at that moment (which it answers with 502).
 * - A connection on which nothing moves for 60 s while its request is answered (a client that
 *   stopped reading) is closed.
 * - Node answers an HTTP/1.1 request without Host with a bare 400 of its own; the gateway lets it
 *   through and refuses it with a JSON body (httpChecks). HTTP/1.0 needs no Host.
 */
export function serverOptions(
  config: Pick<GatewayConfig, 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'CORS_ORIGINS'>,
): FastifyHttpOptions<Server> {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: 60_000,
    http: {
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.round(requestTimeout / 10))),
      requireHostHeader: false,
    },
    clientErrorHandler: (err, socket) => clientError(err, socket, config.CORS_ORIGINS),
    // URLs the router refuses before any hook (CORS included) runs: JSON like every other error.
    frameworkErrors: (err, req, reply) => routerError(err, req, reply as FastifyReply, config.CORS_ORIGINS),
  };
}

/**
 * Requests HTTP refuses as a whole: an HTTP/1.1 request without Host (RFC 9112 §3.2, 400, the
 * connection closed, as Node did), an Expect other than 100-continue (417). Registered after CORS
 * (their errors carry it) and before the rate limits.
 */
export const httpChecks = fp(
  async (app: FastifyInstance) => {
    // Node answers an Expect other than 100-continue with a bare 417 unless someone listens: pass
    // such requests to Fastify, which answers them with a JSON 417 (with CORS, counted, traced).
    app.server.on('checkExpectation', (req, res) => app.server.emit('request', req, res));
    app.addHook('onRequest', (req, _reply, done) => {
      if (req.headers.host === undefined && req.raw.httpVersionMajor === 1 && req.raw.httpVersionMinor === 1) {
        return done(answer('missingHost', { connection: 'close' }));
      }
      const expect = req.headers.expect;
      if (expect !== undefined && expect.toLowerCase() !== '100-continue') return done(answer('expectationFailed'));
      done();
    });
  },
  { name: 'http-checks' },
);

/** Router refusals (frameworkErrors): a segment that is not percent-encoded UTF-8, a too long one. */
const ROUTER_ERRORS: Record<string, AnswerName> = {
  FST_ERR_BAD_URL: 'badUrl',
  FST_ERR_MAX_PARAM_LENGTH: 'uriTooLong',
};

function routerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply, corsOrigins: string): void {
  const { status, message: error } = ANSWERS[ROUTER_ERRORS[err.code] ?? 'internal'];
  if (status === 500) req.log.error({ err }, 'router error');
  const origin = allowedOrigin(corsOrigins, req.headers.origin);
  if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  // No hook has run (headers.ts's included): the header is set here.
  void reply.status(status).header('x-content-type-options', 'nosniff').send({ error });
}

/** The Access-Control-Allow-Origin for a request from `origin`, as @fastify/cors would answer. */
function allowedOrigin(corsOrigins: string, origin: string | undefined): string | undefined {
  const origins = corsOrigins.trim();
  if (origins === '*') return '*';
  return origin && origins.split(',').some((o) => o.trim() === origin) ? origin : undefined;
}

/**
 * Connection-level failures Node reports before there is a request (malformed HTTP, headers over
 * the limit, the request timeout): Fastify's answers, with a one-key JSON body, then the socket closes.
 */
function clientError(err: Error & { code?: string }, socket: Socket, corsOrigins: string): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message: error } =
    ANSWERS[
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? 'headersTooLarge'
          : 'badRequest'
    ];
  const body = JSON.stringify({ error });
  const cors = allowedOrigin(corsOrigins, undefined) ? 'Access-Control-Allow-Origin: *\r\n' : '';
  // Not after a response has begun (a request timing out while its early answer is being sent).
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n${cors}` +
        `Connection: close\r\n\r\n${body}`,
    );
    // The request being read (if any) was answered here, not by Fastify: its access-log line says so.
    if (inFlight) {
      inFlight.statusCode = status;
      answeredHere.add(inFlight);
    }
  }
  socket.destroy(err);
}

/** Responses whose request clientError answered itself (written to the socket, not through them). */
const answeredHere = new WeakSet<ServerResponse>();

/** Whether clientError answered `res`'s request (a request timeout mid-body): its status is then `res.statusCode`. */
export const answeredEarly = (res: ServerResponse): boolean => answeredHere.has(res);

/**
 * Takes a request out of Node's REQUEST_TIMEOUT_MS check, for a route that bounds its body itself
 * (the archive upload: by inactivity and its own limit, api/archives/upload-call.ts). Node checks
 * the requests it lists (each connection's HTTP parser) and has no per-request option; the parser's
 * `remove()` (what Node itself calls when it frees one) takes it off that list; Node lists it again
 * when the next request on the connection begins, which gets REQUEST_TIMEOUT_MS as usual.
 * Should a Node version lack it, the upload falls back to REQUEST_TIMEOUT_MS (archive-upload e2e
 * test: a trickling upload then fails).
 */
export function exemptFromRequestTimeout(socket: Socket | null): void {
  const parser = (socket as (Socket & { parser?: { remove?: () => void } }) | null)?.parser;
  parser?.remove?.();
}
