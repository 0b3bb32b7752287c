// Every archive setting (docs/archives.md#settings), one definition: README and docs/configuration.md
// describe them from here. How archives are fetched (the catalog's rehash, mirror audit and adopt;
// the gateway and the admin CLI wait as long as a fetch may take), how large they may be, where
// the store is and how the catalog sweeps it, and the old mirror of the pull-through.
import path from 'node:path';
import { envBaseUrl, envBool, envInt, z } from '../process/config';
import { CHECKOUT_DATA_DIR } from '../process/local-stack';

// ---- fetches and sizes ----

/** One allowed host: `example.com`, `*.example.com` (its subdomains), optionally with `:port`. */
export interface HostRule {
  host: string;
  wildcard: boolean;
  /** Any port when absent. */
  port?: number;
}

/** The settings of archive fetches (docs/configuration.md). */
export const archiveEnv = {
  ARCHIVE_HOSTS: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      try {
        parseHostRules(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .meta({
      description:
        'Hosts whose archives may be fetched ([rehash and the mirror audit](admin-cli.md#rehash-and-the-mirror-audit)), ' +
        'comma separated: `mirror.example.com`, `*.cdn.example.com` (its subdomains), `[2001:db8::1]`, each ' +
        'optionally `:port` (without, any port). A version `url` on another host is refused (422). Redirects ' +
        'are followed only to these hosts.',
      defaultNote: "the mirror's host",
    }),
  ARCHIVE_ALLOW_PRIVATE: envBool(false).meta({
    description:
      '`true` lets archive fetches reach loopback, private, link-local and other non-public addresses (a ' +
      'mirror on `localhost` or inside your network). Checked on the addresses DNS answers, when connecting.',
  }),
  ARCHIVE_CONNECT_TIMEOUT_MS: envInt(5_000, 100).meta({
    description: "Name resolution and connection to an archive's host must succeed within this (each redirect too).",
  }),
  ARCHIVE_TRANSFER_TIMEOUT_MS: envInt(30_000, 100).meta({
    description:
      'A whole archive fetch, redirects included, must finish within this; the gateway and the CLI wait ' +
      'that long for a rehash (the audit, for each page).',
  }),
  ARCHIVE_MAX_BYTES: envInt(512 * 1024 * 1024, 1).meta({
    description:
      'Larger archives are not hashed by a rehash, and not accepted by an upload (413), refused as soon as ' +
      '`Content-Length` says so, else when the limit is passed; no larger server pack is made (409). Give the ' +
      'gateway and the catalog the same value.',
    defaultNote: '512 MiB',
  }),
  ARCHIVE_MAX_ENTRIES: envInt(100_000, 1).meta({
    description:
      'An uploaded zip, or the jar inside a packaged one, with more entries is refused (422), from its end ' +
      'record, before its entries are read. The check of an upload takes about a second per 100,000 entries. ' +
      'The default leaves room above the largest mod jars (tens of thousands of classes) and above the ' +
      '65,535 entries a zip holds without its zip64 extension.',
  }),
};

export type ArchiveSettings = { [K in keyof typeof archiveEnv]: z.output<(typeof archiveEnv)[K]> };

/** `a.example, *.cdn.example:8443, [2001:db8::1]` → rules; throws on an entry that is not a host. */
export function parseHostRules(value: string): HostRule[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
      if (!match) throw new Error(`"${entry}" is not a host (host, *.domain or [IPv6], optionally :port)`);
      const wildcard = match[1].startsWith('*.');
      const name = wildcard ? match[1].slice(2) : match[1];
      let host: string;
      try {
        // The URL parser normalises the name as it will normalise the URLs it is compared with.
        host = new URL(`http://${name}/`).hostname;
      } catch {
        host = '';
      }
      if (!/^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/.test(host)) {
        throw new Error(`"${entry}" is not a host (host, *.domain or [IPv6], optionally :port)`);
      }
      const port = match[2] === undefined ? undefined : Number(match[2]);
      if (port !== undefined && (port < 1 || port > 65535)) throw new Error(`"${entry}": the port must be 1-65535`);
      return { host, wildcard, ...(port !== undefined ? { port } : {}) };
    });
}

// ---- the store ----

