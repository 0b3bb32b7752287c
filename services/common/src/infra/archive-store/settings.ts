// The archive store's settings (docs/archives.md#settings): which backend, where, and how the
// catalog sweeps it. One definition: README and docs/archives.md describe them from here.
import path from 'node:path';
import { envBool, envInt, z } from '../config';

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
      defaultNote: "`.data/archives` under the working directory (`npm start`: the checkout's)",
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

export const archiveStoreSchema = z.object(archiveStoreEnv);

/**
 * The old mirror: the gateway's pull-through proxies to it, `archives adopt` of the admin CLI
 * copies from it. Ends in `/`.
 */
export const archiveUpstreamEnv = {
  ARCHIVE_UPSTREAM_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/*$/, '/') : undefined))
    .refine((v) => v === undefined || (/^https?:\/\/\S+$/.test(v) && URL.canParse(v)), 'must be an http(s) URL')
    .meta({
      description:
        'The old mirror, for moving a Solder repository in ([pull-through](archives.md#pull-through)): a ' +
        'download of an archive Depot does not host (`/mods/{slug}/{slug}-{version}.zip`) is proxied to ' +
        '`{ARCHIVE_UPSTREAM_URL}mods/{slug}/{slug}-{version}.zip`, so that `SERVICE_MIRROR_URL` can point at ' +
        'Depot from the first day; `npm run admin -- archives adopt` copies from it ([adopt](archives.md#adopt)). ' +
        'Unset: such a download answers 404.',
      defaultNote: 'none',
    }),
};

/** The fs store's folder: ARCHIVE_STORE_DIR, or `.data/archives` under the working directory. */
export const storeDir = (settings: { ARCHIVE_STORE_DIR?: string }): string =>
  path.resolve(settings.ARCHIVE_STORE_DIR ?? path.join('.data', 'archives'));
/** What a backend needs to open (the sweep's settings are the catalog's). */
export type ArchiveStoreSettings = z.infer<z.ZodObject<typeof archiveStoreReadEnv>>;

/** What the single settings cannot say: s3 needs a bucket (the config schema's superRefine). */
export function refineArchiveStore(s: ArchiveStoreSettings, ctx: z.RefinementCtx): void {
  if (s.ARCHIVE_STORE === 's3' && !s.ARCHIVE_S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['ARCHIVE_S3_BUCKET'], message: 'is required with ARCHIVE_STORE=s3' });
  }
}
