// One file streamed from disk through the catalog's UploadVersionArchive (client streaming: the
// header, then the bytes in chunks under gRPC's 4 MB message limit, with backpressure): never held
// in memory. The catalog digests, checks and records it (docs/archives.md#uploading).
import { createReadStream } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import type { catalogV1, CatalogServiceClient } from '@depot/proto';

const CHUNK = 256 * 1024;
/** The slowest transfer a deadline allows for: 1 MB/s, on top of a minute. */
const deadlineFor = (size: number, baseMs: number) => baseMs + 60_000 + Math.ceil(size / 1_000_000) * 1000;

export function uploadFile(
  client: CatalogServiceClient,
  header: catalogV1.UploadArchiveHeader,
  file: string,
  baseDeadlineMs: number,
): Promise<catalogV1.UploadArchiveResponse__Output> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const call = client.UploadVersionArchive(
      { deadline: Date.now() + deadlineFor(Number(header.size ?? 0), baseDeadlineMs) },
      (err: grpc.ServiceError | null, res?: catalogV1.UploadArchiveResponse__Output) => {
        settled = true;
        if (err) reject(err);
        else resolve(res as catalogV1.UploadArchiveResponse__Output);
      },
    );
    const send = async () => {
      call.write({ header });
      for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
        if (settled) return; // refused early (e.g. over the maximum): stop reading
        if (!call.write({ data: chunk as Buffer })) await new Promise((r) => call.once('drain', r));
      }
      call.end();
    };
    send().catch((err: unknown) => {
      // A file that cannot be read: the upload is cut short, nothing is recorded.
      call.cancel();
      if (!settled) reject(err);
    });
  });
}
