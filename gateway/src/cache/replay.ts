// The replay: an anonymous cached read answered before Fastify, by replaying the answer Fastify gave
// the same request a moment ago. It is the gateway's own shared cache, keeping exactly what the
// caching policy (policy.ts) lets a shared cache in front keep: a 200 made from the response cache
// whose Cache-Control is the policy's public one, so never an answer read with `k`, `cid`, a token
// or a session. Requests it may answer are keyed, as a cache in front keys them, by method and URL,
// and carry nothing else an answer could depend on (no credentials, Origin, If-None-Match, body,
// Expect; Host when HTTP/1.1 needs it): for them, Fastify's answer is a function of the URL and of
// the cached data alone. Its entries sit in the response cache, tagged as their bodies are, so the
// invalidations that drop those drop them too, and an answer is kept only if no invalidation came
// between the request's arrival and its answer.
//
// What still happens for every replayed request is what each request must get: the general rate
// limit (the plugin's own limiter and store), its request id, its metrics and access line (the same
// recorder as Fastify's requests), and the answer's headers as Fastify sent them. A cached hit
// through Fastify costs about twice the bare server's work, none of it removable stage by stage
// (docs/performance.md#the-replay); the replay costs little more than the bare server. Off while
// tracing is on (a request's span starts in Fastify's hooks), and with the cache.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tracingEnabled } from '@depot/common/process';
import type { ResponseCache } from './cache';
import type { CachePolicy } from './policy';
import { requestId } from '../plugins/headers';
import { routeOf, type RequestRecorder } from '../plugins/observability';
import type { GeneralLimitCount } from '../plugins/rate-limits';
import { clientAddressOf, trustProxyOption } from '../plugins/trust-proxy';

/** A header of a kept answer whose value is the request's own. */
const enum Slot {
  RequestId,
  Limit,
  Remaining,
  Reset,
}
const SLOTS: Record<string, Slot> = {
  'x-request-id': Slot.RequestId,
  'x-ratelimit-limit': Slot.Limit,
  'x-ratelimit-remaining': Slot.Remaining,
  'x-ratelimit-reset': Slot.Reset,
};

/** An answer as Fastify sent it: its headers in order (a value, or a slot) and its body (none for HEAD). */
interface Kept {
  route: string;
  headers: [name: string, value: string | Slot][];
  body: Buffer | undefined;
}

/** The response cache's epoch when the request came in, on a request the replay may answer later. */
const kEpoch = Symbol('replay epoch');
type Stamped = IncomingMessage & { [kEpoch]?: number };

/** What the 'close' listener of a replayed answer needs. */
const kReplayed = Symbol('replayed');
interface Replayed {
  method: string;
  route: string;
  reqId: string;
  start: number;
  record: RequestRecorder;
}
type Answered = ServerResponse & { [kReplayed]?: Replayed };

const keyOf = (method: string, url: string) => `r\0${method}\0${url}`;

/** Whether the answer to `req` can only depend on its method and URL (and the cached data). */
function replayable(req: IncomingMessage): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const h = req.headers;
  if (
    h.authorization !== undefined ||
    h.cookie !== undefined ||
    h.origin !== undefined ||
    h['if-none-match'] !== undefined ||
    h.expect !== undefined ||
    h['transfer-encoding'] !== undefined ||
    (h['content-length'] !== undefined && h['content-length'] !== '0')
  )
    return false;
  return h.host !== undefined || req.httpVersion !== '1.1';
}

export class Replay {
  private readonly address: (req: IncomingMessage) => string | undefined;
  /** Set when the gateway closes: Fastify then answers what still comes (its 503). */
  private closing = false;

  constructor(
    private readonly cache: ResponseCache,
    private readonly policy: CachePolicy,
    private readonly limit: ((ip: string | undefined) => Promise<GeneralLimitCount>) | undefined,
    private readonly record: RequestRecorder,
    trust: ReturnType<typeof trustProxyOption>,
  ) {
    this.address = clientAddressOf(trust);
  }

