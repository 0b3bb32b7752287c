// The gateway's HTTP request metrics, recorded for a few increments per request. prom-client's
// Counter.inc and Histogram.observe validate and hash their label object on every call (about a
// microsecond per request, several percent of a cached read); here each series (method, route
// pattern, status) is found through maps whose keys repeat from request to request (the route
// pattern's and the method's own strings, the status number) and holds plain numbers. The
// registry reads them when scraped, in the very shape prom-client's Counter and Histogram give
// (same lines, same label order), so /metrics does not change.
import type { Metric, Registry } from 'prom-client';

type Labels = { method: string; route: string; status: string };

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative; the last one is above every bound. */
  buckets: number[];
}

interface Value {
  value: number;
  metricName?: string;
  exemplar?: null;
  labels: Record<string, string | number>;
}

export class HttpRequestMetrics {
  /** route → method → status → series. */
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  /** Every series, in the order they first appeared (prom-client's order). */
  private readonly all: Series[] = [];

  constructor(
    registry: Registry,
    names: { requests: string; requestsHelp: string; duration: string; durationHelp: string },
    private readonly bounds: readonly number[],
  ) {
    const reset = () => {
      this.byRoute.clear();
      this.all.length = 0;
    };
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) =>
      registry.registerMetric({
        name,
        help,
        type,
        aggregator: 'sum',
        // The key order of prom-client's own (its JSON export shows it).
        get: async () =>
          type === 'counter'
            ? { help, name, type, values: values(), aggregator: 'sum' }
            : { name, help, type, values: values(), aggregator: 'sum' },
        reset,
      } as unknown as Metric);
    metric(names.requests, names.requestsHelp, 'counter', () =>
      this.all.map((s) => ({ value: s.count, labels: s.labels })),
    );
    metric(names.duration, names.durationHelp, 'histogram', () =>
      this.all.flatMap((s) => this.histogram(names.duration, s)),
    );
  }

  /** One answered request. */
  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: this.bounds.map(() => 0),
      };
      series.buckets.push(0);
      byStatus.set(status, series);
      this.all.push(series);
    }
    series.count++;
    series.sum += seconds;
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]) i++;
    series.buckets[i]++;
  }

  /** A series as prom-client's Histogram exports it: cumulative buckets, +Inf, sum, count. */
  private histogram(name: string, s: Series): Value[] {
    let cumulative = 0;
    const out: Value[] = this.bounds.map((le, i) => {
      cumulative += s.buckets[i];
      return { value: cumulative, metricName: `${name}_bucket`, exemplar: null, labels: { le, ...s.labels } };
    });
    out.push(
      { value: s.count, metricName: `${name}_bucket`, exemplar: null, labels: { le: '+Inf', ...s.labels } },
      { value: s.sum, metricName: `${name}_sum`, labels: { ...s.labels } },
      { value: s.count, metricName: `${name}_count`, labels: { ...s.labels } },
    );
    return out;
  }
}
