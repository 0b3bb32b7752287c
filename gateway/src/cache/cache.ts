// The gateway's response cache: access-independent answers of the services, pre-serialized, in a
// byte-bounded LRU. Entries carry tags (the ids and names they were built from); invalidation drops
// every entry of a tag. What a request may see is decided after the cache (reads.ts, with
// the rules of @depot/common visibility.ts), so nothing here depends on who asks.
//
// Freshness: the cache is *active* only while the change feed (invalidation.ts) is subscribed; off
// it, each read runs its own fill and keeps nothing (`read`). Every invalidation bumps a generation, and a fill that started
// before an invalidation is answered but not stored (nor joined by later requests), so an answer
// read before a change can never be stored after that change's invalidation.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { metrics } from '@depot/common/process';

/**
 * A pre-serialized JSON body, its strong ETag, and the tags of what it was built from (those of its
 * cache entry, given once at the fill): shared caches are told them as surrogate keys
 * (cache/policy.ts), so that the same change events purge them there too.
 */
export class Body {
  constructor(
    readonly buf: Buffer,
    readonly etag: string,
    readonly tags: readonly string[] = [],
  ) {}
}

export function bodyOf(json: string | Buffer, tags: readonly string[] = []): Body {
  const buf = typeof json === 'string' ? Buffer.from(json) : json;
  return new Body(buf, `"${createHash('sha1').update(buf).digest('base64url')}"`, tags);
}

/** The same body, built from `tags`. */
export const taggedBody = (body: Body, tags: readonly string[]): Body => new Body(body.buf, body.etag, tags);

export const isBody = (value: unknown): value is Body => value instanceof Body;

/** What a fill produces: the value, its approximate size in bytes, and its tags. */
export interface Filled<T> {
  value: T;
  bytes: number;
  tags: Iterable<string>;
}

interface Slot {
  value: unknown;
  tags: readonly string[];
}

/** Tag names: every entry is tagged with what a change can make stale. */
export const tag = {
  /** GET /api/mod. */
  modList: 'mods',
  /** GET /api/modpack and every modpack view (one entry). */
  modpackList: 'modpacks',
  mod: (id: number) => `m:${id}`,
  modName: (name: string) => `mn:${name}`,
  modpack: (id: number) => `p:${id}`,
  modpackSlug: (slug: string) => `ps:${slug}`,
};

/**
 * The tags a change event names (invalidation.ts `tagsForEvent`: ids and the two lists, never the
 * names, which only this gateway's own writes use): the ones worth telling a shared cache.
 */
export const isEventTag = (t: string): boolean => t === tag.modList || t === tag.modpackList || /^[mp]:\d+$/.test(t);

/** The tags naming a record by its name: all a gateway's own write knows from its path. */
export const isNameTag = (t: string): boolean => t.startsWith('mn:') || t.startsWith('ps:');

// Per-entry bookkeeping beyond the body (key, tag index, LRU node), roughly.
const ENTRY_OVERHEAD = 256;
const TAG_OVERHEAD = 64;
/** Label of the depot_cache_* metrics. */
const METRICS_NAME = 'response';

export interface CacheStats {
  active: boolean;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
  /** Hits answered by the replay (replay.ts), among `hits`. */
  replays: number;
}

/** Of the cache's bytes, the share its replayed answers may take (replay.ts), and their number. */
const REPLAY_SHARE = 4;
const REPLAY_MAX_ENTRIES = 10_000;

export class ResponseCache {
  private readonly lru: LRUCache<string, Slot>;
  /**
   * Whole answers kept for the replay (replay.ts), keyed by method and URL: apart from the fills,
   * so that requests for ever new URLs (a query made up per request) evict only other replays.
   */
  private readonly replays: LRUCache<string, Slot>;
  /** tag → keys of the entries carrying it. */
  private readonly index = new Map<string, Set<string>>();
  /** Fills in progress, joined by requests of the same generation. */
  private readonly pending = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private generation = 0;
  private live = false;
  private counters = { hits: 0, misses: 0, invalidations: 0, replays: 0 };

  constructor(
    readonly maxBytes: number,
    private readonly enabled = true,
  ) {
    this.lru = new LRUCache<string, Slot>({
      maxSize: maxBytes,
      // Sizes are given on set; an entry larger than the whole cache is simply not stored.
      sizeCalculation: () => 1,
      dispose: (slot, key) => this.unindex(key, slot.tags),
    });
    this.replays = new LRUCache<string, Slot>({
      maxSize: Math.max(1, Math.floor(maxBytes / REPLAY_SHARE)),
      max: REPLAY_MAX_ENTRIES,
      sizeCalculation: () => 1,
      dispose: (slot, key) => this.unindex(key, slot.tags),
    });
  }

  /**
   * How many invalidations there have been: an answer made from what the cache held while it has
   * not moved is still current (the replay records one only then).
   */
  get epoch(): number {
    return this.generation;
  }

