// The store's gRPC methods, both streaming: UploadVersionArchive (the client streams a header then
// the bytes) and ReadArchive (the server streams metadata then the bytes). @depot/common's
// bindHandlers serves unary methods; these follow the same rules by hand: run under the call's
// deadline, Depot reasons as statuses, an outage as UNAVAILABLE, anything else logged and INTERNAL.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import {
  DepotError,
  isConnectionError,
  isDeadlineExceeded,
  isUnavailable,
  toServiceError,
  withCallDeadline,
  type Logger,
} from '@depot/common';
import type { catalogV1 } from '@depot/proto';
import { toVersionMessage } from '../messages';
import { isStoreError, StoreError } from '@depot/common/archive-store';
import type { ArchiveReads } from './reads';
import type { ArchiveUploads } from './uploads';

export type StoreMethods = 'UploadVersionArchive' | 'ReadArchive';

type UploadCall = grpc.ServerReadableStream<catalogV1.UploadArchiveChunk__Output, catalogV1.UploadArchiveResponse>;
type ReadCall = grpc.ServerWritableStream<catalogV1.ReadArchiveRequest__Output, catalogV1.ArchiveChunk>;

const DEADLINE_EXCEEDED = { code: grpc.status.DEADLINE_EXCEEDED, details: 'Deadline exceeded.' };

/** A store's failure as the Depot reason a caller is answered. */
export function storeFailure(err: StoreError): DepotError {
  switch (err.problem) {
    case 'too_large':
      return new DepotError('ARCHIVE_OVER_MAX', {}, `The archive is larger than the server accepts: ${err.message}.`);
    case 'incomplete':
      return new DepotError('ARCHIVE_INCOMPLETE', {}, `The upload was cut short: ${err.message}.`);
    case 'missing':
      return new DepotError('ARCHIVE_MISSING', {}, `The archive is missing from the store: ${err.message}.`);
    case 'unavailable':
      return new DepotError('UNAVAILABLE', {}, 'The archive store is unavailable.');
  }
}

function toStatus(err: unknown, method: string, logger: Logger, expired: boolean): Partial<grpc.StatusObject> {
  const outage = (e: unknown) =>
    (e instanceof DepotError && e.reason === 'UNAVAILABLE') || isConnectionError(e) || isUnavailable(e);
  if (isStoreError(err)) {
    if (err.problem === 'unavailable') logger.warn({ method, err: err.message }, 'archive store unavailable');
    if (err.problem === 'missing') logger.error({ method, err: err.message }, 'a version names a missing object');
    err = storeFailure(err);
  }
  if (isDeadlineExceeded(err) || (expired && outage(err))) return DEADLINE_EXCEEDED;
  if (err instanceof DepotError) return toServiceError(err);
  if (outage(err)) {
    logger.warn({ method, err: String(err) }, 'dependency unavailable');
    return toServiceError(new DepotError('UNAVAILABLE'));
  }
  logger.error({ method, err }, 'unhandled error in gRPC handler');
  return { code: grpc.status.INTERNAL, details: 'Internal error.' };
}

const deadlineOf = (call: Pick<UploadCall, 'getDeadline'>) => {
  const d = call.getDeadline();
  return d instanceof Date ? d.getTime() : d;
};

/** The bytes after the header; cut short when the caller cancels or sends other than it announced. */
function uploadBody(
  messages: AsyncIterator<catalogV1.UploadArchiveChunk__Output>,
  announced: number | undefined,
  cancelled: AbortSignal,
): Readable {
  let received = 0;
  async function* bytes() {
    for (;;) {
      const next = await messages.next();
      if (cancelled.aborted) throw new StoreError('incomplete', 'the sender cancelled the upload');
      if (next.done) break;
      const data = next.value.data;
      if (!data) throw DepotError.fields({ data: ["Only the file's bytes may follow the header."] });
      received += data.length;
      if (announced !== undefined && received > announced) {
        throw new StoreError('incomplete', `more bytes than the ${announced} announced`);
      }
      yield data;
    }
    if (announced !== undefined && received !== announced) {
      throw new StoreError('incomplete', `${received} of the ${announced} bytes announced arrived`);
    }
  }
  const body = Readable.from(bytes(), { objectMode: false });
  // A call refused before its bytes were read ends as cancelled too: nobody reads the body then.
  body.on('error', () => undefined);
  cancelled.addEventListener('abort', () => {
    if (!body.destroyed) body.destroy(new StoreError('incomplete', 'the sender cancelled the upload'));
  });
  return body;
}

export function storeHandlers(uploads: ArchiveUploads, reads: ArchiveReads, logger: Logger) {
  return {
    UploadVersionArchive(call: UploadCall, callback: grpc.sendUnaryData<catalogV1.UploadArchiveResponse>) {
      const deadline = deadlineOf(call);
      const cancel = new AbortController();
      call.on('cancelled', () => cancel.abort());
      withCallDeadline(deadline, async () => {
        const messages = call[Symbol.asyncIterator]() as AsyncIterator<catalogV1.UploadArchiveChunk__Output>;
        const first = await messages.next();
        const h = first.done ? undefined : first.value.header;
        if (!h) throw DepotError.fields({ header: ['The first message must be the header.'] });
        const body = uploadBody(messages, h.size ?? undefined, cancel.signal);
        const r = await uploads.upload(
          {
            slug: h.slug,
            version: h.version,
            createVersion: h.create_version,
            replace: h.replace,
            fileName: h.file_name,
            size: h.size ?? undefined,
            notes: h.notes ?? null,
            replaceInBuilds: h.replace_in_builds,
            ...(h.new_mod ? { newMod: { prettyName: h.new_mod.pretty_name } } : {}),
          },
          body,
          cancel.signal,
        );
        return {
          version: toVersionMessage(r.version),
          created_version: r.createdVersion,
          changed: r.changed,
          stored: r.stored,
          packaged: r.packaged,
          warnings: r.warnings,
          created_mod: r.createdMod,
          builds: r.builds.map((b) => ({
            modpack_slug: b.modpackSlug,
            modpack_name: b.modpackName,
            build_version: b.buildVersion,
            published: b.published,
          })),
        };
      }).then(
        (response) => callback(null, response),
        (err: unknown) => callback(toStatus(err, 'UploadVersionArchive', logger, Date.now() >= deadline)),
      );
    },

    ReadArchive(call: ReadCall) {
      const deadline = deadlineOf(call);
      const req = call.request;
      const cancelled = new Promise<void>((resolve) => call.once('cancelled', () => resolve()));
      withCallDeadline(deadline, async () => {
        const r = await reads.read(req.slug, req.version, {
          headOnly: req.head_only,
          offset: req.offset,
          length: req.length,
          suffixLength: req.suffix_length,
        });
        const { body, ...metadata } = r;
        call.write({
          metadata: {
            size: metadata.size,
            md5: metadata.md5,
            sha256: metadata.sha256,
            last_modified: metadata.lastModified,
            start: metadata.start,
            end: metadata.end,
            satisfiable: metadata.satisfiable,
          },
        });
        if (!body) return;
        const stream = await body();
        void cancelled.then(() => stream.destroy());
        for await (const chunk of stream) {
          if (call.cancelled) break;
          // Backpressure: the next chunk is read once the caller has taken this one.
          if (!call.write({ data: chunk as Buffer })) await Promise.race([once(call, 'drain'), cancelled]);
        }
      }).then(
        () => call.end(),
        (err: unknown) => {
          if (!call.cancelled) call.emit('error', toStatus(err, 'ReadArchive', logger, Date.now() >= deadline));
        },
      );
    },
  };
}
