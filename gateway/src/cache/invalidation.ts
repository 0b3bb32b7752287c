// Keeps the response cache fresh. Two sources:
// - the change events of the namespace (catalog and builds publish one for every write, through
//   their outbox): every gateway replica holds a core NATS subscription on `<ns>.>` and drops the
//   entries an event makes stale, so a write through any replica shows on every other within the
//   event's delivery time (milliseconds; the outbox relay publishes right after the commit);
// - this gateway's own successful writes, invalidated synchronously before the response leaves,
//   so the very next read through this gateway sees the write even before its event arrives.
// While the subscription is not in place (starting, NATS unreachable, reconnecting) the cache is
// inactive and every read asks the services: the gateway never serves what it cannot invalidate.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eventTypeOf, parseEvent } from '@depot/common';
import { type Logger } from '@depot/common/process';
import { connectBus, type Bus } from '@depot/common/bus';
import { ResponseCache, tag } from './cache';

/** A source of change events with a notion of "subscribed". */
export interface ChangeFeed {
  /** `event` for every change event; `state(true)` once subscribed, `state(false)` when events may be missed. */
  start(listener: { event(type: string, data: unknown): void; state(up: boolean): void }): void;
  close(): Promise<void>;
}

/** What an event makes stale; null: unknown, or not the payload its type carries: drop everything. */
export function tagsForEvent(type: string, data: unknown): string[] | null {
  switch (type) {
    case 'mod.updated':
    case 'mod.deleted': {
      const event = parseEvent(type, data);
      return event ? [tag.modList, tag.mod(event.mod_id)] : null;
    }
    case 'mod.version.updated':
    case 'mod.version.deleted': {
      const event = parseEvent(type, data);
      return event ? [tag.mod(event.mod_id)] : null;
    }
    case 'modpack.deleted':
    case 'build.changed': {
      const event = parseEvent(type, data);
      return event ? [tag.modpackList, tag.modpack(event.modpack_id)] : null;
    }
    // Told to webhooks only: each is enqueued in the transaction of a write that also enqueues the
    // build.changed above, which makes the same answers stale.
    case 'build.published':
    case 'build.promoted':
      return [];
    // Enqueued with the version's mod.version.updated; a creation also makes stale the refusals of
    // the version's reads, which a shared cache keeps by the mods list's key (policy.ts
    // `refusalTags`: the version's mod id is not known to a refusal).
    case 'mod.version.added':
      return [tag.modList];
    default:
      return null;
  }
}

/**
 * A write's onSend (pipeline/route.ts `invalidates`, assembled by pipeline/register.ts): the entries its
 * success makes stale, dropped before its answer leaves.
 */
export function invalidateOnSuccess(stale: (params: never) => string[], cache: ResponseCache) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400) cache.invalidate(stale(req.params as never));
    return payload;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** The response cache on the app (`responseCache`), kept fresh by the feed; without one it never turns active. */
export const responseCache = fp(
  async (app: FastifyInstance) => {
    const { config, logger, changes } = app.deps;
    const cache = new ResponseCache(config.CACHE_MAX_BYTES, config.CACHE_ENABLED);
    app.decorate('responseCache', cache);
    if (config.CACHE_ENABLED && changes) followChanges(app, cache, changes, logger);
  },
  { name: 'response-cache' },
);

/** Keeps the cache to the feed: entries dropped by its events, active only while it is subscribed. */
function followChanges(app: FastifyInstance, cache: ResponseCache, feed: ChangeFeed, logger: Logger): void {
  feed.start({
    event(type, data) {
      const tags = tagsForEvent(type, data);
      if (tags) cache.invalidate(tags);
      else cache.clear();
    },
    state(up) {
      if (up !== cache.active) logger.info({ cache: up ? 'active' : 'bypassed' }, 'response cache state');
      cache.setLive(up);
    },
  });
  app.addHook('onClose', async () => {
    cache.setLive(false);
    await feed.close();
  });
}

/**
 * The namespace's change events over a core NATS subscription (JetStream publishes reach core
 * subscribers too). Connects in the background: the gateway serves uncached until subscribed.
 */
export function natsChangeFeed(url: string, namespace: string, logger: Logger): ChangeFeed {
  let closed = false;
  let bus: Bus | undefined;
  return {
    start(listener) {
      (async () => {
        const connected = await connectBus(url, namespace, logger);
        if (closed) return void (await connected.close());
        bus = connected;
        const nc = bus.nc;
        nc.subscribe(`${namespace}.>`, {
          callback: (err, msg) => {
            if (err) {
              logger.warn({ err: String(err) }, 'change feed subscription failed');
              listener.state(false);
              return;
            }
            let data: unknown;
            try {
              data = msg.json();
            } catch {
              data = undefined;
            }
            listener.event(eventTypeOf(namespace, msg.subject), data);
          },
        });
        // The server has the subscription once it answered a ping sent after it.
        await nc.flush();
        listener.state(true);
        for await (const s of nc.status()) {
          if (closed) break;
          switch (s.type) {
            case 'disconnect':
            case 'reconnecting':
            case 'staleConnection':
            case 'close':
              listener.state(false);
              break;
            case 'slowConsumer':
              // Messages were dropped: start over empty.
              listener.state(false);
              listener.state(true);
              break;
            case 'reconnect':
              // The client re-subscribes on reconnect; the flush makes sure the server has it.
              await nc.flush().then(
                () => listener.state(true),
                () => listener.state(false),
              );
              break;
          }
        }
      })().catch((err) => {
        if (!closed) logger.warn({ err: String(err) }, 'change feed stopped; response cache bypassed');
        listener.state(false);
      });
    },
    async close() {
      closed = true;
      await bus?.close();
    },
  };
}
