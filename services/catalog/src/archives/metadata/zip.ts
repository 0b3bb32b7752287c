// The zip reading under the metadata readers: an archive opened from a file or from a store's
// ranged reads, its directory walked once, and only the few entries wanted read, each one bounded
// in size (before it is inflated, from the size the directory states, which yauzl holds the data
// to: validateEntrySizes) and the whole read bounded in time. A failure of the store is kept apart
// from one of the content, so that the first can be thrown to the caller and the second reported.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import yauzl from 'yauzl';
import { Malformed } from './facts';

/** An archive in a store: its size and its bytes start..end (end inclusive), as StagedObject.read gives them. */
export interface RangeSource {
  size: number;
  read(start: number, end: number): Promise<Readable>;
}
/** A path on disk, or a store's ranged reads. */
export type ArchiveSource = string | RangeSource;

const OPTIONS: yauzl.Options = {
  lazyEntries: true,
  validateEntrySizes: true,
  autoClose: false,
  // Names are compared as bytes: yauzl's decoding refuses the whole zip for one odd name
  // (absolute, `..`), and the entries wanted here have ASCII names.
  decodeStrings: false,
};

/** The time allowed for the whole read is over. */
export class TimeUp extends Error {}

export class Deadline {
  private readonly at: number;
  private since = performance.now();
  constructor(readonly ms: number) {
    this.at = performance.now() + ms;
  }

  check(): void {
    if (performance.now() >= this.at) throw new TimeUp();
  }

  /** `work`, or TimeUp when the time runs out first (work's own later failure is then ignored). */
  async within<T>(work: Promise<T>): Promise<T> {
    work.catch(() => {});
    this.check();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeUp()), this.at - performance.now());
    });
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Gives the event loop a turn every 10 ms: reads served from a cached block complete as promise
   * callbacks, which would otherwise hold every other call of the service for a long directory.
   */
  async yieldNow(): Promise<void> {
    if (performance.now() - this.since < 10) return;
    await nextTurn();
    this.since = performance.now();
  }
}

/**
 * yauzl's random access over ranged reads. yauzl reads the directory a record (a few dozen bytes)
 * at a time: a block is kept so that those are one ranged read of the store per block. The first
 * error of the store is kept in `failure`.
 */
export class RangeReader extends yauzl.RandomAccessReader {
  static readonly BLOCK = 256 * 1024;
  failure?: unknown;
  private block?: { start: number; bytes: Buffer };

  constructor(private readonly source: RangeSource) {
    super();
  }

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
    const b = this.block;
    if (b && start >= b.start && end <= b.start + b.bytes.length) {
      out.end(b.bytes.subarray(start - b.start, end - b.start));
      return out;
    }
    this.open(start, end).then(
      (stream) => {
        // Stopped early (an entry larger than allowed): the store's stream is let go too.
        out.on('close', () => stream.destroy());
        stream.on('error', (err) => out.destroy(this.fail(err)));
        stream.pipe(out);
      },
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  private fail(err: unknown): Error {
    this.failure ??= err;
    return err instanceof Error ? err : new Error(String(err));
  }

  private async open(start: number, end: number): Promise<Readable> {
    try {
      return await this.source.read(start, end - 1);
    } catch (err) {
      throw this.fail(err);
    }
  }

  private async bytes(start: number, end: number): Promise<Buffer> {
    const b = this.block;
    if (b && start >= b.start && end <= b.start + b.bytes.length)
      return b.bytes.subarray(start - b.start, end - b.start);
    const fetchEnd = Math.min(this.source.size, Math.max(end, start + RangeReader.BLOCK));
    const bytes = await this.fetch(start, fetchEnd);
    if (fetchEnd - start <= RangeReader.BLOCK) this.block = { start, bytes };
    return bytes.subarray(0, end - start);
  }

  private async fetch(start: number, end: number): Promise<Buffer> {
    if (end <= start) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.open(start, end)) chunks.push(chunk as Buffer);
    } catch (err) {
      throw this.fail(err);
    }
    return Buffer.concat(chunks).subarray(0, end - start);
  }
}

export interface Opened {
  zip?: yauzl.ZipFile;
  /** The store's reader, whose `failure` tells a store error from a content one. */
  reader?: RangeReader;
}

/**
 * Opens the archive. Throws the store's error when its size cannot be known (the file is not
 * there); a content failure is thrown as yauzl's, with `opened.reader.failure` unset.
 */
export async function openSource(source: ArchiveSource, opened: Opened): Promise<yauzl.ZipFile> {
  const range: RangeSource =
    typeof source === 'string'
      ? {
          size: (await stat(source)).size,
          read: (start, end) => Promise.resolve(createReadStream(source, { start, end })),
        }
      : source;
  opened.reader = new RangeReader(range);
  opened.zip = await yauzl.fromRandomAccessReaderPromise(opened.reader, range.size, OPTIONS);
  return opened.zip;
}

export const openBuffer = (bytes: Buffer) => yauzl.fromBufferPromise(bytes, OPTIONS);

/** The entry's name, from its bytes (decodeStrings is off). */
export const entryName = (entry: yauzl.Entry) => (entry.fileName as unknown as Buffer).toString('utf8');

/** Each entry of the directory, in its order. */
export async function* walk(zip: yauzl.ZipFile, deadline: Deadline): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const next = new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const done = (value: yauzl.Entry | undefined, err?: Error) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        if (err) reject(err);
        else resolve(value);
      };
      const onEntry = (entry: yauzl.Entry) => done(entry);
      const onEnd = () => done(undefined);
      const onError = (err: Error) => done(undefined, err);
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    });
    zip.readEntry();
    const entry = await deadline.within(next);
    if (!entry) return;
    yield entry;
    await deadline.yieldNow();
  }
}

/**
 * The entry's bytes, at most `max` of them: larger is Malformed, refused from the size the
 * directory states before anything is inflated, and stopped at `max` should the data run on.
 */
export async function readEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  max: number,
  deadline: Deadline,
): Promise<Buffer> {
  if (entry.isEncrypted()) throw new Malformed('encrypted');
  if (entry.uncompressedSize > max) throw new Malformed(`larger than ${max.toLocaleString('en')} bytes`);
  const stream = await deadline.within(zip.openReadStreamPromise(entry));
  const chunks: Buffer[] = [];
  let length = 0;
  const collected = new Promise<Buffer>((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > max) reject(new Malformed(`larger than ${max.toLocaleString('en')} bytes`));
      else chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
  try {
    return await deadline.within(collected);
  } finally {
    stream.destroy();
  }
}
