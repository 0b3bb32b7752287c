// The access log: one line per request at info, with the route pattern and never the URL, a
// token or a key; the request id is the caller's well-formed X-Request-Id or a new one, answered
// in X-Request-Id; ACCESS_LOG=false switches the lines off; ACCESS_LOG_FILE puts them in a file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from './admin/fake-stack';

const lines = (s: Stack) =>
  s.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

describe('access log', () => {
  let s: Stack;
  beforeAll(async () => {
    [s] = await startStack();
  });
  afterAll(() => s.close());
  beforeEach(() => {
    s.logs.length = 0;
  });

  it('writes one line per request: method, route pattern, status, time and request id', async () => {
    const res = await s.request('GET', '/api/token', { token: 'admin' });
    expect(res.status).toBe(200);
    const logged = lines(s);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/api/token',
        status: 200,
        reqId: res.headers.get('x-request-id'),
        ms: expect.any(Number),
      }),
    ]);
  });

  it('names the route pattern, never the URL, a key, a client id or a token', async () => {
    const secrets = ['platform-key', 'k-secret', 'cid-secret', 'admin'];
    await fetch(`${s.app.listeningOrigin}/api/verify/platform-key?k=k-secret&cid=cid-secret`, {
      headers: { authorization: 'Bearer admin' },
    });
    await s.request('GET', '/api/nowhere/platform-key?k=k-secret', { token: 'admin' });
    expect(lines(s).map((l) => [l.route, l.status])).toEqual([
      ['/api/verify/:key', 200],
      ['(unmatched)', 404],
    ]);
    const all = s.logs.join('\n');
    for (const secret of secrets) expect({ secret, logged: all.includes(secret) }).toEqual({ secret, logged: false });
  });

  it("keeps the caller's well-formed X-Request-Id and replaces any other", async () => {
    const kept = await fetch(`${s.app.listeningOrigin}/api`, { headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a:42');
    const replaced = await fetch(`${s.app.listeningOrigin}/api`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines(s).map((l) => l.reqId)).toEqual(['lb-7f3a:42', replaced.headers.get('x-request-id')]);
  });
});

describe('ACCESS_LOG=false', () => {
  it('writes no line per request', async () => {
    const [s] = await startStack({ ACCESS_LOG: 'false' });
    try {
      expect((await s.request('GET', '/api')).status).toBe(200);
      expect(lines(s)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('ACCESS_LOG_FILE', () => {
  it('appends the access lines to the file, the same JSON lines, and summarises them on standard output', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'depot-access-log-'));
    const file = path.join(dir, 'logs', 'gateway-access.log');
    const [s] = await startStack({ ACCESS_LOG_FILE: file, ACCESS_LOG_SUMMARY_SECONDS: '1' });
    try {
      const ok = await s.request('GET', '/api');
      const missing = await s.request('GET', '/api/nowhere?k=k-secret');
      expect([ok.status, missing.status]).toEqual([200, 404]);
      // the summary, once its second has passed
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(lines(s)).toEqual([]);
      const summaries = s.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => 'requests' in l);
      expect(summaries).toEqual([
        expect.objectContaining({
          level: 30,
          requests: 2,
          '2xx': 1,
          '4xx': 1,
          access_log: file,
          msg: `2 requests in the last 1 s (2xx 1, 4xx 1); one line each in ${file}`,
        }),
      ]);
      const inFile = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(inFile).toEqual([
        {
          level: 30,
          time: expect.any(Number),
          pid: process.pid,
          hostname: os.hostname(),
          reqId: ok.headers.get('x-request-id'),
          method: 'GET',
          route: '/api',
          status: 200,
          ms: expect.any(Number),
          msg: 'request',
        },
        expect.objectContaining({ route: '(unmatched)', status: 404, reqId: missing.headers.get('x-request-id') }),
      ]);
      expect(readFileSync(file, 'utf8')).not.toContain('k-secret');
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
