// The one sender of UploadVersionArchive (docs/archives.md#uploading), used by the gateway (a
// request's body) and the admin CLI (a file): the header, then the body's bytes gathered into
// messages of about MESSAGE_BYTES, each copied once when encoded (upload-messages.ts), with
// backpressure both ways, so that memory stays flat whatever the size. The call itself is the
// shared client's (@depot/common createClient: deadline, metrics, spans). The catalog may answer
// before the body ends (a missing version, a file that is not a zip, too large): reading stops
// there, the body paused and left to its owner. The body is bounded by inactivity (`idleMs`
// without a byte while reading) and by `bodyDeadline`; once it ended, the catalog has `recordMs`
// to check and record it (docs/api.md#limits).
import type { Readable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import type { UploadArchiveHeader } from './generated/depot/catalog/v1/UploadArchiveHeader';
import type { UploadArchiveResponse__Output } from './generated/depot/catalog/v1/UploadArchiveResponse';
import type { UploadMessage } from './upload-messages';

/**
 * The size of a message: the catalog's call buffers up to 16 of them (grpc-js's object-mode
 * stream) while it hashes, so 1 MiB messages held 16 MiB there and grew its RSS past 64 MB;
 * 256 KiB ones were as fast (docs/performance.md#where-an-uploads-time-goes).
 */
const MESSAGE_BYTES = 256 * 1024;
/** Messages written and not yet taken by HTTP/2 (1 MiB): the body is paused beyond. */
const IN_FLIGHT = 4;

/** Why the body did not arrive: no byte for idleMs, not whole by bodyDeadline, or cut short. */
export type UploadBodyProblem = 'idle' | 'overdue' | 'cut_short';

export class UploadBodyError extends Error {
  constructor(
    readonly problem: UploadBodyProblem,
    message: string,
  ) {
    super(message);
    this.name = 'UploadBodyError';
  }
}

/** The shared client's UploadVersionArchive (`PromiseClient<CatalogServiceDefinition>` has it). */
export interface UploadClient {
  UploadVersionArchive(
    messages: AsyncIterable<UploadMessage>,
    options: { deadlineMs: number; serialize: (m: UploadMessage) => Buffer; inFlight: number; signal: AbortSignal },
  ): Promise<UploadArchiveResponse__Output>;
}

export interface Upload {
  header: UploadArchiveHeader;
  body: Readable;
  /** When the body must have ended (epoch ms). */
  bodyDeadline: number;
  /** How long the catalog may take to check and record the upload once the body has ended. */
  recordMs: number;
  /** The longest time without a byte while reading; unset: no bound (a local file). */
  idleMs?: number;
}

export async function sendUpload(
  client: UploadClient,
  serialize: (m: UploadMessage) => Buffer,
  { header, body, bodyDeadline, recordMs, idleMs }: Upload,
): Promise<UploadArchiveResponse__Output> {
  const stop = new AbortController();
  const fail = (err: Error) => stop.abort(err);
  const overdue = setTimeout(
    () => fail(new UploadBodyError('overdue', 'the body did not arrive in time')),
    Math.max(0, bodyDeadline - Date.now()),
  );
  let recording: NodeJS.Timeout | undefined;
  // Recorded within recordMs of the body's end, however long the body took (the call's own
  // deadline is set at the start): else cancelled, nothing recorded, and failed as a deadline.
  const ended = () => {
    if (stop.signal.aborted) return; // settled meanwhile
    clearTimeout(overdue);
    recording = setTimeout(
      () =>
        fail(Object.assign(new Error('the upload was not recorded in time'), { code: grpc.status.DEADLINE_EXCEEDED })),
      recordMs,
    );
  };
  const reads = readsOf(body, stop.signal, idleMs);
  try {
    return await client.UploadVersionArchive(messagesOf(header, reads.chunks, ended), {
      deadlineMs: Math.max(0, bodyDeadline - Date.now()) + recordMs,
      serialize,
      inFlight: IN_FLIGHT,
      signal: stop.signal,
    });
  } finally {
    clearTimeout(overdue);
    clearTimeout(recording);
    // Settled: the body let go of at once (paused), before its owner sees the answer and may read the rest.
    reads.release();
    if (!stop.signal.aborted) stop.abort(new Error('the upload is settled'));
  }
}

/** The header, then the reads gathered into messages; `ended` once the last one is taken. */
async function* messagesOf(
  header: UploadArchiveHeader,
  reads: AsyncIterable<Buffer>,
  ended: () => void,
): AsyncGenerator<UploadMessage> {
  yield { header };
  let pending: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of reads) {
    pending.push(chunk);
    bytes += chunk.length;
    if (bytes < MESSAGE_BYTES) continue;
    yield { reads: pending, bytes };
    pending = [];
    bytes = 0;
  }
  if (bytes) yield { reads: pending, bytes };
  ended();
}

/**
 * The body's reads one at a time, the body paused while one waits to be taken. `release` removes
 * the listeners, leaving the body paused for its owner; the reads stop then (as at `stop`).
 */
function readsOf(
  body: Readable,
  stop: AbortSignal,
  idleMs?: number,
): { chunks: AsyncGenerator<Buffer>; release(): void } {
  const queue: Buffer[] = [];
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const onData = (chunk: Buffer) => {
    queue.push(chunk);
    body.pause();
    wake?.();
  };
  const cutShort = () => {
    failure ??= new UploadBodyError('cut_short', 'the body ended early');
    wake?.();
  };
  const onEnd = () => {
    // An HTTP request that ended before its Content-Length did is incomplete.
    if ((body as { complete?: boolean }).complete === false) return cutShort();
    done = true;
    wake?.();
  };
  const onClose = () => {
    if (!done) cutShort();
  };
  const onStop = () => wake?.();
  let idle: NodeJS.Timeout | undefined;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(idle);
    body.off('data', onData).off('end', onEnd).off('error', cutShort).off('close', onClose);
    body.pause();
    stop.removeEventListener('abort', onStop);
    wake?.();
  };
  body.on('data', onData).on('end', onEnd).on('error', cutShort).on('close', onClose);
  stop.addEventListener('abort', onStop);
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      yield* take();
    } finally {
      release();
    }
  }
  async function* take(): AsyncGenerator<Buffer> {
    for (;;) {
      if (released) return;
      stop.throwIfAborted();
      if (queue.length) {
        yield queue.shift()!;
        if (!queue.length && !done && !released) body.resume();
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      // Counted while reading, not while the catalog takes the messages (the body paused then).
      if (idleMs !== undefined) {
        idle = setTimeout(() => {
          failure ??= new UploadBodyError('idle', `no byte for ${idleMs} ms`);
          wake?.();
        }, idleMs);
      }
      await new Promise<void>((resolve) => (wake = resolve));
      clearTimeout(idle);
      wake = undefined;
    }
  }
  return { chunks: chunks(), release };
}
