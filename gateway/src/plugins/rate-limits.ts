// The rate limits (docs/api.md#rate-limits): the general one per client address and minute
// (@fastify/rate-limit on every route, unknown paths included; a route may declare its own), and
// the limits of failed sign-ins (sign-in-limits.ts). With REDIS_URL their counts live in Redis,
// shared by every replica; a Redis outage lets requests through uncounted rather than down.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import Redis from 'ioredis';
import { answer } from '../errors';
import { SignInLimits } from './sign-in-limits';

/** A request counted by the general limit: allowed without counting, or its count. */
export type GeneralLimitCount =
  { isAllowed: true } | { isAllowed: false; max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a request of that address against the general limit; undefined when there is none. */
    generalLimit: ((ip: string | undefined) => Promise<GeneralLimitCount>) | undefined;
  }
}

export const rateLimits = fp(
  async (app: FastifyInstance) => {
    const { config, logger } = app.deps;
    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined;
    redis?.on('error', (err) => logger.warn({ err: String(err) }, 'redis error'));
    // Without an offline queue, requests before the connection is up would go uncounted: wait for
    // it, briefly, so that a Redis outage delays the start by at most two seconds.
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
      // None when the list is empty: every request is counted, without one more await per request.
      allowList: allowList.size ? (req) => allowList.has(req.ip) : undefined,
      // The plugin's own key, except for a request whose connection is already gone (the client sent
      // it and hung up, or its connection failed on the next bytes): it has no address, and the
      // plugin's key would throw a TypeError (logged as an unhandled error, a 500 to no one).
      keyGenerator: (req) => (req.ip ? clientKey(req.ip) : 'disconnected'),
      errorResponseBuilder: (_req, context) =>
        answer('tooManyRequests', { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
    });
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    // The same limit, counter and store for a request answered before Fastify (cache/replay.ts).
    const limit = config.RATE_LIMIT_PER_MINUTE > 0 ? app.createRateLimit() : undefined;
    app.decorate(
      'generalLimit',
      limit &&
        ((ip: string | undefined) =>
          limit({ ip, routeOptions: { config: {} } } as unknown as FastifyRequest) as Promise<GeneralLimitCount>),
    );
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
  },
  { name: 'rate-limits' },
);

/**
 * The plugin's own key of an address (normalizeIP), remembered: it tests every address against a
 * long IPv6 expression, a good part of the limit's cost on a cached read
 * (docs/performance.md), for the few addresses a gateway sees again and again. Bounded: emptied when
 * it holds 10,000.
 */
const clientKeys = new Map<string, string>();
function clientKey(ip: string): string {
  let key = clientKeys.get(ip);
  if (key === undefined) {
    if (clientKeys.size >= 10_000) clientKeys.clear();
    key = normalizeIP(ip);
    clientKeys.set(ip, key);
  }
  return key;
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
