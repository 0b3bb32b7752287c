// An upload's bytes as the catalog reads them: the messages after the header, as one stream (the
// store stages it, upload.ts). Cut short when the sender cancels, or sends other than it announced.
import { Readable } from 'node:stream';
import { DepotError } from '@depot/common';
import type { catalogV1 } from '@depot/proto';
import { StoreError } from '@depot/common/archive-store';

export function uploadBody(
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
