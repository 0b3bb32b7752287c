// A bounded pool: hashing and sending work on a few files at once, not on hundreds (open files,
// sockets, and Depot's rate limit of 600 requests a minute per address). p-limit does the
// bounding; what is added is stopping at the first failure.
import pLimit from 'p-limit';

/**
 * `fn` over every item, at most `limit` at once; results in the items' order. After the first
 * failure no new item is started, and that failure is what it rejects with.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const bounded = pLimit(Math.max(1, limit));
  return Promise.all(
    items.map((item, index) =>
      bounded(() => fn(item, index)).catch((err: unknown) => {
        bounded.clearQueue();
        throw err;
      }),
    ),
  );
}
