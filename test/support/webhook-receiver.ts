// A webhook receiver for the tests: a real HTTP server on 127.0.0.1 that records every request
// and answers as the test says (a status, or never: a hanging endpoint). Signatures are checked
// as a receiver would (docs/webhooks.md#signatures).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the body had arrived. */
  at: number;
}

/** What to answer the n-th request (0-based): a status, or 'hang' (never answer). */
export type Answer = (n: number, req: Received) => number | 'hang';

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  answer: Answer;
  close(): Promise<void>;
}

export async function startReceiver(opts: { port?: number; answer?: Answer } = {}): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    answer: opts.answer ?? (() => 200),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: 0 };
      got.at = performance.now();
      const answer = receiver.answer(receiver.received.length, got);
      receiver.received.push(got);
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answered ${answer}`);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}

/**
 * Whether `received` carries a valid Depot-Signature for `secret`, as a receiver checks it: the
 * timestamp within 5 minutes, the HMAC compared in constant time.
 */
export function signatureValid(received: Received, secret: string, now = Date.now()): boolean {
  const header = String(received.headers['depot-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