const optional = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/** Where the store is and how to reach it: the catalog's and the gateway's (which reads it for downloads). */
export const archiveStoreReadEnv = {
  ARCHIVE_STORE: z
    .enum(['fs', 's3'])
    .default('fs')
    .describe(
      'Where hosted archives are kept: `fs` (a folder, one server) or `s3` (S3-compatible storage, any number of replicas).',
    ),
  ARCHIVE_STORE_DIR: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .meta({
      description: "The fs store's folder (created if missing).",
      defaultNote: '`.data/archives` of the checkout (where `npm start` keeps it)',
    }),
  ARCHIVE_S3_BUCKET: optional.describe("The s3 store's bucket (required with ARCHIVE_STORE=s3; it must exist)."),
  ARCHIVE_S3_PREFIX: z
    .string()
    .default('')
    .refine((v) => v === '' || v.endsWith('/'), 'must end with / (or be empty)')
    .describe("Key prefix inside the bucket, e.g. `depot/` (empty: the bucket's root)."),
  ARCHIVE_S3_ENDPOINT: optional
    .refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'must be an http(s) URL')
    .describe("The S3 API's URL for other providers than AWS (R2, MinIO, Ceph...); unset: AWS."),
  ARCHIVE_S3_REGION: z.string().default('us-east-1').describe("The bucket's region (`auto` for R2)."),
  ARCHIVE_S3_ACCESS_KEY_ID: optional.describe(
    "Credentials; unset: the SDK's default chain (environment, instance role...).",
  ),
  ARCHIVE_S3_SECRET_ACCESS_KEY: optional.describe('The secret of ARCHIVE_S3_ACCESS_KEY_ID. Never logged.'),
  ARCHIVE_S3_FORCE_PATH_STYLE: envBool(false).describe(
    '`true`: `<endpoint>/<bucket>/<key>` URLs (MinIO, Ceph, most self-hosted servers).',
  ),
  ARCHIVE_S3_CHECKSUMS: z
    .enum(['when_required', 'when_supported'])
    .default('when_required')
    .describe(
      "The SDK's request and response checksums. `when_supported` sends streamed uploads `aws-chunked`, which some S3 servers store framing and all; Depot checks every object's sha256 itself either way.",
    ),
  ARCHIVE_S3_MAX_ATTEMPTS: envInt(2, 1).describe(
    'Tries of one S3 request (the SDK retries a failure with backoff): low, so that a store that is down is answered 503 fast.',
  ),
  ARCHIVE_S3_CONNECT_TIMEOUT_MS: envInt(2_000, 100).describe('A connection to the S3 endpoint must open within this.'),
  ARCHIVE_S3_REQUEST_TIMEOUT_MS: envInt(30_000, 100).describe(
    'An S3 request may stay silent this long before it fails.',
  ),
};

/** The catalog's alone: the sweep of what no version names. */
export const archiveStoreEnv = {
  ...archiveStoreReadEnv,
  ARCHIVE_SWEEP_INTERVAL_MS: envInt(15 * 60_000, 0).describe(
    'How often the catalog removes objects no version names (left by a crash or a failed record); 0: never.',
  ),
  ARCHIVE_SWEEP_GRACE_MS: envInt(60 * 60_000, 0).describe(
    'Objects younger than this are left alone by the sweep (an upload in progress).',
  ),
};

/**
 * The old mirror: the gateway's pull-through proxies to it, `archives adopt` of the admin CLI
 * copies from it. Ends in `/`.
 */
export const archiveUpstreamEnv = {
  ARCHIVE_UPSTREAM_URL: envBaseUrl().meta({
    description:
      'The old mirror, for moving a Solder repository in ([pull-through](archives.md#pull-through)): a ' +
      'download of an archive Depot does not host (`/mods/{slug}/{slug}-{version}.zip`) is proxied to ' +
      '`{ARCHIVE_UPSTREAM_URL}mods/{slug}/{slug}-{version}.zip`, so that `SERVICE_MIRROR_URL` can point at ' +
      'Depot from the first day; `npm run admin -- archives adopt` copies from it ([adopt](archives.md#adopt)). ' +
      'Unset: such a download answers 404.',
    defaultNote: 'none',
  }),
};

/**
 * The fs store's folder without ARCHIVE_STORE_DIR: the checkout's `.data/archives`, where `npm start`
 * keeps it, so that the catalog, the gateway and the admin CLI started anyhow from one checkout
 * name the same folder.
 */
export const DEFAULT_STORE_DIR = path.join(CHECKOUT_DATA_DIR, 'archives');

/** The fs store's folder: ARCHIVE_STORE_DIR (from the working directory), or DEFAULT_STORE_DIR. */
export const storeDir = (settings: { ARCHIVE_STORE_DIR?: string }): string =>
  path.resolve(settings.ARCHIVE_STORE_DIR ?? DEFAULT_STORE_DIR);
/** What a backend needs to open (the sweep's settings are the catalog's). */
export type ArchiveStoreSettings = z.infer<z.ZodObject<typeof archiveStoreReadEnv>>;

/** What the single settings cannot say: s3 needs a bucket (the config schema's superRefine). */
export function refineArchiveStore(s: ArchiveStoreSettings, ctx: z.RefinementCtx): void {
  if (s.ARCHIVE_STORE === 's3' && !s.ARCHIVE_S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['ARCHIVE_S3_BUCKET'], message: 'is required with ARCHIVE_STORE=s3' });
  }
}
