// A file received, staged and read as every upload reads it (docs/archives.md#uploading): a jar
// packaged on the way, the zip checked as the launcher reads it, its metadata read. What takes it
// from there (an inspection lets it go, a hold keeps it) is the caller's; on a refusal nothing is
// left staged.
import type { Readable } from 'node:stream';
import type { ArchiveStore, StagedObject } from '@depot/common/archive-store';
import type { ModMetadata } from './metadata';
import { checkArchive, stagedBody, uploadKind, type UploadKind } from './packaging';
import { readStagedMetadata } from './upload-facts';

export interface ReadUpload {
  staged: StagedObject;
  kind: UploadKind;
  /** The file's name alone. */
  name: string;
  /** The sha256 of the file as sent (docs/releases.md). */
  sourceSha256: string;
  metadata: ModMetadata;
  /** The checks' warnings and the metadata's, as an upload answers them. */
  warnings: string[];
}

/** A metadata reader's warning as an upload answers it. */
export const metadataWarning = (w: string) => `Metadata: ${w}.`;

export async function stageAndRead(
  store: ArchiveStore,
  req: { fileName: string; size?: number },
  body: Readable,
  maxBytes: number,
  maxEntries: number,
): Promise<ReadUpload> {
  const { kind, name, entry } = uploadKind(req.fileName);
  const source = stagedBody(body, kind, entry);
  const staged = await store.stage(source.body, maxBytes);
  try {
    const checked = await checkArchive(staged, kind, { maxEntries });
    const metadata = await readStagedMetadata(staged, checked.jar);
    return {
      staged,
      kind,
      name,
      sourceSha256: source.sourceSha256(staged.digests.sha256),
      metadata,
      warnings: [...checked.warnings, ...metadata.warnings.map(metadataWarning)],
    };
  } catch (err) {
    await staged.discard();
    throw err;
  }
}
