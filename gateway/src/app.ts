// The public HTTP face of Depot: Solder's REST contract over the three gRPC services, with CORS,
// rate limits, strict JSON errors for every failure (unknown routes, bad JSON, oversized bodies)
// and 503 when a service is down.
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import Redis from 'ioredis';
import type { Logger } from '@depot/common';
import type { GatewayConfig } from './config';
import type { ServiceClients } from './clients';
import { answer, HttpError, toHttpError } from './errors';
import { ANSWERS, errorBody } from './messages';
import { MALFORMED_JSON, UNSUPPORTED_BODY } from './validation';
import { allRoutes } from './routes';
import { registerRoutes } from './pipeline';
import { registerPolicy } from './policy';
import { setupReads } from './reads';
import { registerNoSniff, registerRequestChecks, serverOptions } from './http-server';
import { trustProxyOption } from './trust-proxy';
import { lazyChildLoggerFactory } from './request-logger';
import { registerObservability } from './observability';
import { registerAccessLog, requestId } from './access-log';
import { registerApiDocs } from './openapi';
import { DEFAULT_CONSOLE_DIR, registerConsole } from './console';
import { SignInLimits } from './sign-in-limits';
import type { ChangeFeed } from './invalidation';

export interface GatewayDeps {
  config: GatewayConfig;
  clients: ServiceClients;
  logger: Logger;
  /** Change events that keep the response cache fresh; without them reads are never cached. */
  changes?: ChangeFeed;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides of error messages for this route (read routes say "does not exist"). */
    errorMessages?: Partial<Record<import('@depot/common').Reason, string>>;
  }
  interface FastifyInstance {
    deps: GatewayDeps;
    /** Every route registered, in order (the docs' coverage test walks it). */
    routeTable: RouteOptions[];
  }
}

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Timeouts of slow and idle clients, and JSON for what Node and the router refuse. Headers are
    // limited to Node's 16 KiB (431).
    ...serverOptions(config),
    // Fastify's own two lines per request are off; access-log.ts writes one, without URLs.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // Each request's child logger (reqId) is made only if the request logs (request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.decorate('deps', deps);
  app.decorate('routeTable', [] as RouteOptions[]);
  registerNoSniff(app);
  app.addHook('onRoute', (route) => void app.routeTable.push(route));
  // First: requests refused by CORS or rate limits are counted, traced and logged too. Adds GET /metrics.
  registerObservability(app);
  registerAccessLog(app, deps.logger, config.ACCESS_LOG);

  const origins = config.CORS_ORIGINS.trim();
  await app.register(cors, {
    origin: origins === '*' ? '*' : origins.split(',').map((o) => o.trim()),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: ['ETag', 'Retry-After'],
    maxAge: 600,
    // A bare OPTIONS (no Origin or Access-Control-Request-Method) is no preflight: answer it 204
    // like one rather than with the plugin's 400 text/plain.
    strictPreflight: false,
  });

  // The console's session cookie (session.ts); unsigned: its value is a 256-bit secret already.
  await app.register(cookie);

  registerRequestChecks(app);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (err) => deps.logger.warn({ err: String(err) }, 'redis error'));
  // Without an offline queue, requests before the connection is up would go uncounted: wait for it,
  // briefly, so that a Redis outage delays the start by at most two seconds.
  if (redis) await redisReady(redis, 2000);
  const allowList = new Set(
    config.RATE_LIMIT_ALLOWLIST.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  );
  // Every counter's Redis key starts with it: this stack's own, the sign-in limits' too.
  const keyPrefix = `depot-${config.EVENTS_NAMESPACE}-rl-`;
  await app.register(rateLimit, {
    global: config.RATE_LIMIT_PER_MINUTE > 0,
    max: config.RATE_LIMIT_PER_MINUTE || 1,
    timeWindow: 60_000,
    redis,
    nameSpace: keyPrefix,
    // A Redis outage must not take the API down: requests pass uncounted while it lasts.
    skipOnError: true,
    allowList: (req) => allowList.has(req.ip),
    // The plugin's own key, except for a request whose connection is already gone (the client sent
    // it and hung up, or its connection failed on the next bytes): it has no address, and the
    // plugin's key would throw a TypeError (logged as an unhandled error, a 500 to no one).
    keyGenerator: (req) => (req.ip ? normalizeIP(req.ip) : 'disconnected'),
    errorResponseBuilder: (_req, context) =>
      answer('tooManyRequests', { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  app.decorate(
    'signInLimits',
    new SignInLimits(
      {
        perAddress: config.SIGNIN_RATE_LIMIT_PER_ADDRESS,
        perAccount: config.SIGNIN_RATE_LIMIT_PER_ACCOUNT,
        windowSeconds: config.SIGNIN_RATE_LIMIT_WINDOW_SECONDS,
      },
      { redis, keyPrefix },
    ),
  );

  // Bodies are parsed leniently and judged by the policy, after authentication and the target's
  // lookup: a caller without a valid token gets 401 whatever it sent (docs/api.md#order-of-checks).
  // A JSON body sent with another media type (curl -d without a header, fetch with a string body:
  // text/plain) is taken as JSON; any other body of another type is refused with 415.
  const parseBody =
    (invalid: symbol) => (_req: unknown, body: string | Buffer, done: (e: null, v: unknown) => void) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, invalid);
      }
    };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseBody(MALFORMED_JSON));
  app.addContentTypeParser('*', { parseAs: 'string' }, parseBody(UNSUPPORTED_BODY));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const http = toHttpError(err, req.routeOptions?.config?.errorMessages) ?? fastifyError(err);
    if (http) {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') lingerOnOversizedBody(req, reply, config.BODY_LIMIT_BYTES);
      return reply.status(http.status).headers(http.headers).send({ error: http.error });
    }
    // The route pattern, not the URL: paths and queries can carry keys (verify/{key}, ?k=, ?cid=).
    req.log.error({ err, route: req.routeOptions.url, method: req.method }, 'unhandled error');
    return reply.status(500).send(errorBody('internal'));
  });
  // Unknown paths count towards the general limit too (docs/api.md#rate-limits).
  app.setNotFoundHandler(config.RATE_LIMIT_PER_MINUTE > 0 ? { preHandler: app.rateLimit() } : {}, (_req, reply) =>
    reply.status(404).send(errorBody('notFound')),
  );

  // Schemas are zod (route.ts): the policy judges params and bodies in the order of checks
  // (policy.ts), answers are typed at compile time and sent with plain JSON.stringify.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Before the routes, which they act on: the docs collect them, the policy enforces their
  // access, the cache invalidates after their successful writes.
  const documentRoute = await registerApiDocs(app);
  registerPolicy(app, deps);
  setupReads(app, deps);
  registerRoutes(app, [documentRoute, ...allRoutes(app)]);
  if (config.CONSOLE_ENABLED) await registerConsole(app, config.CONSOLE_DIR || DEFAULT_CONSOLE_DIR, deps.logger);
  return app;
}

function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Fastify answers a body it will not parse with `Connection: close` and closes the socket while the
 * client may still be sending, so the client often sees EPIPE/ECONNRESET instead of our 413. For a
 * declared length within a few times the limit we keep the connection: Node then reads and discards
 * the rest of the body and the client reads a clean 413 (a "lingering close", as nginx does).
 * Anything larger, or of unknown length, is still cut off.
 */
function lingerOnOversizedBody(req: FastifyRequest, reply: FastifyReply, bodyLimit: number): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared <= LINGER_FACTOR * bodyLimit) reply.removeHeader('connection');
}
const LINGER_FACTOR = 8;

/** Fastify's own failures (bad JSON, size, media type) as clear 4xx JSON errors. */
function fastifyError(err: FastifyError): HttpError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer('unsupportedMediaType');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return answer('malformedJson');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return answer('invalidContentLength');
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) {
    return answer('malformedJson');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new HttpError(err.statusCode, err.message || ANSWERS.badRequest.message);
  }
  return null;
}