  /** True when reads may use the cache: enabled and the change feed subscribed. */
  get active(): boolean {
    return this.live;
  }

  /**
   * Called by the change feed: up when its subscription is in place, down when it may miss
   * events. Either way the cache starts empty, since events may have been missed in between.
   */
  setLive(up: boolean): void {
    const live = up && this.enabled;
    if (live === this.live) return;
    this.clear();
    this.live = live;
  }

  /**
   * The value of `key`: while the cache is active, the cached one (at once: no promise for a hit)
   * or the result of `fill` (kept); otherwise `fill`'s, run for this read alone, neither kept nor
   * shared with another (a read that started before a write must not answer one that arrives
   * after it). `fill` learns which.
   */
  read<T>(key: string, fill: (kept: boolean) => Promise<Filled<T>>): T | Promise<T> {
    if (!this.live) return fill(false).then((filled) => filled.value);
    return this.peek<T>(key) ?? this.load(key, () => fill(true));
  }

  /** The cached value, if any (no fill). */
  peek<T>(key: string): T | undefined {
    const slot = this.lru.get(key);
    if (slot) {
      this.counters.hits++;
      metrics.cacheHit(METRICS_NAME);
      return slot.value as T;
    }
    return undefined;
  }

  /** A whole answer kept by `keep`, if any (`replayed` counts it once it is answered). */
  kept<T>(key: string): T | undefined {
    return this.replays.get(key)?.value as T | undefined;
  }

  /** Counts a kept answer replayed: a hit. */
  replayed(): void {
    this.counters.hits++;
    this.counters.replays++;
    metrics.cacheHit(METRICS_NAME);
  }

  /**
   * Keeps a whole answer made from this cache's values, dropped by the same invalidations as they
   * are (its `tags`): only if the cache is active and nothing was invalidated since `epoch`, read
   * before those values were.
   */
  keep(key: string, value: unknown, bytes: number, tags: readonly string[], epoch: number): void {
    if (this.live && epoch === this.generation) this.store(key, { value, bytes, tags }, this.replays);
  }

  /**
   * The cached value, else the result of `fill` (one fill per key at a time), stored unless an
   * invalidation happened meanwhile. Failures are not cached.
   */
  async load<T>(key: string, fill: () => Promise<Filled<T>>): Promise<T> {
    const cached = this.peek<T>(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    this.counters.misses++;
    metrics.cacheMiss(METRICS_NAME);
    const inFlight = this.pending.get(key);
    if (inFlight && inFlight.generation === generation) return inFlight.promise as Promise<T>;
    const promise = fill().then((filled) => {
      if (this.live && generation === this.generation) this.store(key, filled);
      return filled.value;
    });
    this.pending.set(key, { generation, promise });
    const forget = () => {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Drops every entry carrying one of the tags. */
  invalidate(tags: Iterable<string>): void {
    this.generation++;
    this.counters.invalidations++;
    let dropped = 0;
    for (const t of tags) {
      const keys = this.index.get(t);
      if (!keys) continue;
      for (const key of [...keys]) if (this.lru.delete(key) || this.replays.delete(key)) dropped++;
    }
    metrics.cacheInvalidated(METRICS_NAME, dropped);
  }

  /** Drops everything. */
  clear(): void {
    this.generation++;
    this.counters.invalidations++;
    metrics.cacheInvalidated(METRICS_NAME, this.lru.size + this.replays.size);
    this.lru.clear();
    this.replays.clear();
    this.index.clear();
    this.pending.clear();
  }

  stats(): CacheStats {
    return {
      active: this.live,
      entries: this.lru.size + this.replays.size,
      bytes: this.lru.calculatedSize + this.replays.calculatedSize,
      ...this.counters,
    };
  }

  private store(key: string, filled: Filled<unknown>, lru = this.lru): void {
    const tags = [...new Set(filled.tags)];
    const size = filled.bytes + ENTRY_OVERHEAD + key.length * 2 + tags.length * TAG_OVERHEAD;
    if (size > lru.maxSize) return;
    lru.set(key, { value: filled.value, tags }, { size });
    if (!lru.has(key)) return;
    for (const t of tags) {
      let keys = this.index.get(t);
      if (!keys) this.index.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const t of tags) {
      const keys = this.index.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.index.delete(t);
    }
  }
}

/** `then` for a value that may be ready already: `f` at once if it is, without a promise. */
export function whenReady<T, R>(value: T | Promise<T>, f: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** True when the request's If-None-Match names this ETag (or `*`). */
export function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((candidate) => {
    const t = candidate.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a pre-serialized JSON body with its ETag, or 304 when the client has it already. */
export function sendBody(req: FastifyRequest, reply: FastifyReply, body: Body): FastifyReply {
  reply.header('etag', body.etag);
  if (notModified(req, body.etag)) return reply.code(304).send();
  return reply.header('content-type', JSON_TYPE).send(body.buf);
}
