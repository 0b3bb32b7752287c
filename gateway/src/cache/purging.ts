// Purge on change (docs/caching.md#purge-on-change): the change events that keep the response
// caches fresh (invalidation.ts) also purge the shared cache in front of the gateways, by the
// surrogate keys the same tags give (policy.ts). Once per event for all replicas: every gateway
// pulls from one JetStream durable consumer, which hands each event to one of them; a purge that
// fails is redelivered a second later, until it succeeds (bus/nats.ts `runConsumer`). A write never
// waits for it: the event leaves through its service's outbox after the commit. A purge is sent
// again a moment later, once: a shared cache may have fetched from a replica that had not heard of
// the change yet, while the first purge went through; the repeats of events close together go in
// one request. A purge API over its rate limit (429) is asked again after its Retry-After.
import { EVENT_TYPES } from '@depot/common';
import { connectBus, runConsumer, type Bus, type ConsumerHandle } from '@depot/common/bus';
import { sharedCachePurgeDuration, sharedCachePurgeFailures, type Logger } from '@depot/common/process';
import type { GatewayConfig } from '../config';
import { tagsForEvent } from './invalidation';
import { CachePolicy } from './policy';
import { purgerOf, type Purger } from './purge';

/** The durable consumer every gateway replica shares. */
export const PURGE_DURABLE = 'gateway-shared-cache-purge';
const REPEAT_AFTER_MS = 2000;

/** One purge, measured: its latency by result, and its failures. */
export async function measuredPurge(purger: Purger, keys: readonly string[]): Promise<void> {
  const done = sharedCachePurgeDuration.startTimer({ purger: purger.name });
  try {
    await purger.purge(keys);
    done({ result: 'ok' });
  } catch (err) {
    done({ result: 'error' });
    sharedCachePurgeFailures.inc({ purger: purger.name });
    throw err;
  }
}

export interface Purging {
  stop(): Promise<void>;
}

/** Starts purging on change events when SHARED_CACHE_PURGE names a purger (undefined otherwise). */
export function startPurging(config: GatewayConfig, logger: Logger): Purging | undefined {
  const purger = purgerOf(config);
  if (!purger) return undefined;
  const policy = new CachePolicy(config);
  // The keys to purge again, one request for every event of the last REPEAT_AFTER_MS: a CDN's
  // purge API counts requests against a budget (Cloudflare's Free plan: 5 a minute).
  const again = new Set<string>();
  let repeat: NodeJS.Timeout | undefined;
  const repeatLater = (keys: readonly string[]) => {
    for (const key of keys) again.add(key);
    repeat ??= setTimeout(() => {
      repeat = undefined;
      const keys = [...again];
      again.clear();
      measuredPurge(purger, keys).catch((err) =>
        logger.warn({ err: String(err), purger: purger.name }, 'repeated shared cache purge failed'),
      );
    }, REPEAT_AFTER_MS);
  };
  let stopped = false;
  let bus: Bus | undefined;
  let consumer: ConsumerHandle | undefined;
  const started = (async () => {
    const connected = await connectBus(config.NATS_URL, config.EVENTS_NAMESPACE, logger);
    if (stopped) return void (await connected.close());
    bus = connected;
    consumer = runConsumer(bus, {
      durable: PURGE_DURABLE,
      types: Object.values(EVENT_TYPES),
      logger,
      handler: async ({ type, data }) => {
        const keys = policy.purgeKeys(tagsForEvent(type, data));
        if (!keys.length) return;
        await measuredPurge(purger, keys);
        repeatLater(keys);
      },
    });
  })().catch((err) => logger.error({ err: String(err) }, 'shared cache purging did not start'));
  logger.info({ purger: purger.name }, 'purging the shared cache on change events');
  return {
    async stop() {
      stopped = true;
      await started;
      clearTimeout(repeat);
      await consumer?.stop();
      await bus?.close();
    },
  };
}
