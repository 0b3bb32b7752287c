// An upload forwarded to the catalog as it arrives: the request body, chunk by chunk, into the
// client-streaming UploadVersionArchive (docs/archives.md#uploading), with backpressure both ways
// (the body is paused while gRPC's buffer is full), so that memory stays flat whatever the size.
// The catalog may answer before the body ends (a missing version, a file that is not a zip, too
// large): reading stops there, and the rest is left to the route (upload.ts `leaveBody`).
import type { IncomingMessage } from 'node:http';
import * as grpc from '@grpc/grpc-js';
import type { catalogV1, CatalogServiceClient } from '@depot/proto';
import { answer } from '../../errors';

export interface UploadCall {
  header: catalogV1.UploadArchiveHeader;
  body: IncomingMessage;
  maxBytes: number;
  deadline: number;
}

export function forwardUpload(
  client: CatalogServiceClient,
  { header, body, maxBytes, deadline }: UploadCall,
): Promise<catalogV1.UploadArchiveResponse__Output> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (err: unknown, res?: catalogV1.UploadArchiveResponse__Output) => {
      if (settled) return;
      settled = true;
      body.off('data', onData).off('end', onEnd).off('error', onCutShort).off('close', onClose);
      body.pause();
      if (err) reject(err);
      else resolve(res!);
    };
    const call = client.UploadVersionArchive(
      { deadline: new Date(deadline) },
      (err: grpc.ServiceError | null, res?: catalogV1.UploadArchiveResponse__Output) => settle(err, res),
    );
    // The catalog's own refusal comes through the callback; a write after it is dropped.
    call.on('error', () => undefined);
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      const over = received > maxBytes;
      const full = !call.write({ data: chunk });
      if (over) {
        // The catalog refuses what it has (ARCHIVE_OVER_MAX) once it has removed the staged bytes.
        body.off('data', onData).pause();
        call.end();
      } else if (full) {
        body.pause();
        call.once('drain', () => settled || body.resume());
      }
    };
    const onEnd = () => call.end();
    const onCutShort = () => {
      call.cancel();
      settle(answer('archiveCutShort'));
    };
    const onClose = () => {
      if (!body.complete) onCutShort();
    };
    call.write({ header });
    body.on('data', onData).on('end', onEnd).on('error', onCutShort).on('close', onClose);
  });
}
