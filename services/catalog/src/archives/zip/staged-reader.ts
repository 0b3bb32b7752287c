// yauzl's random access over a staged object (docs/archives.md#checks). yauzl reads a zip a record
// at a time, a few bytes each; a block of the object is kept so that those reads are one ranged
// read of the store per block (one GET from S3), not one per record.
import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { StagedObject } from '@depot/common/archive-store';

export class StagedReader extends yauzl.RandomAccessReader {
  static readonly BLOCK = 256 * 1024;
  private block?: { start: number; bytes: Buffer };
  /**
   * Where the next block fetched may stop: set by a reader of scattered records (the local headers
   * of large entries) to the last record it will read within a block, so that the entries' data
   * between them is not fetched for nothing.
   */
  fetchUpTo = Infinity;

  constructor(
    private readonly staged: Pick<StagedObject, 'read'>,
    private readonly base: number,
    private readonly size: number,
  ) {
    super();
  }

  /**
   * yauzl's own `read` pipes a stream per record through two more and a writable (four streams
   * for 46 bytes): a record in the block is copied from it instead.
   */
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    this.bytes(position, position + length).then((bytes) => {
      bytes.copy(buffer, offset);
      callback(null, bytes.length);
    }, callback);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.bytes(start, end).then(
      (bytes) => out.end(bytes),
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  /** Lets the block go (a reader kept open once its directory is read). */
  forget(): void {
    this.block = undefined;
  }

  /** Bytes start..end (exclusive) of this reader's range. */
  private async bytes(start: number, end: number): Promise<Buffer> {
    const b = this.block;
    if (b && start >= b.start && end <= b.start + b.bytes.length)
      return b.bytes.subarray(start - b.start, end - b.start);
    if (end - start > StagedReader.BLOCK) return this.fetch(start, end);
    const blockEnd = Math.min(this.size, start + StagedReader.BLOCK, Math.max(end, this.fetchUpTo));
    this.block = { start, bytes: await this.fetch(start, Math.max(end, blockEnd)) };
    return this.block.bytes.subarray(0, end - start);
  }

  private async fetch(start: number, end: number): Promise<Buffer> {
    end = Math.min(end, this.size);
    if (end <= start) return Buffer.alloc(0);
    const stream = await this.staged.read(this.base + start, this.base + end - 1);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** `length` bytes at `position`, through yauzl's reader (the block cache). */
export function readAt(reader: yauzl.RandomAccessReader, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  return new Promise((resolve, reject) =>
    reader.read(buffer, 0, length, position, (err, bytesRead?: number) => {
      if (err) return reject(err);
      if (bytesRead !== undefined && bytesRead < length) return reject(new Error('unexpected end of the file'));
      resolve(buffer);
    }),
  );
}
