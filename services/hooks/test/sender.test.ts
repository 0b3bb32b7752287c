// One delivery attempt against real HTTP servers on loopback (src/sender.ts): redirects that keep
// the POST (307, 308) are followed with the same body and signature, at most 3 of them; those a
// client would follow with a GET (301, 302, 303) fail the attempt, saying where they pointed, and
// the place they point to is never called.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@depot/common';
import { Sender, signatureOf } from '../src/sender';

interface Received {
  method: string;
  path: string;
  body: string;
  signature: string | undefined;
}

const sender = new Sender({ allowHttp: true, allowPrivate: true, connectTimeoutMs: 2000, timeoutMs: 5000 });
let server: http.Server;
let base: string;
const received: Received[] = [];

/** `/to/<status>/<path>` redirects with that status to `/<path>`; anything else answers 200. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        path: req.url!,
        body,
        signature: req.headers[WEBHOOK_HEADERS.signature] as string | undefined,
      });
      const redirect = /^\/to\/(\d{3})(\/.*)$/.exec(req.url!);
      if (redirect) res.writeHead(Number(redirect[1]), { location: redirect[2] }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sender.close();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => void received.splice(0));

const SECRET = 's'.repeat(32);
const send = (path: string) =>
  sender.send({ id: 'd1', event: 'build.published', url: `${base}${path}`, secret: SECRET, body: '{"n":1}' });

test.each([307, 308])('a %i is followed with the same POST, body and signature', async (status) => {
  const attempt = await send(`/to/${status}/hook`);
  expect(attempt).toMatchObject({ outcome: 'delivered', status: 200, response: 'thanks' });
  expect(received.map((r) => [r.method, r.path, r.body])).toEqual([
    ['POST', `/to/${status}/hook`, '{"n":1}'],
    ['POST', '/hook', '{"n":1}'],
  ]);
  const [first, second] = received.map((r) => r.signature);
  expect(second).toBe(first);
  expect(first).toBe(signatureOf(SECRET, '{"n":1}', Number(/t=(\d+)/.exec(first!)![1])));
});

test('at most 3 redirects: the fourth is the answer, a failure', async () => {
  const attempt = await send('/to/307/to/307/to/307/to/307/hook');
  expect(attempt).toMatchObject({ outcome: 'failed', status: 307 });
  expect(received.map((r) => r.path)).toEqual([
    '/to/307/to/307/to/307/to/307/hook',
    '/to/307/to/307/to/307/hook',
    '/to/307/to/307/hook',
    '/to/307/hook',
  ]);
});

test.each([301, 302, 303])('a %i fails the attempt, saying where it pointed, and is not followed', async (status) => {
  const attempt = await send(`/to/${status}/elsewhere`);
  expect(attempt).toMatchObject({
    outcome: 'failed',
    status,
    response:
      `Redirected (${status}) to ${base}/elsewhere: webhooks follow only 307 and 308, which keep the POST; ` +
      'give the endpoint that URL.',
  });
  expect(received.map((r) => r.path)).toEqual([`/to/${status}/elsewhere`]);
});
