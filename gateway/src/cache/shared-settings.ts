// The settings of shared caches in front of the gateways (a CDN or Varnish, docs/caching.md): how
// long they may keep an answer (cache/policy.ts) and how they are told to drop one (cache/purge.ts).
// Spread into the gateway's settings (config.ts), one definition each.
import { envInt, z } from '@depot/common/process';

const optional = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const httpUrl = (what: string) =>
  z
    .string()
    .refine((v) => /^https?:\/\/\S+$/.test(v) && URL.canParse(v), `${what} must be an http(s) URL`)
    .transform((v) => v.replace(/\/+$/, ''));

/** The surrogate-key headers Depot can send, by the caches that read them. */
export const KEY_HEADERS = ['surrogate-key', 'cache-tag', 'xkey'] as const;
export type KeyHeader = (typeof KEY_HEADERS)[number];

export const sharedCacheEnv = {
  SHARED_CACHE_PURGE: z
    .enum(['none', 'varnish', 'fastly', 'cloudflare'])
    .default('none')
    .meta({
      description:
        'The shared cache the gateways purge by surrogate key when a change event arrives, once per event ' +
        'for all replicas ([caching](caching.md#purge-on-change)): `varnish` (SHARED_CACHE_VARNISH_URLS), ' +
        '`fastly`, `cloudflare`; `none`: nothing is purged, and shared caches may keep a read only ' +
        'SHARED_CACHE_S_MAXAGE_SECONDS (10 s by default then).',
    }),
  SHARED_CACHE_MAX_AGE_SECONDS: envInt(0, 0).meta({
    description:
      "`max-age` of the anonymous launcher and mod reads: how long a browser or a launcher's own cache may " +
      'use one without asking again (0: it revalidates every time, with its ETag: a 304).',
  }),
  SHARED_CACHE_S_MAXAGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .meta({
      description:
        '`s-maxage` of the anonymous launcher and mod reads (and, with a purger, of downloads): how long a ' +
        'shared cache may serve one without asking. Long with a purger, since every change purges what it ' +
        'makes stale; short without.',
      defaultNote: '86400 (1 day) with SHARED_CACHE_PURGE, 10 without',
    }),
  SHARED_CACHE_STALE_WHILE_REVALIDATE_SECONDS: envInt(30, 0).meta({
    description: '`stale-while-revalidate` of those reads: past `s-maxage`, served while a fresh copy is fetched.',
  }),
  SHARED_CACHE_STALE_IF_ERROR_SECONDS: envInt(24 * 60 * 60, 0).meta({
    description:
      '`stale-if-error` of those reads and downloads: how long a shared cache may go on serving the last good ' +
      'answer while the gateways are down or failing (Varnish: its grace).',
    defaultNote: '86400 (1 day)',
  }),
  SHARED_CACHE_ERROR_SECONDS: envInt(5, 0).meta({
    description:
      '`s-maxage` of the refusals of those reads (404 above all): short, so that a slug created a moment later ' +
      'is seen; 401, 403, 429 and 5xx are never stored.',
  }),
  SHARED_CACHE_KEY_PREFIX: z
    .string()
    .default('')
    .refine((v) => /^[A-Za-z0-9_.:-]*$/.test(v), 'letters, digits and _ . : - only')
    .meta({
      description:
        'Put before every surrogate key (`depot-a:` → `depot-a:m:12`), for several Depots behind one CDN ' +
        'account (a Cloudflare purge by tag is zone-wide).',
    }),
  SHARED_CACHE_KEY_HEADERS: z
    .string()
    .default(KEY_HEADERS.join(','))
    .transform((v, ctx) => {
      const names = v
        .split(',')
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean);
      const unknown = names.filter((n) => !(KEY_HEADERS as readonly string[]).includes(n));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown header ${unknown.join(', ')}` });
      return names as KeyHeader[];
    })
    .meta({
      description:
        'The headers that name the surrogate keys of a cacheable answer, comma separated: `surrogate-key` ' +
        '(Fastly), `cache-tag` (Cloudflare), `xkey` (Varnish); empty for none.',
    }),
  SHARED_CACHE_VARNISH_URLS: optional
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(httpUrl('each Varnish address')))
    .meta({
      description:
        'The Varnish instances to purge (`SHARED_CACHE_PURGE=varnish`), comma separated: each is sent ' +
        '`PURGE /` with the keys in `xkey-purge` (deploy/varnish/default.vcl).',
    }),
  SHARED_CACHE_PURGE_SECRET: optional.meta({
    description:
      "Sent to Varnish as `X-Purge-Secret`: the shipped VCL accepts a purge carrying its `DEPOT_PURGE_SECRET`, or one from its ACL's addresses. Never logged.",
  }),
  SHARED_CACHE_FASTLY_SERVICE_ID: optional.meta({ description: 'The Fastly service purged (`fastly`).' }),
  SHARED_CACHE_FASTLY_API_TOKEN: optional.meta({
    description: 'A Fastly API token with the purge_select scope (`fastly`). Never logged.',
  }),
  SHARED_CACHE_FASTLY_API_URL: httpUrl('SHARED_CACHE_FASTLY_API_URL')
    .default('https://api.fastly.com')
    .meta({ description: "Fastly's API." }),
  SHARED_CACHE_CLOUDFLARE_ZONE_ID: optional.meta({ description: 'The Cloudflare zone purged (`cloudflare`).' }),
  SHARED_CACHE_CLOUDFLARE_API_TOKEN: optional.meta({
    description: 'A Cloudflare API token with the Cache Purge permission on that zone (`cloudflare`). Never logged.',
  }),
  SHARED_CACHE_CLOUDFLARE_API_URL: httpUrl('SHARED_CACHE_CLOUDFLARE_API_URL')
    .default('https://api.cloudflare.com/client/v4')
    .meta({ description: "Cloudflare's API." }),
  SHARED_CACHE_PURGE_TIMEOUT_MS: envInt(5_000, 100).meta({
    description:
      'A purge request must be answered within this; else it is retried (a second later, until it succeeds).',
  }),
};

export type SharedCacheSettings = z.output<z.ZodObject<typeof sharedCacheEnv>>;

/** What each purger needs (the config schema's superRefine). */
export function refineSharedCache(s: SharedCacheSettings, ctx: z.RefinementCtx): void {
  const need = (field: keyof SharedCacheSettings, present: boolean) => {
    if (!present)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `is required with SHARED_CACHE_PURGE=${s.SHARED_CACHE_PURGE}`,
      });
  };
  if (s.SHARED_CACHE_PURGE === 'varnish') need('SHARED_CACHE_VARNISH_URLS', s.SHARED_CACHE_VARNISH_URLS.length > 0);
  if (s.SHARED_CACHE_PURGE === 'fastly') {
    need('SHARED_CACHE_FASTLY_SERVICE_ID', !!s.SHARED_CACHE_FASTLY_SERVICE_ID);
    need('SHARED_CACHE_FASTLY_API_TOKEN', !!s.SHARED_CACHE_FASTLY_API_TOKEN);
  }
  if (s.SHARED_CACHE_PURGE === 'cloudflare') {
    need('SHARED_CACHE_CLOUDFLARE_ZONE_ID', !!s.SHARED_CACHE_CLOUDFLARE_ZONE_ID);
    need('SHARED_CACHE_CLOUDFLARE_API_TOKEN', !!s.SHARED_CACHE_CLOUDFLARE_API_TOKEN);
  }
}

/** `s-maxage` of the reads: the setting, else long with a purger and short without. */
export const sharedMaxAge = (s: Pick<SharedCacheSettings, 'SHARED_CACHE_S_MAXAGE_SECONDS' | 'SHARED_CACHE_PURGE'>) =>
  s.SHARED_CACHE_S_MAXAGE_SECONDS ?? (s.SHARED_CACHE_PURGE === 'none' ? 10 : 24 * 60 * 60);
