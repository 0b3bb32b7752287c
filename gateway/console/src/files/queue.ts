// Work on many files, a few at a time: a browser opens only a few connections per server, and
// uploads that share them all crawl; a bounded number keeps each moving and the others waiting.
// A failure is that item's alone: the others go on.

/** Uploads of the console in flight at once. */
export const UPLOAD_CONCURRENCY = 3;

/**
 * Runs `work` on every item, at most `limit` at once, in the items' order; resolves when all are
 * settled, with each one's outcome at its index (never rejects).
 */
export async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index], index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
