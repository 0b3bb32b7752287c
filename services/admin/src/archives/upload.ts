// One file streamed from disk through the catalog's UploadVersionArchive, by the shared upload
// client (@depot/proto uploadArchive: the header, then the bytes in messages under gRPC's 4 MB
// limit, each copied once, with backpressure): never held in memory. The catalog digests, checks
// and records it (docs/archives.md#uploading).
import { createReadStream } from 'node:fs';
import { uploadArchive, type catalogV1, type UploadClient } from '@depot/proto';

/** The slowest transfer a deadline allows for: 1 MB/s, on top of a minute. */
const bodyMsFor = (size: number) => 60_000 + Math.ceil(size / 1_000_000) * 1000;

export function uploadFile(
  client: UploadClient,
  header: catalogV1.UploadArchiveHeader,
  file: string,
  /** How long the catalog may take to record it once sent (the CLI's call deadline). */
  recordMs: number,
): Promise<catalogV1.UploadArchiveResponse__Output> {
  return uploadArchive(client, {
    header,
    body: createReadStream(file, { highWaterMark: 256 * 1024 }),
    bodyDeadline: Date.now() + bodyMsFor(Number(header.size ?? 0)),
    recordMs,
  });
}
