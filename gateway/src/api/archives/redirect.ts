// Downloads from the object store without the gateway (docs/archives.md#downloads-from-the-bucket):
// with the S3 store, a download may be answered by a redirect to the object itself, at the
// bucket's public address or a CDN in front of it (ARCHIVE_DOWNLOAD_REDIRECT=public), or at a
// short-lived presigned URL (presigned), so that the bytes never pass through a gateway. The
// Technic Launcher follows such a redirect (docs/archives.md#the-launcher-follows-redirects) and
// checks the md5 of the bytes it gets, which are the archive's: objects are named by their sha256.
import { S3ArchiveStore, type ArchiveStore } from '@depot/common/archive-store';
import { answerWith, type StatusAnswer } from '../../pipeline/answers';
import type { CachePolicy } from '../../cache/policy';
import type { DownloadRedirectSettings } from './redirect-settings';
import { attachment, type ArchiveRecord } from './serving';

/** The redirect answer of a download, or undefined when downloads are streamed (none, or not S3). */
export function downloadRedirect(
  s: DownloadRedirectSettings & { ARCHIVE_CACHE_MAX_AGE_SECONDS: number },
  store: ArchiveStore,
  policy: CachePolicy,
): ((record: ArchiveRecord, file: string) => Promise<StatusAnswer>) | undefined {
  if (s.ARCHIVE_DOWNLOAD_REDIRECT === 'none' || !(store instanceof S3ArchiveStore)) return undefined;
  if (s.ARCHIVE_DOWNLOAD_REDIRECT === 'public') {
    const base = s.ARCHIVE_PUBLIC_URL!;
    // Kept as a download is (purged by its mod's key when replaced): the object it names never changes.
    const cacheControl = policy.downloadCacheControl(s.ARCHIVE_CACHE_MAX_AGE_SECONDS);
    return async (record) =>
      answerWith(302, undefined, {
        location: store.publicUrl(base, record.sha256),
        'cache-control': cacheControl,
        ...Object.fromEntries(policy.keyHeaders(record.tags ?? [])),
      });
  }
  const seconds = s.ARCHIVE_PRESIGN_SECONDS;
  // A presigned URL expires: never kept by a shared cache, each download gets its own.
  return async (record, file) =>
    answerWith(302, undefined, {
      location: await store.presignedUrl(record.sha256, seconds, attachment(file)),
      'cache-control': 'no-store',
    });
}
