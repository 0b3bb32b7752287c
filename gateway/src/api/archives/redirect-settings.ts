// The settings of downloads from the bucket (redirect.ts), spread into the gateway's (config.ts):
// a file of its own, so that the settings load without the app.
import { envBaseUrl, envInt, z } from '@depot/common/process';

export const downloadRedirectEnv = {
  ARCHIVE_DOWNLOAD_REDIRECT: z
    .enum(['none', 'public', 'presigned'])
    .default('none')
    .meta({
      description:
        'With ARCHIVE_STORE=s3, a download (`/mods/{slug}/{slug}-{version}.zip`) answers `302` to the object in ' +
        'the bucket instead of its bytes: `public`, at ARCHIVE_PUBLIC_URL (a public bucket, or a CDN in front of ' +
        'it); `presigned`, at a presigned URL valid ARCHIVE_PRESIGN_SECONDS (a private bucket). `none`: the ' +
        'gateway streams the bytes. See [downloads from the bucket](archives.md#downloads-from-the-bucket).',
    }),
  ARCHIVE_PUBLIC_URL: envBaseUrl().meta({
    description:
      "Where the bucket's objects are public (ARCHIVE_DOWNLOAD_REDIRECT=public): the object of key `K` is at " +
      '`{ARCHIVE_PUBLIC_URL}K` (with ARCHIVE_S3_PREFIX in K), e.g. `https://cdn.example.com/` or ' +
      '`https://<bucket>.s3.<region>.amazonaws.com/`.',
    defaultNote: 'none',
  }),
  ARCHIVE_PRESIGN_SECONDS: envInt(300, 1)
    .pipe(z.number().max(7 * 24 * 3600))
    .meta({
      description:
        'How long a presigned download URL is valid (ARCHIVE_DOWNLOAD_REDIRECT=presigned): long enough for a slow ' +
        'download to start; at most 7 days (S3 refuses longer).',
    }),
};

export type DownloadRedirectSettings = z.output<z.ZodObject<typeof downloadRedirectEnv>> & {
  ARCHIVE_STORE: 'fs' | 's3';
};

/** What the settings cannot say alone (the config schema's superRefine). */
export function refineDownloadRedirect(s: DownloadRedirectSettings, ctx: z.RefinementCtx): void {
  if (s.ARCHIVE_DOWNLOAD_REDIRECT === 'none') return;
  if (s.ARCHIVE_STORE !== 's3') {
    ctx.addIssue({ code: 'custom', path: ['ARCHIVE_DOWNLOAD_REDIRECT'], message: 'needs ARCHIVE_STORE=s3' });
  }
  if (s.ARCHIVE_DOWNLOAD_REDIRECT === 'public' && !s.ARCHIVE_PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['ARCHIVE_PUBLIC_URL'],
      message: 'is required with ARCHIVE_DOWNLOAD_REDIRECT=public',
    });
  }
}
