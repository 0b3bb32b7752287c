// Pull-through from the old mirror (docs/archives.md#pull-through): with ARCHIVE_UPSTREAM_URL set,
// a download of an archive Depot does not host is proxied there by @fastify/reply-from, the proxy
// core of @fastify/http-proxy (which proxies whole prefixes with routes of its own; the download
// route decides per request, hosted or not, so it calls reply-from's `reply.from` itself).
// Credentials never leave for the upstream; its answer (200, 206, 304, 404...) is passed on as it is.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import replyFrom from '@fastify/reply-from';
import { errorBody } from '../messages';

/** What a client's request keeps on its way to the upstream: what a download's answer depends on. */
const FORWARDED = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept-encoding', 'user-agent'];

export const pullThrough = fp(
  async (app: FastifyInstance, { upstream, timeoutMs }: { upstream: string; timeoutMs: number }) => {
    await app.register(replyFrom, {
      base: new URL(upstream).origin,
      undici: { connections: 64, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      // Its own request log line is the gateway's access log.
      disableRequestLogging: true,
    });
  },
  { name: 'pull-through' },
);

/** Answers `req` from `{upstream}{path}` (path relative to it, e.g. `mods/a/a-1.zip`). */
export function fromUpstream(req: FastifyRequest, reply: FastifyReply, upstream: string, path: string): void {
  const target = new URL(path, upstream);
  void reply.from(target.pathname + target.search, {
    rewriteRequestHeaders: (_req, headers) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => FORWARDED.includes(name.toLowerCase()))),
    onError: (r) => {
      r.status(502).send(errorBody('upstreamFailed'));
    },
  });
}
