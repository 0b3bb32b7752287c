// Pull-through from the old mirror (docs/archives.md#pull-through): with ARCHIVE_UPSTREAM_URL set,
// a download of an archive Depot does not host is proxied there by @fastify/http-proxy. The
// download route is declared once (api/archives/download.ts) and decides per request, hosted or
// not; so http-proxy is applied to the gateway's own context with no route of its own (`routes:
// []`; Fastify refuses a second route on the download's path, and one under another path would be
// a public door to the upstream): the declared route gets http-proxy's `reply.fromParameters`
// (the path under the upstream's, refusing `..` and encoded separators) and `reply.from`.
// Credentials never leave for the upstream; its answer (200, 206, 304, 404...) is passed on as it is.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { errorBody } from '../messages';

/** What a client's request keeps on its way to the upstream: what a download's answer depends on. */
const FORWARDED = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept-encoding', 'user-agent'];

declare module 'fastify' {
  interface FastifyReply {
    /** http-proxy's: the upstream path of `url` (under the upstream URL's path) and its reply options. */
    fromParameters?: (url: string, params: object, prefix: string) => { url: string; options: unknown };
  }
}

export const pullThrough = fp(
  async (app: FastifyInstance, { upstream, timeoutMs }: { upstream: string; timeoutMs: number }) => {
    // Called on this context rather than registered: registered, http-proxy encapsulates itself
    // (its decorators would reach only routes of its own). An async function, typed as a callback.
    await (httpProxy as unknown as FastifyPluginAsync<FastifyHttpProxyOptions>)(app, {
      upstream,
      // `/mods/a/a-1.zip` → `{upstream's path}mods/a/a-1.zip`, never outside that `mods`.
      rewritePrefix: `${new URL(upstream).pathname}mods`,
      routes: [],
      // No content-type parsers of its own: the gateway's stay in force.
      proxyPayloads: false,
      // The upstream's Location, like every other header, is passed on as it is.
      internalRewriteLocationHeader: false,
      replyOptions: {
        rewriteRequestHeaders: (_req, headers) =>
          Object.fromEntries(Object.entries(headers).filter(([name]) => FORWARDED.includes(name.toLowerCase()))),
        onError: (reply) => {
          void reply.status(502).send(errorBody('upstreamFailed'));
        },
      },
      undici: { connections: 64, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      // Its own request log line is the gateway's access log.
      disableRequestLogging: true,
    });
  },
  { name: 'pull-through' },
);

/**
 * Answers `req` from the upstream's `mods/{slug}/{file}`; false (nothing sent) when that path
 * would leave `mods/{slug}/` (a `..` segment, an encoded `/` or `\`): no such archive then.
 */
export function fromUpstream(req: FastifyRequest, reply: FastifyReply, slug: string, file: string): boolean {
  if (slug === '.' || slug === '..' || /[/\\]/.test(slug + file)) return false;
  let target: { url: string; options: unknown };
  try {
    target = reply.fromParameters!(`/mods/${encodeURIComponent(slug)}/${encodeURIComponent(file)}`, {}, '/mods');
  } catch {
    return false;
  }
  void reply.from(target.url, target.options as Parameters<FastifyReply['from']>[1]);
  return true;
}
