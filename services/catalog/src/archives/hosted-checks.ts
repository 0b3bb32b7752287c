// A hosted archive is checked and rehashed from the store, never from the mirror URL (which, for
// a hosted version, Depot itself answers from the same store, or an old mirror may still answer
// with other bytes). The mirror audit and the pack doctor look the object up (present, with the
// recorded size, under the recorded sha256: objects are named by their content, so the name is
// the sha256 of the bytes the upload wrote); a rehash reads the bytes and computes their md5.
import { createHash } from 'node:crypto';
import { ArchiveFetchError } from './problems';
import type { ArchiveDigest } from './fetch';
import type { ArchiveStore } from '@depot/common/archive-store';

interface HostedRow {
  hosted: string | null;
  sha256: string | null;
  filesize: string | number | null;
}

/** What the store holds for a hosted version: its size, with the recorded md5 (the object's own). */
export async function hostedCheck(store: ArchiveStore, row: HostedRow, recordedMd5: string): Promise<ArchiveDigest> {
  const sha256 = row.hosted as string;
  if (row.sha256 && row.sha256 !== sha256) {
    throw new ArchiveFetchError('upstream', `the version records sha256 ${row.sha256}, its object is ${sha256}`);
  }
  const info = await store.head(sha256).catch((err: unknown) => {
    throw new ArchiveFetchError('unreachable', `the archive store failed: ${(err as Error).message}`);
  });
  if (!info) throw new ArchiveFetchError('missing', `the archive store has no object ${sha256} (hosted archive)`);
  return { md5: recordedMd5, size: info.size };
}

/** The md5 and size of a hosted object's bytes, read from the store. */
export async function hostedDigest(store: ArchiveStore, sha256: string, signal?: AbortSignal): Promise<ArchiveDigest> {
  const info = await store.head(sha256);
  if (!info) throw new ArchiveFetchError('missing', `the archive store has no object ${sha256} (hosted archive)`);
  const hash = createHash('md5');
  let size = 0;
  if (info.size > 0) {
    for await (const chunk of await store.read(sha256, 0, info.size - 1)) {
      signal?.throwIfAborted();
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
  }
  return { md5: hash.digest('hex'), size };
}
