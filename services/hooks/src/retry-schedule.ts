// When a delivery that failed is tried again (docs/webhooks.md#retries): the delays of
// HOOKS_RETRY_SCHEDULE, the last one repeated, until HOOKS_RETRY_FOR after its event.

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `10s,1m,5m` → [10000, 60000, 300000]; throws with a message naming what is wrong. */
export function parseRetrySchedule(text: string): number[] {
  const delays = text.split(',').map((part) => {
    const m = /^\s*(\d+)\s*(ms|s|m|h)\s*$/.exec(part);
    if (!m) throw new Error(`"${part.trim()}" is not a duration such as 500ms, 10s, 5m or 1h`);
    return Number(m[1]) * UNITS[m[2]];
  });
  if (!delays.length || delays.some((d) => d <= 0)) throw new Error('delays must be more than 0');
  return delays;
}

/**
 * The delay before attempt `attempts + 1`, or undefined when the delivery is to be given up
 * (the next attempt would come more than `retryForMs` after `createdAt`).
 */
export function nextDelay(
  schedule: number[],
  attempts: number,
  createdAt: Date,
  retryForMs: number,
  now = Date.now(),
): number | undefined {
  const delay = schedule[Math.min(attempts - 1, schedule.length - 1)];
  return now + delay - createdAt.getTime() > retryForMs ? undefined : delay;
}
