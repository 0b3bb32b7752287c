/* eslint-disable @typescript-eslint/no-explicit-any -- OTLP JSON and log lines are checked by value */
// Tracing across the whole stack: every process exports its spans over OTLP/HTTP (JSON) to a
// small collector run by this test. One request is followed through all services in one trace:
// gateway HTTP span → gRPC client/server spans in auth and catalog → catalog's `publish mod.deleted`
// (outbox relay) → builds' `process mod.deleted` (durable consumer), with consistent parent links.
// Log lines written while handling a request carry its trace id (or the gateway's request id).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Api, eventually, md5Of, startTestStack, TestStack, must } from '../support';

/** OTLP span kinds (the API's SpanKind + 1). */
const KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** A minimal OTLP/HTTP trace receiver: POST /v1/traces with the JSON encoding. */
class Collector {
  readonly spans: CollectedSpan[] = [];
  readonly errors: string[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        if (req.method !== 'POST' || req.url !== '/v1/traces') throw new Error(`unexpected ${req.method} ${req.url}`);
        if (!/json/.test(req.headers['content-type'] ?? '')) {
          throw new Error(`expected OTLP JSON, got ${req.headers['content-type']}`);
        }
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        this.add(JSON.parse(body.toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (err) {
        this.errors.push(String(err));
        res.writeHead(400).end();
      }
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private add(request: any) {
    for (const rs of request.resourceSpans ?? []) {
      const resource = attributes(rs.resource?.attributes);
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          this.spans.push({
            service: String(resource['service.name']),
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            name: s.name,
            kind: s.kind,
            attributes: attributes(s.attributes),
          });
        }
      }
    }
  }

  trace(traceId: string): CollectedSpan[] {
    return this.spans.filter((s) => s.traceId === traceId);
  }
}

function attributes(list: any[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    out[key] = value?.stringValue ?? value?.intValue ?? value?.boolValue ?? value?.doubleValue;
  }
  return out;
}

/** A W3C traceparent of a (sampled) caller span this test makes up, to find the trace again. */
function callerContext() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

/** Describes a trace for failure messages: one line per span, indented under its parent. */
function describeTrace(spans: CollectedSpan[]): string {
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const s of spans.filter((x) => x.parentSpanId === parent)) {
      lines.push(`${'  '.repeat(depth)}${s.service} ${s.name} (kind ${s.kind})`);
      walk(s.spanId, depth + 1);
    }
  };
  const ids = new Set(spans.map((s) => s.spanId));
  for (const root of new Set(
    spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId)).map((s) => s.parentSpanId),
  )) {
    walk(root, 0);
  }
  return lines.join('\n');
}

/** The one span matching, with a readable failure when there is none or several. */
function one(spans: CollectedSpan[], what: string, match: (s: CollectedSpan) => boolean): CollectedSpan {
  const found = spans.filter(match);
  if (found.length !== 1) {
    throw new Error(`expected one ${what}, found ${found.length} in the trace:\n${describeTrace(spans)}`);
  }
  return found[0];
}

