// At most `concurrency` of the tasks at once (p-limit), results in the order of the items.
import pLimit from 'p-limit';

export function mapLimit<T, R>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const limit = pLimit(concurrency);
  return Promise.all(items.map((item) => limit(() => fn(item))));
}
