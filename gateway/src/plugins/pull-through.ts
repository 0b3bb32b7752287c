// Pull-through from the old mirror (docs/archives.md#pull-through): with ARCHIVE_UPSTREAM_URL set,
// a download of an archive Depot does not host is proxied there by @fastify/http-proxy. The
// download route is declared once (api/archives/download.ts) and decides per request, hosted or
// not; so http-proxy is applied to the gateway's own context with no route of its own (`routes:
// []`; Fastify refuses a second route on the download's path, and one under another path would be
// a public door to the upstream): the declared route gets http-proxy's `reply.fromParameters`
// (the path under the upstream's, refusing `..` and encoded separators) and `reply.from`, which
// `reply.pullThrough` below calls with its own hooks.
//
// The upstream is another origin answered from Depot's, where the web console and its session
// cookie live: only what an archive answer may carry passes. Its 200, 206 and 304 keep the content
// headers of a download (PASSED) and get Depot's own, as a hosted download (api/archives/serving.ts);
// its 404 (or 410) is the route's own 404, its 416 Depot's own 416; anything else (a redirect,
// another 4xx, a 5xx, no answer) is a 502 with Depot's message, never the upstream's body or
// headers. Credentials and the query string never leave; the whole answer, not only each wait, is
// bounded by ARCHIVE_TRANSFER_TIMEOUT_MS, and its size by ARCHIVE_MAX_BYTES.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { answer } from '../errors';
import { errorBody } from '../messages';
import { byteRangeSpecs, cacheControl, zipHeaders } from '../api/archives/serving';
import { noBody } from '../pipeline/answers';

/** What a client's request keeps on its way to the upstream (besides one byte range): what the answer depends on. */
const FORWARDED = ['if-none-match', 'if-modified-since', 'user-agent'];
/** The upstream's headers an archive answer keeps: its content's, nothing else. */
const PASSED = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
/** Every header a pulled answer may have from the upstream or for the zip: none of them on a 502. */
const ARCHIVE_HEADERS = [...PASSED, 'content-type', 'content-disposition', 'cache-control'];

/** The archive a download asks the upstream for, and the answer should it not have it either. */
export interface UpstreamArchive {
  slug: string;
  file: string;
  /** Why Depot does not host it (a reason error): the route's 404 when the upstream has none either. */
  notHosted: unknown;
}

declare module 'fastify' {
  interface FastifyReply {
    /** http-proxy's: the upstream path of `url` (under the upstream URL's path) and its reply options. */
    fromParameters?: (url: string, params: object, prefix: string) => { url: string; options: unknown };
    /**
     * Answers from the upstream's `mods/{slug}/{file}`; false (nothing sent) when that path would
     * leave `mods/{slug}/` (a `..` segment, an encoded `/` or `\`): no such archive then.
     */
    pullThrough?: (archive: UpstreamArchive) => boolean;
  }
}

interface Limits {
  timeoutMs: number;
  maxBytes: number;
  maxAgeSeconds: number;
}

/** reply-from's answer of the upstream (undici's): status, headers, body. */
interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

type ReplyOptions = NonNullable<Parameters<FastifyReply['from']>[1]>;