/** The client span (child of `from`) and server span (in `service`) of one gRPC call. */
function grpcHop(spans: CollectedSpan[], from: CollectedSpan, service: string, rpc: string) {
  const client = one(
    spans,
    `${from.service} → ${service} client span ${rpc}`,
    (s) => s.service === from.service && s.kind === KIND.client && s.name === rpc && s.parentSpanId === from.spanId,
  );
  const server = one(
    spans,
    `${service} server span ${rpc}`,
    (s) => s.service === service && s.kind === KIND.server && s.name === rpc && s.parentSpanId === client.spanId,
  );
  expect(client.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.grpc.status_code': 0 });
  expect(server.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.grpc.status_code': 0 });
  return { client, server };
}

/** Waits up to 30 s for `check` to give a value; `failure` says what was seen instead. */
async function waitFor<T>(check: () => T | false | undefined, failure: () => string): Promise<T> {
  try {
    return (await eventually(async () => check(), 30_000)) as T;
  } catch {
    throw new Error(failure());
  }
}

const SERVICES = ['gateway', 'catalog', 'builds', 'auth'] as const;

// Messages of the processes themselves (connections, health, background loops), not of a request:
// they may show up at any time and carry no request's ids.
const PROCESS_MESSAGES = [
  /^NATS (connection status|unreachable|reachable again)/,
  /^database (unreachable|reachable again)/,
  /^response cache state$/,
  /^change feed/,
  /^outbox relay could not publish/,
  /^consumer interrupted/,
  /^metrics scrape failed/,
];

/** Counts of log lines so far, to read only what comes after. */
function logMark(t: TestStack): Record<string, number> {
  return Object.fromEntries(SERVICES.map((s) => [s, t.stack.logs(s).split('\n').filter(Boolean).length]));
}

/** JSON log lines written since `mark`, by service. */
function logsSince(t: TestStack, mark: Record<string, number>): { service: string; line: any }[] {
  const out: { service: string; line: any }[] = [];
  for (const service of SERVICES) {
    const lines = t.stack.logs(service).split('\n').filter(Boolean).slice(mark[service]);
    for (const text of lines) {
      const start = text.indexOf('{');
      if (start < 0) continue;
      try {
        out.push({ service, line: JSON.parse(text.slice(start)) });
      } catch {
        // not a log object (e.g. a stderr message of the launcher)
      }
    }
  }
  return out;
}

let t: TestStack;
let admin: Api;
let collector: Collector;

beforeAll(async () => {
  collector = new Collector();
  const endpoint = await collector.start();
  t = await startTestStack({
    logLevel: 'info',
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      // Export within a fraction of a second instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    },
  });
  admin = t.admin;
  must(await admin.post('/api/modpack', { name: 'Traced Pack', slug: 'traced-pack', hidden: false }), 201, 'pack');
  must(
    await admin.post('/api/modpack/traced-pack/build', { version: '1.0', minecraft: '1.20.1', is_published: true }),
    201,
    'build',
  );
  must(await admin.post('/api/mod', { name: 'tracedmod', pretty_name: 'Traced Mod' }), 201, 'mod');
  must(
    await admin.post('/api/mod/tracedmod/version', { version: '1.0', md5: md5Of('tracedmod-1.0'), filesize: 1 }),
    201,
    'version',
  );
  must(
    await admin.post('/api/modpack/traced-pack/1.0/mod', { mod_slug: 'tracedmod', mod_version: '1.0' }),
    201,
    'assignment',
  );
});

afterAll(async () => {
  await t?.stop();
  await collector?.stop();
});

test('every process exports its spans to the OTLP endpoint', async () => {
  await eventually(async () => SERVICES.every((s) => collector.spans.some((x) => x.service === `depot-${s}`)), 30_000);
  expect(collector.errors).toEqual([]);
});

test('DELETE /api/mod/{name}: one trace from the gateway through auth and catalog, the event and the builds consumer', async () => {
  const caller = callerContext();
  const mark = logMark(t);
  const r = await admin.delete('/api/mod/tracedmod', { headers: { traceparent: caller.traceparent } });
  expect(r.status).toBe(200);
  // The builds consumer detached the deleted version from the build.
  await eventually(async () => {
    const build = must(await admin.get('/api/modpack/traced-pack/1.0'), 200, 'build');
    return build.mods.length === 0;
  }, 30_000);

  const names = ['publish mod.deleted', 'process mod.deleted'];
  const spans = await waitFor(
    () => {
      const s = collector.trace(caller.traceId);
      // The gateway's HTTP server span ends after its answer, so it may come in a later export than
      // its client spans (Authenticate): wait for that span itself.
      const served = s.some((x) => x.service === 'depot-gateway' && x.kind === KIND.server);
      return names.every((n) => s.some((x) => x.name === n)) && served && s;
    },
    () =>
      `trace incomplete: expected ${names.join(', ')} and the gateway's HTTP span; got:\n` +
      describeTrace(collector.trace(caller.traceId)),
  );

  // The gateway continues the caller's trace with its HTTP server span.
  const http = one(spans, 'gateway HTTP span', (s) => s.service === 'depot-gateway' && s.kind === KIND.server);
  expect(http.parentSpanId).toBe(caller.spanId);
  expect(http.name).toBe('DELETE /api/mod/:slug');
  expect(http.attributes).toMatchObject({ 'http.request.method': 'DELETE', 'http.response.status_code': 200 });

  // Authentication, then the delete: gRPC client span in the gateway, server span in the service.
  grpcHop(spans, http, 'depot-auth', 'depot.auth.v1.AuthService/Authenticate');
  const del = grpcHop(spans, http, 'depot-catalog', 'depot.catalog.v1.CatalogService/DeleteMod');

  // The outbox row written by DeleteMod's transaction carries the server span's context; the relay
  // publishes under a producer span child of it, and the consumer continues from that one.
  // (A relay's retry after a lost ack, or a redelivery, would add spans of the same kind: all are checked.)
  const publishes = spans.filter((s) => s.name === 'publish mod.deleted');
  for (const publish of publishes) {
    expect(publish).toMatchObject({ service: 'depot-catalog', kind: KIND.producer, parentSpanId: del.server.spanId });
    expect(publish.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': `${t.namespace}.mod.deleted`,
    });
  }
  const processed = spans.filter((s) => s.name === 'process mod.deleted');
  for (const p of processed) {
    expect(p).toMatchObject({ service: 'depot-builds', kind: KIND.consumer });
    expect(p.attributes).toMatchObject({ 'messaging.consumer.group.name': 'builds-detach' });
    expect(publishes.map((x) => x.spanId)).toContain(p.parentSpanId);
  }

  // Every span of the trace hangs from the caller's span: no broken parent link.
  const ids = new Set([caller.spanId, ...spans.map((s) => s.spanId)]);
  expect(spans.filter((s) => !ids.has(s.parentSpanId!)).map((s) => `${s.service} ${s.name}`)).toEqual([]);

  // Log lines of the request: the consumer's one carries the trace id; none lacks trace or request id.
  const detached = { msg: 'detached deleted mod versions', trace_id: caller.traceId };
  const lines = await waitFor(
    () => {
      const l = logsSince(t, mark);
      return l.some((x) => x.service === 'builds' && x.line.msg === detached.msg) && l;
    },
    () => `no '${detached.msg}' line from builds`,
  );
  expect(lines).toContainEqual({ service: 'builds', line: expect.objectContaining(detached) });
  expectAllCorrelated(lines);
});

test('POST /api/mod (a request with a body): the handler, the catalog call and the event are in its trace', async () => {
  const caller = callerContext();
  const r = await admin.post(
    '/api/mod',
    { name: 'bodymod', pretty_name: 'Body Mod' },
    {
      headers: { traceparent: caller.traceparent },
    },
  );
  expect(r.status).toBe(201);
  const spans = await waitFor(
    () => {
      const s = collector.trace(caller.traceId);
      return s.some((x) => x.name === 'publish mod.updated') && s.some((x) => x.service === 'depot-gateway') && s;
    },
    () => `trace incomplete:\n${describeTrace(collector.trace(caller.traceId))}`,
  );
  const http = one(spans, 'gateway HTTP span', (s) => s.service === 'depot-gateway' && s.kind === KIND.server);
  expect(http).toMatchObject({ name: 'POST /api/mod', parentSpanId: caller.spanId });
  grpcHop(spans, http, 'depot-auth', 'depot.auth.v1.AuthService/Authenticate');
  const create = grpcHop(spans, http, 'depot-catalog', 'depot.catalog.v1.CatalogService/CreateMod');
  const publish = one(spans, 'catalog publish span', (s) => s.name === 'publish mod.updated');
  expect(publish).toMatchObject({ service: 'depot-catalog', kind: KIND.producer, parentSpanId: create.server.spanId });
});

test('concurrent deletes each keep their own trace across the NATS hop', async () => {
  const mods = Array.from({ length: 6 }, (_, i) => `concurrent${i}`);
  for (const name of mods) must(await admin.post('/api/mod', { name, pretty_name: name }), 201, `mod ${name}`);
  const callers = mods.map(() => callerContext());
  const replies = await Promise.all(
    mods.map((name, i) => admin.delete(`/api/mod/${name}`, { headers: { traceparent: callers[i].traceparent } })),
  );
  expect(replies.map((r) => r.status)).toEqual(mods.map(() => 200));
  for (const caller of callers) {
    const spans = await waitFor(
      () => {
        const s = collector.trace(caller.traceId);
        return s.some((x) => x.name === 'process mod.deleted') && s.some((x) => x.name === 'publish mod.deleted') && s;
      },
      () => `trace incomplete:\n${describeTrace(collector.trace(caller.traceId))}`,
    );
    const http = one(spans, 'gateway HTTP span', (s) => s.service === 'depot-gateway' && s.kind === KIND.server);
    expect(http.parentSpanId).toBe(caller.spanId);
    const del = grpcHop(spans, http, 'depot-catalog', 'depot.catalog.v1.CatalogService/DeleteMod');
    const publish = one(spans, 'publish span', (s) => s.name === 'publish mod.deleted');
    expect(publish.parentSpanId).toBe(del.server.spanId);
    for (const p of spans.filter((s) => s.name === 'process mod.deleted')) expect(p.parentSpanId).toBe(publish.spanId);
  }
});

test('GET through the gateway to builds shares one trace, started by the gateway', async () => {
  const mark = logMark(t);
  // No incoming traceparent: the gateway's span is the root of a new trace.
  const r = await admin.get('/api/modpack/traced-pack');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ name: 'traced-pack' });

  const root = await waitFor(
    () => {
      const found = collector.spans.filter(
        (s) => s.service === 'depot-gateway' && s.name === 'GET /api/modpack/:slug' && !s.parentSpanId,
      );
      return found.length === 1 && found[0];
    },
    () => 'expected one root span GET /api/modpack/:slug from the gateway',
  );
  const spans = await waitFor(
    () => {
      const s = collector.trace(root.traceId);
      return s.some((x) => x.service === 'depot-builds' && x.kind === KIND.server) && s;
    },
    () => `trace incomplete:\n${describeTrace(collector.trace(root.traceId))}`,
  );
  expect(root).toMatchObject({
    kind: KIND.server,
    attributes: expect.objectContaining({ 'http.response.status_code': 200 }),
  });
  // The token's read access comes from auth, the pack from builds: both under the gateway's span.
  grpcHop(spans, root, 'depot-auth', 'depot.auth.v1.AuthService/ResolveReadAccess');
  // (builds' ListModpackSources, whether the response cache keeps its answer or not)
  const buildsServers = spans.filter((s) => s.service === 'depot-builds' && s.kind === KIND.server);
  for (const server of buildsServers) {
    expect(server.name).toMatch(/^depot\.builds\.v1\.BuildsService\//);
    grpcHop(spans, root, 'depot-builds', server.name);
  }
  const ids = new Set(spans.map((s) => s.spanId));
  expect(spans.filter((s) => s !== root && !ids.has(s.parentSpanId!)).map((s) => s.name)).toEqual([]);
  expectAllCorrelated(logsSince(t, mark));
});

