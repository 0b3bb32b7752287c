// The purgers of shared caches (docs/caching.md#purge-on-change), chosen by SHARED_CACHE_PURGE: each
// drops every object carrying one of the surrogate keys it is given, and fails (to be retried) when
// the cache did not confirm it. A purge is idempotent: retrying one that half succeeded is harmless.
import { RetryLater } from '@depot/common/bus';
import type { SharedCacheSettings } from './shared-settings';

export interface Purger {
  readonly name: 'varnish' | 'fastly' | 'cloudflare';
  purge(keys: readonly string[]): Promise<void>;
}

type Settings = Omit<SharedCacheSettings, 'SHARED_CACHE_S_MAXAGE_SECONDS'>;

/** The purger SHARED_CACHE_PURGE names; undefined for `none`. */
export function purgerOf(s: Settings): Purger | undefined {
  switch (s.SHARED_CACHE_PURGE) {
    case 'varnish':
      return varnishPurger(s);
    case 'fastly':
      return fastlyPurger(s);
    case 'cloudflare':
      return cloudflarePurger(s);
    default:
      return undefined;
  }
}

/** How long to wait after a 429 that says nothing of when (a CDN's purge budget refills in seconds). */
const RATE_LIMITED_RETRY_MS = 15_000;

/**
 * `fetch` bounded by the purge timeout; a status other than 2xx is a failure naming it (never the
 * secret). A 429 or a 503 is a RetryLater, after its `Retry-After` (seconds or a date): a purge API
 * over its rate limit (Cloudflare's Free plan allows 5 tag purges a minute) is not asked every second.
 */
async function send(url: string, init: RequestInit, timeoutMs: number, what: string): Promise<string> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = (await res.text()).slice(0, 500);
  if (res.status === 429 || res.status === 503) {
    const after = retryAfterMs(res.headers.get('retry-after'));
    throw new RetryLater(
      `${what} answered ${res.status}: ${text}`,
      after ?? (res.status === 429 ? RATE_LIMITED_RETRY_MS : 1000),
    );
  }
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text}`);
  return text;
}

/** A `Retry-After` in milliseconds from now (RFC 9110 §10.2.3: seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Varnish with the xkey vmod (deploy/varnish/default.vcl): `PURGE /` with the keys in `xkey-purge`
 * (space separated), to every instance; the VCL answers 200 once they are gone.
 */
function varnishPurger(s: Settings): Purger {
  const headers: Record<string, string> = {};
  if (s.SHARED_CACHE_PURGE_SECRET) headers['x-purge-secret'] = s.SHARED_CACHE_PURGE_SECRET;
  return {
    name: 'varnish',
    async purge(keys) {
      // Varnish's request header limit is 8 KiB by default: a few hundred keys per request.
      for (const part of chunks(keys, 200)) {
        // Every instance is asked, whichever fails; the retry asks them all again.
        const sent = await Promise.allSettled(
          s.SHARED_CACHE_VARNISH_URLS.map((base) =>
            send(
              `${base}/`,
              { method: 'PURGE', headers: { ...headers, 'xkey-purge': part.join(' ') } },
              s.SHARED_CACHE_PURGE_TIMEOUT_MS,
              `Varnish ${base}`,
            ),
          ),
        );
        const failed = sent.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      }
    },
  };
}

/**
 * Fastly's purge by surrogate key: `POST /service/{id}/purge` with the keys in `Surrogate-Key`
 * (at most 256 a request), authenticated by `Fastly-Key`.
 */
function fastlyPurger(s: Settings): Purger {
  const url = `${s.SHARED_CACHE_FASTLY_API_URL}/service/${encodeURIComponent(s.SHARED_CACHE_FASTLY_SERVICE_ID!)}/purge`;
  return {
    name: 'fastly',
    async purge(keys) {
      for (const part of chunks(keys, 256)) {
        await send(
          url,
          {
            method: 'POST',
            headers: {
              'fastly-key': s.SHARED_CACHE_FASTLY_API_TOKEN!,
              'surrogate-key': part.join(' '),
              accept: 'application/json',
            },
          },
          s.SHARED_CACHE_PURGE_TIMEOUT_MS,
          'Fastly',
        );
      }
    },
  };
}

/**
 * Cloudflare's purge by cache tag, on every plan: `POST /zones/{zone}/purge_cache` with
 * `{"tags": [...]}` (at most 100 a request), a bearer API token; it answers `{"success": true}`.
 */
/** Cloudflare's limit of operations (tags) in one purge request, on every plan. */
export const CLOUDFLARE_TAGS_PER_REQUEST = 100;

function cloudflarePurger(s: Settings): Purger {
  const url = `${s.SHARED_CACHE_CLOUDFLARE_API_URL}/zones/${encodeURIComponent(s.SHARED_CACHE_CLOUDFLARE_ZONE_ID!)}/purge_cache`;
  return {
    name: 'cloudflare',
    async purge(keys) {
      for (const part of chunks(keys, CLOUDFLARE_TAGS_PER_REQUEST)) {
        const text = await send(
          url,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${s.SHARED_CACHE_CLOUDFLARE_API_TOKEN!}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ tags: part }),
          },
          s.SHARED_CACHE_PURGE_TIMEOUT_MS,
          'Cloudflare',
        );
        let success = false;
        try {
          success = (JSON.parse(text) as { success?: unknown }).success === true;
        } catch {
          success = false;
        }
        if (!success) throw new Error(`Cloudflare did not confirm the purge: ${text}`);
      }
    },
  };
}
