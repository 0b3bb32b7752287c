// The limits on guessing a password or a two-factor code (docs/api.md#rate-limits): sign-in, its
// second step, and the account routes that check a current password or a code share them. Each
// attempt is counted, per client address and per account, BEFORE it is judged: parallel guesses
// are judged no more than the limit allows, and an answer over it (429) never depends on whether
// the guess was right. An attempt that was no failed guess (a success, an outage, auth shedding
// load) is given back.
import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors';

export interface SignInLimitSettings {
  perAddress: number;
  perAccount: number;
  windowSeconds: number;
}

/**
 * Whom an attempt's guess is about: one account whatever login named it (its username or e-mail
 * address, any case), or the login itself, lowercased, when it names no account.
 */
export type AccountKey = `user:${number}` | `login:${string}`;

export const accountOfUser = (userId: number): AccountKey => `user:${userId}`;

/** The key of a sign-in's login, given the user id auth resolved it to (0: none). */
export const accountOfLogin = (login: string, userId: number): AccountKey =>
  userId ? accountOfUser(userId) : `login:${login.toLowerCase()}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** One instance, so that sign-in, its second step and the account routes share the counts. */
    signInLimits: SignInLimits;
  }
}

type Taken = [RateLimiterAbstract, string];

/**
 * Counters of rate-limiter-flexible, a fixed window each from the first attempt counted: in Redis
 * with REDIS_URL (the general limiter's connection, its key prefix: every gateway replica shares
 * the counts), in this process's memory otherwise, and while Redis is unreachable (so that an
 * outage of Redis never lets guesses through uncounted).
 */
export class SignInLimits {
  private readonly byAddress: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;

  constructor(settings: SignInLimitSettings, store: { redis?: Redis; keyPrefix: string }) {
    const limiter = (name: string, points: number): RateLimiterAbstract => {
      const opts = { points, duration: settings.windowSeconds, keyPrefix: `${store.keyPrefix}signin-${name}` };
      const memory = new RateLimiterMemory(opts);
      if (!store.redis) return memory;
      return new RateLimiterRedis({
        ...opts,
        storeClient: store.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      });
    };
    this.byAddress = limiter('address', settings.perAddress);
    this.byAccount = limiter('account', settings.perAccount);
  }

  /**
   * Counts an attempt against the client address, then against `account` (resolved only once the
   * address is within its limit), and runs `judge` when both are within theirs; 429 with
   * Retry-After otherwise, and nothing judged. The attempt stays counted only when `failed` says
   * the judgement refused the guess; any other outcome gives it back.
   */
  async attempt<T>(
    req: FastifyRequest,
    account: () => AccountKey | Promise<AccountKey>,
    judge: () => Promise<T>,
    failed: (err: unknown) => boolean,
  ): Promise<T> {
    const taken: Taken[] = [];
    const giveBack = () =>
      Promise.all(
        taken.map(([limiter, key]) =>
          limiter
            .reward(key)
            .catch((err: unknown) => req.log.warn({ err: String(err) }, 'sign-in limit not given back')),
        ),
      );
    try {
      await this.take(this.byAddress, req.ip ? normalizeIP(req.ip) : 'disconnected', taken);
      await this.take(this.byAccount, await account(), taken);
    } catch (err) {
      await giveBack();
      throw err;
    }
    try {
      const result = await judge();
      await giveBack();
      return result;
    } catch (err) {
      if (!failed(err)) await giveBack();
      throw err;
    }
  }

  /** Counts one attempt for `key`; 429 when that makes it over the limit (still counted, in `taken`). */
  private async take(limiter: RateLimiterAbstract, key: string, taken: Taken[]): Promise<void> {
    const res: unknown = await limiter.consume(key).catch((rejection: unknown) => rejection);
    if (!(res instanceof RateLimiterRes)) throw res;
    taken.push([limiter, key]);
    if (res.consumedPoints > limiter.points) throw tooManyRequests(res.msBeforeNext / 1000);
  }
}