test('a log line the gateway writes while handling a request carries its trace id', async () => {
  // With auth down, a read with a token is served as anonymous and the gateway logs a warning.
  await t.stack.stopService('auth');
  const caller = callerContext();
  const mark = logMark(t);
  const r = await admin.get('/api/modpack/traced-pack', { headers: { traceparent: caller.traceparent } });
  expect(r.status).toBe(200);
  const lines = await waitFor(
    () => {
      const l = logsSince(t, mark);
      return l.some((x) => x.line.msg === 'auth unavailable; serving read as anonymous') && l;
    },
    () => `no warning from the gateway; its output:\n${t.stack.logs('gateway')}`,
  );
  expect(lines).toContainEqual({
    service: 'gateway',
    line: expect.objectContaining({ msg: 'auth unavailable; serving read as anonymous', trace_id: caller.traceId }),
  });
  expectAllCorrelated(lines);
});

/** Every log line of a request carries its trace id or the gateway's request id. */
function expectAllCorrelated(lines: { service: string; line: any }[]) {
  const uncorrelated = lines.filter(
    ({ line }) => !line.trace_id && !line.reqId && !PROCESS_MESSAGES.some((m) => m.test(String(line.msg ?? ''))),
  );
  expect(uncorrelated).toEqual([]);
}
