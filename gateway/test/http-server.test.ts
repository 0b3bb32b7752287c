// The HTTP server below the routes (gateway/src/http-server.ts, docs/api.md#limits and #errors):
// slow and idle connections over a real socket, a request without Host, and the nosniff header on
// every kind of answer.
import net from 'node:net';
import { startStack, type Stack } from './admin/fake-stack';

let stacks: Stack[] = [];
afterEach(async () => {
  for (const s of stacks) await s.close();
  stacks = [];
});

async function start(env: Record<string, string> = {}): Promise<Stack> {
  stacks = await startStack(env);
  return stacks[0];
}

interface Exchange {
  /** Everything received, as text. */
  data: string;
  /** Whether the server closed the connection (else `ms` passed first). */
  closed: boolean;
  /** When the server closed it, from when the last byte was written. */
  closedAfterMs: number;
}

/** Writes `payload` on a fresh connection and reads until the server closes it (or `ms` pass). */
function exchange(s: Stack, payload: string, ms = 5000): Promise<Exchange> {
  const { port } = s.app.server.address() as net.AddressInfo;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let wroteAt = Date.now();
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ data, closed, closedAfterMs: Date.now() - wroteAt });
    };
    const timer = setTimeout(() => finish(false), ms);
    socket.on('connect', () => socket.write(payload, () => (wroteAt = Date.now())));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

/** Status, lower-cased headers and JSON body of the first answer in a raw HTTP/1.x text. */
function parse(data: string): { status: number; headers: Record<string, string>; body: unknown } {
  const split = data.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = data.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length'] ?? 0);
  const text = data.slice(split + 4, split + 4 + length);
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]), headers, body: text && JSON.parse(text) };
}

describe('slow and idle clients', () => {
  it('serves the documented timeouts by default: 30 s per request, checked every second; 72 s idle', async () => {
    const s = await start();
    const server = s.app.server as typeof s.app.server & { connectionsCheckingInterval: number };
    expect({
      requestTimeout: server.requestTimeout,
      headersTimeout: server.headersTimeout,
      checkedEveryMs: server.connectionsCheckingInterval,
      keepAliveTimeout: server.keepAliveTimeout,
      midRequestIdle: server.timeout,
    }).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 30_000,
      checkedEveryMs: 1000,
      keepAliveTimeout: 72_000,
      midRequestIdle: 60_000,
    });
  });

  it.each([
    ['headers never finished', 'GET /api/ HTTP/1.1\r\nHost: x\r\nX-Slow: 1'],
    ['a body that stops arriving', 'POST /api/key HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"na'],
  ])('%s: 408 JSON within REQUEST_TIMEOUT_MS and a tenth, then the connection closes', async (_what, payload) => {
    const s = await start({ REQUEST_TIMEOUT_MS: '1000' });
    const reply = await exchange(s, payload);
    expect(reply.closed).toBe(true);
    // Checked every 100 ms: at 1.0-1.1 s, with room for a busy machine (Node's default: up to 30 s late).
    expect(reply.closedAfterMs).toBeGreaterThanOrEqual(950);
    expect(reply.closedAfterMs).toBeLessThan(1700);
    const { status, headers, body } = parse(reply.data);
    expect({ status, body }).toEqual({ status: 408, body: { error: 'Request timeout.' } });
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['access-control-allow-origin']).toBe('*');
  });

  it('closes a keep-alive connection idle for KEEP_ALIVE_TIMEOUT_MS (Node adds a second), as it announces', async () => {
    const s = await start({ KEEP_ALIVE_TIMEOUT_MS: '1000' });
    const reply = await exchange(s, 'GET /api/ HTTP/1.1\r\nHost: x\r\n\r\n');
    const { status, headers } = parse(reply.data);
    expect(status).toBe(200);
    expect(headers['connection']).toBe('keep-alive');
    expect(headers['keep-alive']).toBe('timeout=1');
    expect(reply.closed).toBe(true);
    expect(reply.closedAfterMs).toBeGreaterThanOrEqual(950);
    expect(reply.closedAfterMs).toBeLessThan(2700);
  });
});

describe('a request without Host', () => {
  it('HTTP/1.1: 400 with a JSON error, then the connection closes', async () => {
    const s = await start();
    const reply = await exchange(s, 'GET /api/ HTTP/1.1\r\n\r\n');
    const { status, headers, body } = parse(reply.data);
    expect({ status, body }).toEqual({ status: 400, body: { error: 'Missing Host header.' } });
    expect(reply.closed).toBe(true);
    expect(headers['connection']).toBe('close');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['access-control-allow-origin']).toBe('*');
    // Refused before the Expect check, as Node did, and before authentication.
    const both = await exchange(
      s,
      'GET /api/token HTTP/1.1\r\nExpect: nonsense\r\nAuthorization: Bearer admin\r\n\r\n',
    );
    expect(parse(both.data)).toMatchObject({ status: 400, body: { error: 'Missing Host header.' } });
    expect(s.calls).toEqual([]);
  });

  it('HTTP/1.0 needs none: answered as usual', async () => {
    const s = await start();
    const reply = await exchange(s, 'GET /api/ HTTP/1.0\r\n\r\n');
    const { status, body } = parse(reply.data);
    expect({ status, body }).toEqual({ status: 200, body: { api: 'Depot', version: '0.1.0', stream: 'stable' } });
  });
});

describe('X-Content-Type-Options: nosniff', () => {
  it('is on every kind of answer: API, errors, 404s, limits, preflights, docs, metrics', async () => {
    const s = await start({ VERIFY_RATE_LIMIT_PER_MINUTE: '1' });
    type Opts = { token?: string; body?: string; headers?: Record<string, string> };
    const answers: [number, string, string, Opts?][] = [
      [200, 'GET', '/api/'],
      [401, 'GET', '/api/key'],
      [403, 'GET', '/api/verify/wrong'],
      [429, 'GET', '/api/verify/wrong'],
      [404, 'GET', '/nowhere'],
      [404, 'DELETE', '/api/key/x', { token: 'admin' }],
      [400, 'GET', '/api/%E0%A4%A'],
      [400, 'POST', '/api/key', { token: 'admin', body: '{"name":' }],
      [204, 'OPTIONS', '/api/key', { headers: { origin: 'https://a.test', 'access-control-request-method': 'POST' } }],
      [200, 'GET', '/docs'],
      [200, 'GET', '/api/openapi.json'],
      [200, 'GET', '/metrics'],
      [200, 'GET', '/healthz'],
    ];
    for (const [status, method, path, opts] of answers) {
      const res = await s.request(method, path, opts);
      expect({ method, path, status: res.status, nosniff: res.headers.get('x-content-type-options') }).toEqual({
        method,
        path,
        status,
        nosniff: 'nosniff',
      });
    }
  });
});
