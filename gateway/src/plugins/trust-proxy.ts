// TRUST_PROXY: which peers may tell the gateway, with X-Forwarded-For (and -Proto, -Host), who the
// client is. The rate limits count that address (docs/api.md#rate-limits), so whoever is trusted
// can choose it: only the proxies in front of the gateway may be, never every client.
import type { IncomingMessage } from 'node:http';
import proxyAddr, { compile } from '@fastify/proxy-addr';
import { z } from '@depot/common/process';

/** Nobody (`false`), the last `n` hops, or the addresses/CIDRs of the proxies. */
export type TrustProxy = false | number | string[];

/** Values that would trust every peer: `true` and its synonyms, a /0 range. */
const EVERYONE = /^(true|yes|on|all|\*)$/i;
const WHOLE_RANGE = /\/(0|0\.0\.0\.0)$/;
const NOBODY = /^(|false|no|off|0)$/i;

export const TRUST_PROXY_INSTEAD =
  'set the number of proxies in front of the gateway (e.g. 1) or their addresses or CIDRs, comma separated (e.g. 10.0.0.1,10.1.0.0/16)';

/**
 * `false` (the default): X-Forwarded-* are ignored. A hop count (`1`: the ingress controller)
 * trusts that many peers nearest the gateway, whoever they are, so only when nothing else can reach
 * it; a comma-separated list of addresses or CIDRs (or `loopback`, `linklocal`, `uniquelocal`)
 * trusts those peers only. `true`, or a /0 range, would let every client choose its address: refused.
 */
export const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (NOBODY.test(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const proxies = value.split(',').map((p) => p.trim());
    if (EVERYONE.test(value) || proxies.some((p) => WHOLE_RANGE.test(p))) {
      ctx.addIssue({
        code: 'custom',
        message: `"${raw}" would let every client choose its address with X-Forwarded-For: ${TRUST_PROXY_INSTEAD}`,
      });
      return z.NEVER;
    }
    try {
      // The parser Fastify itself uses: an entry it would refuse is refused at start, not at the first request.
      compile(proxies);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `${(err as Error).message}: ${TRUST_PROXY_INSTEAD}` });
      return z.NEVER;
    }
    return proxies;
  });

/**
 * Fastify's `trustProxy`. Fastify refuses a bare hop count (it cannot tell a proxy from a client
 * that connects directly), so a count is the function it would have been: the peer and the next
 * `hops - 1` addresses of X-Forwarded-For are proxies, the address before them is the client.
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_addr, hop) => hop < trust;
}

/**
 * The client's address of a request not (yet) in Fastify's hands (cache/replay.ts): what Fastify's
 * `request.ip` gives for the same `trustProxy` (its own computation, with the same library).
 */
export function clientAddressOf(
  trust: ReturnType<typeof trustProxyOption>,
): (req: IncomingMessage) => string | undefined {
  if (trust === false) return (req) => req.socket.remoteAddress;
  const trusted = typeof trust === 'function' ? trust : compile(trust);
  return (req) => {
    const addresses = proxyAddr.all(req, trusted);
    return addresses[addresses.length - 1];
  };
}
