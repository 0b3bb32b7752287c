// The gateway's HTTP request metrics (http-metrics.ts) against prom-client's own Counter and
// Histogram fed the same requests: the same /metrics text and the same JSON, before and after a reset.
import { Counter, Histogram, Registry } from 'prom-client';
import { HttpRequestMetrics } from '../src/process/http-metrics';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAMES = {
  requests: 'test_http_requests_total',
  requestsHelp: 'Requests, by method, route and "status".',
  duration: 'test_http_request_duration_seconds',
  durationHelp: 'Time \\ of requests.',
};
const LABELS = ['method', 'route', 'status'] as const;

test('exports what prom-client exports for the same requests', async () => {
  const reference = new Registry();
  const counter = new Counter({
    name: NAMES.requests,
    help: NAMES.requestsHelp,
    labelNames: LABELS,
    registers: [reference],
  });
  const histogram = new Histogram({
    name: NAMES.duration,
    help: NAMES.durationHelp,
    labelNames: LABELS,
    buckets: BOUNDS,
    registers: [reference],
  });
  const registry = new Registry();
  const metrics = new HttpRequestMetrics(registry, NAMES, BOUNDS);

  const methods = ['GET', 'POST', 'HEAD'];
  const routes = ['/api/mod/:slug', '(unmatched)', '/odd/"route"\\\n'];
  const statuses = [200, 404, 503];
  // On the bounds, between them, above them all, zero.
  const seconds = [0, 0.001, 0.0011, 0.25, 10, 11, 0.07];
  for (let i = 0; i < 2000; i++) {
    const [method, route, status, s] = [methods[i % 3], routes[(i % 7) % 3], statuses[(i % 5) % 3], seconds[i % 7]];
    counter.inc({ method, route, status: String(status) });
    histogram.observe({ method, route, status: String(status) }, s);
    metrics.record(method, route, status, s);
  }
  const text = await registry.metrics();
  expect(text).toBe(await reference.metrics());
  expect(text).toContain(
    'test_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/mod/:slug",status="200"}',
  );
  expect(await registry.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());

  reference.resetMetrics();
  registry.resetMetrics();
  metrics.record('GET', '/api/mod/:slug', 200, 0.002);
  counter.inc({ method: 'GET', route: '/api/mod/:slug', status: '200' });
  histogram.observe({ method: 'GET', route: '/api/mod/:slug', status: '200' }, 0.002);
  expect(await registry.metrics()).toBe(await reference.metrics());
});
