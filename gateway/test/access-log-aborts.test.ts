// The access log's one line per request when the connection ends before or as the answer is sent:
// a request the server answered by itself mid-body (REQUEST_TIMEOUT_MS's 408, written to the
// socket; Fastify's onResponse never runs for it) gets one line, marked `aborted`; a client gone
// mid-body whose answer Fastify still finished writing gets one line, not two. The streamed
// bodies a client leaves (uploads, downloads) against a real stack: test/e2e/access-log-aborts.test.ts.
import net from 'node:net';
import { startStack, type Stack } from './admin/fake-stack';

type Line = Record<string, unknown>;

const lines = (s: Stack): Line[] => s.logs.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request');

/** The access lines of request `id`, once at least one has come (or after a second). */
async function linesOf(s: Stack, id: string): Promise<Line[]> {
  const deadline = Date.now() + 1000;
  while (Date.now() < deadline && !lines(s).some((l) => l.reqId === id)) await new Promise((r) => setTimeout(r, 20));
  // A second line, should one come, would come at once.
  await new Promise((r) => setTimeout(r, 100));
  return lines(s).filter((l) => l.reqId === id);
}

/**
 * Sends `POST path` with `sent` of a body of `declared` bytes over a raw connection, leaving after
 * `leaveAfterMs` if given; resolves with what came back.
 */
function partialRequest(
  s: Stack,
  {
    id,
    path = '/api/mod',
    declared,
    sent,
    leaveAfterMs,
  }: { id: string; path?: string; declared: number; sent: string; leaveAfterMs?: number },
): Promise<string> {
  const { port } = s.app.server.address() as net.AddressInfo;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: depot.test\r\nAuthorization: Bearer admin\r\nX-Request-Id: ${id}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${sent}`,
    );
    if (leaveAfterMs !== undefined) setTimeout(() => socket.destroy(), leaveAfterMs);
  });
}

describe('requests whose answer never finished', () => {
  let s: Stack;
  beforeAll(async () => {
    [s] = await startStack({ REQUEST_TIMEOUT_MS: '1000' });
  });
  afterAll(() => s.close());

  it('a JSON body shorter than its Content-Length, the client gone: one line, the 400 it was answered', async () => {
    // The connection's end before the declared length is a malformed request to Node, answered 400
    // by clientError on the socket (then closed: `aborted`), unless Fastify's body parser, seeing
    // the body end, answered its own 400 and finished first (a plain line): a race; one line.
    const answer = await partialRequest(s, { id: 'cut-body', declared: 1000, sent: '{"name":', leaveAfterMs: 200 });
    expect(answer).toBe('');
    const logged = await linesOf(s, 'cut-body');
    expect(logged).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        msg: 'request',
        reqId: 'cut-body',
        method: 'POST',
        route: '/api/mod',
        status: 400,
        ms: expect.any(Number),
        ...(logged[0]?.aborted === undefined ? {} : { aborted: true }),
      },
    ]);
  });

  it('a body that stops arriving: the 408 the client read, in one line, aborted', async () => {
    const answer = await partialRequest(s, { id: 'slow-body', declared: 1000, sent: '{"name":' });
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(await linesOf(s, 'slow-body')).toEqual([
      expect.objectContaining({ reqId: 'slow-body', route: '/api/mod', status: 408, aborted: true }),
    ]);
  });

  it('a client gone while its answer is made: one line, 499 (nothing sent), aborted', async () => {
    // The sign-in is judged while the client leaves (the fake auth holds its judgement).
    let release!: () => void;
    s.auth.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const body = JSON.stringify({ login: 'keeper', password: 'keeper-password' });
      const answer = await partialRequest(s, {
        id: 'left-waiting',
        path: '/api/session',
        declared: body.length,
        sent: body,
        leaveAfterMs: 200,
      });
      expect(answer).toBe('');
      expect(await linesOf(s, 'left-waiting')).toEqual([
        expect.objectContaining({ reqId: 'left-waiting', route: '/api/session', status: 499, aborted: true }),
      ]);
    } finally {
      s.auth.hold = undefined;
      release();
    }
  });

  it('a finished request: one line, without `aborted`', async () => {
    const res = await s.request('GET', '/api', { headers: { 'x-request-id': 'plain' } });
    expect(res.status).toBe(200);
    const logged = await linesOf(s, 'plain');
    expect(logged).toEqual([expect.objectContaining({ reqId: 'plain', route: '/api', status: 200 })]);
    expect(logged[0]).not.toHaveProperty('aborted');
  });
});
