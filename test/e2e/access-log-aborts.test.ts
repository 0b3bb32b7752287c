// One access-log line for every request, against a real stack, including those whose answer never
// finished, which Fastify's onResponse does not see: an upload whose client leaves mid-body (its
// body shorter than its Content-Length), a download the client leaves mid-file, and a pull-through
// answer the gateway cuts (over ARCHIVE_TRANSFER_TIMEOUT_MS). Each line is found by the request id
// the test sends (X-Request-Id).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { must, startTestStack, type TestStack } from '../support';
import { makeJar, putFile } from '../support/archives';

const TIMEOUT_MS = 1500;

let t: TestStack;
let upstream: http.Server;

/** The gateway's access lines of request `id`, once one has come (or after 5 s). */
async function accessLines(id: string): Promise<Record<string, unknown>[]> {
  const read = () =>
    t.stack
      .logs('gateway')
      .split('\n')
      .flatMap((text) => {
        const start = text.indexOf('{');
        if (start < 0) return [];
        try {
          return [JSON.parse(text.slice(start)) as Record<string, unknown>];
        } catch {
          return [];
        }
      })
      .filter((l) => l.msg === 'request' && l.reqId === id);
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && read().length === 0) await new Promise((r) => setTimeout(r, 50));
  // A second line, should one come, would come at once.
  await new Promise((r) => setTimeout(r, 200));
  return read();
}

/** A request of `id` whose client leaves `leaveAfterMs` after sending `body` (or after the answer's first bytes). */
function leave(
  path: string,
  {
    id,
    method = 'GET',
    headers = {},
    body,
    leaveAfterMs = 300,
  }: {
    id: string;
    method?: string;
    headers?: Record<string, string | number>;
    body?: Buffer;
    leaveAfterMs?: number;
  },
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.request(`${t.url}${path}`, { method, headers: { 'x-request-id': id, ...headers }, agent: false });
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(undefined));
    req.on('response', (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode);
      });
    });
    if (body) {
      req.write(body);
      setTimeout(() => req.destroy(), leaveAfterMs);
    } else req.end();
  });
}

const line = (id: string, route: string, status: number, method = 'GET', aborted = true) => ({
  level: 30,
  time: expect.any(Number),
  pid: expect.any(Number),
  hostname: expect.any(String),
  name: 'gateway',
  msg: 'request',
  reqId: id,
  method,
  route,
  status,
  ms: expect.any(Number),
  ...(aborted ? { aborted } : {}),
});

beforeAll(async () => {
  // (24 MB: more than the loopback's socket buffers hold, so that a download left early is unfinished.)
  // A mirror that sends its archive a byte every 100 ms: the gateway cuts it at TIMEOUT_MS.
  upstream = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-length': 1000 });
    const timer = setInterval(() => res.write('x'), 100);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t = await startTestStack({
    mirrorUrl: null,
    logLevel: 'info',
    env: {
      ARCHIVE_UPSTREAM_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
      ARCHIVE_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  must(await t.admin.post('/api/mod', { name: 'big', pretty_name: 'Big' }), 201, 'mod');
  const up = await putFile(
    `${t.url}/api/mod/big/1.0/archive?file_name=big.jar&create=true`,
    await makeJar(24_000_000),
    {
      token: t.adminToken,
    },
  );
  expect(up.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  upstream?.closeAllConnections();
  upstream?.close();
});

test('an upload whose client leaves mid-body: one line, the 400 the connection was answered, aborted', async () => {
  // Node takes the connection's end before the declared length for a malformed request, which the
  // gateway's clientError answers 400 on the socket (http-server.ts): no Fastify answer finishes.
  const status = await leave('/api/mod/big/2.0/archive?file_name=big.jar&create=true', {
    id: 'upload-left',
    method: 'PUT',
    headers: {
      authorization: `Bearer ${t.adminToken}`,
      'content-type': 'application/octet-stream',
      'content-length': 1_000_000,
    },
    body: Buffer.alloc(64 * 1024),
  });
  expect(status).toBeUndefined();
  expect(await accessLines('upload-left')).toEqual([
    line('upload-left', '/api/mod/:slug/:version/archive', 400, 'PUT'),
  ]);
});

test('a download the client leaves mid-file: one line, the 200 sent, aborted', async () => {
  expect(await leave('/mods/big/big-1.0.zip', { id: 'download-left' })).toBe(200);
  expect(await accessLines('download-left')).toEqual([line('download-left', '/mods/:slug/:file', 200)]);
});

test('a pull-through answer the gateway cuts at ARCHIVE_TRANSFER_TIMEOUT_MS: one line, the 200 sent, aborted', async () => {
  const res = await fetch(`${t.url}/mods/old/old-1.0.zip`, { headers: { 'x-request-id': 'pull-cut' } });
  expect(res.status).toBe(200);
  await expect(res.arrayBuffer()).rejects.toThrow();
  expect(await accessLines('pull-cut')).toEqual([line('pull-cut', '/mods/:slug/:file', 200)]);
});

test('a finished request: one line, without `aborted`', async () => {
  const res = await fetch(`${t.url}/api`, { headers: { 'x-request-id': 'plain' } });
  expect(res.status).toBe(200);
  expect(await accessLines('plain')).toEqual([line('plain', '/api', 200, 'GET', false)]);
});