  /** The server's request listener: the kept answer, or `next` (Fastify). */
  serve(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): void {
    if (this.closing || !this.cache.active || !replayable(req)) return next(req, res);
    const epoch = this.cache.epoch;
    const kept = this.cache.kept<Kept>(keyOf(req.method!, req.url!));
    if (!kept) {
      (req as Stamped)[kEpoch] = epoch;
      return next(req, res);
    }
    const start = performance.now();
    if (!this.limit) return this.answer(req, res, kept, start, undefined);
    this.limit(this.address(req)).then(
      (count) => {
        // Over the limit, Fastify answers the 429 (counting the request once more); a change since
        // the lookup, Fastify reads it.
        if (count.isAllowed === false && count.isExceeded) return next(req, res);
        if (this.cache.epoch !== epoch) return next(req, res);
        this.answer(req, res, kept, start, count);
      },
      () => next(req, res),
    );
  }

  /** From now on, every request to Fastify. */
  close(): void {
    this.closing = true;
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    kept: Kept,
    start: number,
    count: GeneralLimitCount | undefined,
  ): void {
    this.cache.replayed();
    const reqId = requestId(req);
    const counted = count && count.isAllowed === false ? count : undefined;
    const headers: string[] = [];
    for (const [name, value] of kept.headers) {
      if (typeof value === 'string') headers.push(name, value);
      else if (value === Slot.RequestId) headers.push(name, reqId);
      else if (counted)
        headers.push(
          name,
          String(
            value === Slot.Limit ? counted.max : value === Slot.Remaining ? counted.remaining : counted.ttlInSeconds,
          ),
        );
    }
    const answered = res as Answered;
    answered[kReplayed] = { method: req.method!, route: kept.route, reqId, start, record: this.record };
    answered.on('close', onClose);
    res.writeHead(200, headers);
    res.end(kept.body);
  }

  /** Keeps Fastify's answer to a request the replay may answer next time (the app's last onSend). */
  keep(req: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const epoch = (req.raw as Stamped)[kEpoch];
    if (epoch === undefined || reply.statusCode !== 200 || reply.answeredTags === null) return;
    if (!Buffer.isBuffer(payload) || reply.getHeader('cache-control') !== this.policy.sharedRead) return;
    const headers: Kept['headers'] = [];
    let length = false;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined) continue;
      const slot = SLOTS[name];
      headers.push([name, slot ?? (Array.isArray(value) ? value.join(', ') : String(value))]);
      if (name === 'content-length') length = true;
    }
    // Fastify adds it after the hooks (its HEAD route's hook, or its send).
    if (!length) headers.push(['content-length', String(payload.length)]);
    const head = req.method === 'HEAD';
    const kept: Kept = { route: routeOf(req), headers, body: head ? undefined : payload };
    let bytes = head ? 0 : payload.length;
    for (const [name, value] of headers) bytes += name.length + (typeof value === 'string' ? value.length : 0);
    this.cache.keep(keyOf(req.method, req.url), kept, bytes, reply.answeredTags, epoch);
  }
}

/** A replayed answer's end: its metrics and access line, as Fastify's onResponse or close would. */
function onClose(this: Answered): void {
  const r = this[kReplayed]!;
  r.record(r.method, r.route, 200, performance.now() - r.start, r.reqId, !this.writableFinished);
}

/**
 * The replay in front of Fastify's request listener, and its recording of answers. Registered after
 * the caching policy (its onSend runs after the policy's) and the rate limits.
 */
export const replay = fp(
  async (app: FastifyInstance) => {
    const { config } = app.deps;
    if (!config.CACHE_ENABLED || tracingEnabled()) return;
    const server = app.server;
    const listeners = server.listeners('request');
    // Fastify's own, the only one: should that change, the replay must not run beside it.
    if (listeners.length !== 1)
      throw new Error(`replay: expected Fastify's one request listener, found ${listeners.length}`);
    const routing = (req: IncomingMessage, res: ServerResponse) => app.routing(req, res);
    const replayer = new Replay(
      app.responseCache,
      app.cachePolicy,
      app.generalLimit,
      app.recordRequest,
      trustProxyOption(config.TRUST_PROXY),
    );
    server.removeListener('request', listeners[0] as (req: IncomingMessage, res: ServerResponse) => void);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => replayer.serve(req, res, routing));
    app.addHook('onSend', (req, reply, payload, done) => {
      replayer.keep(req, reply, payload);
      done(null, payload);
    });
    app.addHook('preClose', (done) => {
      replayer.close();
      done();
    });
  },
  { name: 'replay', dependencies: ['cache-policy', 'rate-limits', 'observability'] },
);