export const pullThrough = fp(
  async (app: FastifyInstance, { upstream, timeoutMs }: { upstream: string; timeoutMs: number }) => {
    const { config } = app.deps;
    const limits = {
      timeoutMs,
      maxBytes: config.ARCHIVE_MAX_BYTES,
      maxAgeSeconds: config.ARCHIVE_CACHE_MAX_AGE_SECONDS,
    };
    // Called on this context rather than registered: registered, http-proxy encapsulates itself
    // (its decorators would reach only routes of its own). An async function, typed as a callback.
    await (httpProxy as unknown as FastifyPluginAsync<FastifyHttpProxyOptions>)(app, {
      upstream,
      // `/mods/a/a-1.zip` → `{upstream's path}mods/a/a-1.zip`, never outside that `mods`.
      rewritePrefix: `${new URL(upstream).pathname}mods`,
      routes: [],
      // No content-type parsers of its own: the gateway's stay in force.
      proxyPayloads: false,
      // No Location passes (PASSED), rewritten or not.
      internalRewriteLocationHeader: false,
      // An upstream's 503 is a 502 at once: reply-from would retry a GET up to 10 times, each after
      // the upstream's own Retry-After.
      retryMethods: [],
      replyOptions: {
        // The path alone: the client's query string is no part of an archive's name.
        queryString: () => '',
        rewriteRequestHeaders: (_req, headers) => forwarded(headers as IncomingHttpHeaders),
        rewriteHeaders: (headers) => pick(headers as IncomingHttpHeaders, PASSED),
      },
      undici: {
        connections: 64,
        // reply-from turns certificate checks off unless told: the upstream's are checked.
        connect: { timeout: timeoutMs, rejectUnauthorized: true },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      // Its own request log line is the gateway's access log.
      disableRequestLogging: true,
    });
    app.decorateReply('pullThrough', function (this: FastifyReply, archive: UpstreamArchive): boolean {
      const { slug, file } = archive;
      if (slug === '.' || slug === '..' || /[/\\]/.test(slug + file)) return false;
      let target: { url: string; options: unknown };
      try {
        target = this.fromParameters!(`/mods/${encodeURIComponent(slug)}/${encodeURIComponent(file)}`, {}, '/mods');
      } catch {
        return false;
      }
      const pulled = new PulledAnswer(this, archive, limits);
      void this.from(target.url, {
        ...(target.options as ReplyOptions),
        onResponse: (_req, _reply, res) => pulled.upstreamAnswered(res as unknown as UpstreamResponse),
        onError: () => pulled.fail(answer('upstreamFailed')),
      });
      return true;
    });
  },
  { name: 'pull-through' },
);

/** `names` of `headers` that have one value. */
function pick(headers: IncomingHttpHeaders, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * The request's headers for the upstream. One byte range at most: the upstream could answer
 * several as multipart/byteranges, which is no zip, so several are asked as the whole file (as a
 * hosted download answers them). The bytes as they are stored (`identity`): a content coding would
 * need its Content-Encoding passed on.
 */
function forwarded(headers: IncomingHttpHeaders): Record<string, string> {
  const out = pick(headers, FORWARDED);
  const ranges = byteRangeSpecs(typeof headers.range === 'string' ? headers.range : undefined);
  if (ranges?.length === 1) {
    out.range = `bytes=${ranges[0]}`;
    if (typeof headers['if-range'] === 'string') out['if-range'] = headers['if-range'];
  }
  out['accept-encoding'] = 'identity';
  return out;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

/** One pulled download: the upstream's answer judged, then passed on or replaced, within the limits. */
class PulledAnswer {
  /** Depot answered by itself (a refusal, or the deadline): whatever the upstream sends is dropped. */
  private settled = false;
  private body?: Transform;
  private readonly deadline: NodeJS.Timeout;

  constructor(
    private readonly reply: FastifyReply,
    private readonly archive: UpstreamArchive,
    private readonly limits: Limits,
  ) {
    this.deadline = setTimeout(() => this.expire(), limits.timeoutMs);
    reply.raw.once('close', () => clearTimeout(this.deadline));
  }

  upstreamAnswered(res: UpstreamResponse): void {
    const upstream = res.stream;
    if (this.settled) return void upstream.destroy();
    const verdict = this.judge(res);
    if (verdict !== 'pass') {
      upstream.destroy();
      if (verdict === 'rangeNotSatisfiable') return this.rangeNotSatisfiable(res.headers);
      if (verdict === 'notHosted') return this.fail(this.archive.notHosted);
      // Which answer it was, for the operator: the client is told no more than the 502.
      const { statusCode: status, headers } = res;
      const details = { status, length: headers['content-length'], encoding: headers['content-encoding'] };
      return this.fail(answer('upstreamFailed'), details, 'the upstream mirror answered no archive');
    }
    const reply = this.reply;
    const method = reply.request.method;
    reply.header('cache-control', cacheControl(this.limits.maxAgeSeconds));
    if (res.statusCode === 304) {
      for (const name of ['content-length', 'content-range']) reply.removeHeader(name);
    } else {
      if (res.statusCode === 200) reply.removeHeader('content-range');
      reply.headers(zipHeaders(this.archive.file));
    }
    if (res.statusCode === 304 || method === 'HEAD') {
      upstream.resume();
      void reply.send(noBody(method));
      return;
    }
    let received = 0;
    const body = new Transform({
      transform: (chunk: Buffer, _encoding, next) => {
        received += chunk.length;
        if (received > this.limits.maxBytes) return this.cut('more than ARCHIVE_MAX_BYTES');
        next(null, chunk);
      },
    });
    this.body = body;
    upstream.on('error', () => this.cut('the upstream failed'));
    // The client gone, or the answer cut: the upstream's request ends too.
    body.on('close', () => upstream.destroy());
    void reply.send(upstream.pipe(body));
  }

  /** What becomes of the upstream's answer: passed on, or Depot's own 404, 416 or 502. */
  private judge({ statusCode: status, headers }: UpstreamResponse) {
    const { headers: asked } = this.reply.request;
    if (status === 404 || status === 410) return 'notHosted';
    // An answer to what the request did not ask (a part, a 304) is the upstream's failure too.
    const ranged = byteRangeSpecs(asked.range)?.length === 1;
    const conditional = asked['if-none-match'] !== undefined || asked['if-modified-since'] !== undefined;
    if (status === 416 && ranged) return 'rangeNotSatisfiable';
    if (!(status === 200 || (status === 206 && ranged) || (status === 304 && conditional))) return 'failed';
    const encoding = headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') return 'failed';
    const length = headers['content-length'];
    if (length !== undefined && (typeof length !== 'string' || !/^\d+$/.test(length))) return 'failed';
    if (Number(length ?? 0) > this.limits.maxBytes) return 'failed';
    if (status !== 206) return 'pass';
    const range = CONTENT_RANGE.exec(String(headers['content-range']));
    if (!range || Number(range[1]) > Number(range[2])) return 'failed';
    // The archive itself must be within the limit, whatever part of it is asked.
    return range[3] !== '*' && Number(range[3]) > this.limits.maxBytes ? 'failed' : 'pass';
  }

  /** The upstream's 416 as Depot's own (a hosted download's), keeping its Content-Range when that names the size. */
  private rangeNotSatisfiable(headers: IncomingHttpHeaders): void {
    const reply = this.reply;
    this.settled = true;
    reply.removeHeader('content-length');
    if (!/^bytes \*\/\d+$/.test(String(headers['content-range']))) reply.removeHeader('content-range');
    void reply
      .header('cache-control', cacheControl(this.limits.maxAgeSeconds))
      .code(416)
      .send(errorBody('rangeNotSatisfiable'));
  }

  /** Depot's own answer (`error`, through the route's error handler) instead of the upstream's; `why` logged. */
  fail(error: unknown, details?: object, why?: string): void {
    if (this.settled || this.reply.raw.headersSent) return;
    this.settled = true;
    if (why) this.reply.log.warn(details, `pull-through: ${why}`);
    this.dropArchiveHeaders();
    void this.reply.send(error);
  }

  /** Past the deadline: a 502 if nothing was sent yet, else the answer is cut. */
  private expire(): void {
    const why = 'no whole answer within ARCHIVE_TRANSFER_TIMEOUT_MS';
    if (this.body) this.cut(why);
    else this.fail(answer('upstreamFailed'), {}, why);
  }

  /**
   * The body stops (the upstream failed, ran over the limits): before its first byte, Fastify
   * answers the stream's error, a 502, which must not carry the zip's headers; after, the
   * connection is cut, so the client cannot take a part for the whole.
   */
  private cut(why: string): void {
    const body = this.body!;
    if (body.destroyed || body.readableEnded) return;
    this.reply.log.warn({ sent: this.reply.raw.headersSent }, `pull-through: ${why}, the answer cut`);
    if (!this.reply.raw.headersSent) this.dropArchiveHeaders();
    body.destroy(answer('upstreamFailed'));
  }

  private dropArchiveHeaders(): void {
    const { reply } = this;
    for (const name of ARCHIVE_HEADERS) {
      reply.removeHeader(name);
      // Fastify has given a streamed answer's headers to Node's response already.
      if (!reply.raw.headersSent) reply.raw.removeHeader(name);
    }
  }
}
