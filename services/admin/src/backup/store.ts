// The archive store the CLI reads and writes for backup and restore: the catalog's own settings
// (ARCHIVE_STORE, ARCHIVE_STORE_DIR, ARCHIVE_S3_*, docs/archives.md#settings), so that the CLI
// given the catalog's environment opens the catalog's store; without ARCHIVE_STORE_DIR, the same
// default folder as the catalog's (storeDir: the checkout's `.data/archives`, where `npm start`
// keeps it).
import { loadConfig, z } from '@depot/common/process';
import {
  archiveEnv,
  archiveStoreEnv,
  openArchiveStore,
  refineArchiveStore,
  storeDir,
  type ArchiveStore,
  type ArchiveStoreSettings,
} from '@depot/common/archive-store';

const schema = z
  .object({ ...archiveStoreEnv, ARCHIVE_MAX_BYTES: archiveEnv.ARCHIVE_MAX_BYTES })
  .superRefine(refineArchiveStore);

/** The store's settings, with the largest archive a restore accepts. */
export type StoreSettings = ArchiveStoreSettings & { ARCHIVE_MAX_BYTES: number };

export function loadStoreSettings(env: NodeJS.ProcessEnv = process.env): StoreSettings {
  const settings = loadConfig(schema, env);
  return { ...settings, ARCHIVE_STORE_DIR: storeDir(settings) };
}

export const openStore = (settings: ArchiveStoreSettings): ArchiveStore => openArchiveStore(settings);

/** Where the store is, for messages (never credentials). */
export const describeStore = (s: ArchiveStoreSettings) =>
  s.ARCHIVE_STORE === 's3'
    ? `s3 bucket ${s.ARCHIVE_S3_BUCKET}${s.ARCHIVE_S3_PREFIX ? ` (prefix ${s.ARCHIVE_S3_PREFIX})` : ''}`
    : `folder ${s.ARCHIVE_STORE_DIR}`;
