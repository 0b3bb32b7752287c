// An upload forwarded to the catalog as it arrives: the request body, chunk by chunk, into the
// client-streaming UploadVersionArchive (docs/archives.md#uploading), with backpressure both ways
// (the body is paused while 4 messages wait for HTTP/2), so that memory stays flat whatever the size.
// The catalog may answer before the body ends (a missing version, a file that is not a zip, too
// large): reading stops there, and the rest is left to the route (upload.ts `leaveBody`).
// The body is bounded by inactivity (`idleMs` without a byte) and by `bodyDeadline`, not by the
// request timeout of other routes: a large file over a slow link takes its time (docs/api.md#limits).
import type { IncomingMessage } from 'node:http';
import * as grpc from '@grpc/grpc-js';
import { catalogUpload, type catalogV1, type CatalogServiceClient, type UploadMessage } from '@depot/proto';
import { answer } from '../../errors';

/**
 * The size of a message: the catalog's call buffers up to 16 of them (grpc-js's object-mode
 * stream) while it hashes, so 1 MiB messages held 16 MiB there and grew its RSS past 64 MB;
 * 256 KiB ones were as fast (docs/performance.md#where-an-uploads-time-goes).
 */
const MESSAGE_BYTES = 256 * 1024;
/**
 * Messages written and not yet taken by HTTP/2 (1 MiB): the body is paused beyond. grpc-js's own
 * buffer (16 messages, as above) would let them pile up in the gateway instead.
 */
const IN_FLIGHT = 4;

export interface UploadCall {
  header: catalogV1.UploadArchiveHeader;
  body: IncomingMessage;
  maxBytes: number;
  /** When the body must have ended (epoch ms). */
  bodyDeadline: number;
  /** How long the catalog may take to check and record the upload once the body has ended. */
  recordMs: number;
  /** The longest time without a byte while the gateway is reading. */
  idleMs: number;
}

export function forwardUpload(
  client: CatalogServiceClient,
  { header, body, maxBytes, bodyDeadline, recordMs, idleMs }: UploadCall,
): Promise<catalogV1.UploadArchiveResponse__Output> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    let recording: NodeJS.Timeout | undefined;
    const settle = (err: unknown, res?: catalogV1.UploadArchiveResponse__Output) => {
      if (settled) return;
      settled = true;
      stopWatching();
      clearTimeout(overall);
      clearTimeout(recording);
      body.off('data', onData).off('end', onEnd).off('error', onCutShort).off('close', onClose);
      body.pause();
      if (err) reject(err);
      else resolve(res!);
    };
    // The generated method with the upload's own serializer: the body's reads are copied once.
    const call = client.makeClientStreamRequest<UploadMessage, catalogV1.UploadArchiveResponse__Output>(
      catalogUpload.path,
      catalogUpload.serialize,
      catalogUpload.deserialize as (bytes: Buffer) => catalogV1.UploadArchiveResponse__Output,
      new grpc.Metadata(),
      { deadline: new Date(bodyDeadline + recordMs) },
      (err: grpc.ServiceError | null, res?: catalogV1.UploadArchiveResponse__Output) => settle(err, res),
    );
    // The catalog's own refusal comes through the callback; a write after it is dropped.
    call.on('error', () => undefined);
    // Too slow: the call is cancelled, and the catalog removes the staged bytes (nothing stored).
    const timedOut = () => {
      call.cancel();
      settle(answer('archiveUploadTimeout'));
    };
    const overall = setTimeout(timedOut, Math.max(0, bodyDeadline - Date.now()));
    // Counted while the gateway reads, not while it waits for the catalog (body paused, below);
    // restarted (refresh) rather than replaced at each of the thousands of reads of a large body.
    const watch = () => {
      if (idle) idle.refresh();
      else idle = setTimeout(timedOut, idleMs);
    };
    const stopWatching = () => {
      clearTimeout(idle);
      idle = undefined;
    };
    let received = 0;
    // Reads are gathered into messages of up to MESSAGE_BYTES: one gRPC message per 64 KiB read
    // from the socket costs more than the bytes do. They are copied once, when encoded.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let inFlight = 0;
    let waiting = false;
    const taken = () => {
      inFlight--;
      if (!waiting || settled || inFlight >= IN_FLIGHT) return;
      waiting = false;
      watch();
      body.resume();
    };
    /** Whether more may be written now. */
    const flush = (): boolean => {
      if (!pendingBytes) return true;
      const message = { reads: pending, bytes: pendingBytes };
      pending = [];
      pendingBytes = 0;
      inFlight++;
      call.write(message, taken);
      return inFlight < IN_FLIGHT;
    };
    const onData = (chunk: Buffer) => {
      watch();
      received += chunk.length;
      pending.push(chunk);
      pendingBytes += chunk.length;
      const over = received > maxBytes;
      if (!over && pendingBytes < MESSAGE_BYTES) return;
      const full = !flush();
      if (over) {
        // The catalog refuses what it has (ARCHIVE_OVER_MAX) once it has removed the staged bytes.
        stopWatching();
        body.off('data', onData).pause();
        call.end();
      } else if (full) {
        stopWatching();
        body.pause();
        waiting = true;
      }
    };
    const onEnd = () => {
      stopWatching();
      clearTimeout(overall);
      // Recorded within recordMs of the end, however long the body took (the call's own deadline is
      // set at the start): else cancelled, nothing recorded, and answered as a deadline (503).
      recording = setTimeout(() => {
        call.cancel();
        settle(
          Object.assign(new Error('the upload was not recorded in time'), { code: grpc.status.DEADLINE_EXCEEDED }),
        );
      }, recordMs);
      flush();
      call.end();
    };
    const onCutShort = () => {
      call.cancel();
      settle(answer('archiveCutShort'));
    };
    const onClose = () => {
      if (!body.complete) onCutShort();
    };
    call.write({ header });
    watch();
    body.on('data', onData).on('end', onEnd).on('error', onCutShort).on('close', onClose);
  });
}
