// An object of the store read as a zip by yauzl, for a reader that takes its entries' bytes (a
// server pack, the jars of an archive, an export): the directory's records through StagedReader's
// block, an entry's data streamed, so a 500 MB jar passes through and is never held whole.
import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { StagedReader } from './staged-reader';

/**
 * The store's ranged reads for yauzl, through StagedReader's block for the directory's records, and
 * streamed for an entry's data: a 500 MB jar passes through, never held whole.
 */
export class StreamingReader extends StagedReader {
  constructor(
    private readonly object: { read(start: number, end: number): Promise<Readable> },
    size: number,
  ) {
    super(object, 0, size);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (end - start <= StagedReader.BLOCK) return super._readStreamForRange(start, end);
    const out = new PassThrough();
    this.object.read(start, end - 1).then(
      (stream) => {
        out.on('close', () => stream.destroy());
        stream.on('error', (err) => out.destroy(err));
        stream.pipe(out);
      },
      (err: Error) => out.destroy(err),
    );
    return out;
  }
}

/** The zip's directory, entry by entry. */
export async function* entries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const next = new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => resolve(undefined));
      zip.once('error', reject);
    });
    zip.readEntry();
    const entry = await next;
    zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    if (!entry) return;
    yield entry;
  }
}
