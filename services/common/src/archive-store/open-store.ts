// The backend the settings name.
import { FsArchiveStore } from './fs-store';
import type { ArchiveStore } from './object-store';
import { S3ArchiveStore } from './s3-store';
import { storeDir, type ArchiveStoreSettings } from './settings';

export function openArchiveStore(settings: ArchiveStoreSettings): ArchiveStore {
  return settings.ARCHIVE_STORE === 's3' ? new S3ArchiveStore(settings) : new FsArchiveStore(storeDir(settings));
}
