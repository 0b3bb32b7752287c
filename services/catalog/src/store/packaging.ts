// What an uploaded file becomes in the store (docs/archives.md#packaging). A `.jar` is packaged
// into a zip holding `mods/<file>.jar`, reproducibly: one entry, stored (a jar is compressed
// already, and no deflate implementation then enters the bytes), a fixed time written as a plain
// DOS date (no extra field in UTC, so that the server's time zone does not enter either) and a
// fixed mode: the same jar under the same name always gives the same md5. A `.zip` is stored as
// it is. Both are checked from the staged object (ranged reads of the store, never the body in
// memory): a readable central directory, safe entry names, and for a jar a readable jar inside.
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { DepotError } from '@depot/common';
import { isStoreError } from '@depot/common/archive-store';
import type { StagedObject } from '@depot/common/archive-store';

export type UploadKind = 'jar' | 'zip';

/** The folders the launcher extracts a mod archive into (one of them at the top: no warning). */
export const LAUNCHER_FOLDERS = ['mods', 'config', 'bin'];

/** 2000-01-01 00:00 as local time: the DOS date fields read the same in every time zone. */
const PACKAGED_TIME = new Date(2000, 0, 1, 0, 0, 0);
const PACKAGED_MODE = 0o100644;

const notZip = (why: string) => new DepotError('ARCHIVE_NOT_ZIP', {}, `The file is not a zip or jar archive: ${why}.`);

/** The kind of an upload from its original name, and the name its jar gets under `mods/`. */
export function uploadKind(fileName: string): { kind: UploadKind; entry?: string } {
  // The name alone (a browser or a script may send a path), without control characters.
  const base = fileName.split(/[\\/]/).pop()?.trim() ?? '';
  if (!base || [...base].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    throw DepotError.fields({ file_name: ['The file name must be a .zip or .jar file name.'] });
  }
  const lower = base.toLowerCase();
  if (lower.endsWith('.jar') && base.length > 4) return { kind: 'jar', entry: `mods/${base}` };
  if (lower.endsWith('.zip') && base.length > 4) return { kind: 'zip' };
  throw new DepotError(
    'ARCHIVE_NOT_ZIP',
    {},
    `The file is not a zip or jar archive: ${base} is neither a .zip nor a .jar.`,
  );
}

/** Refuses at once a body that does not start as a zip does ("PK\3\4", or "PK\5\6" when empty). */
class ZipSignature extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  override _transform(chunk: Buffer, _e: BufferEncoding, callback: TransformCallback): void {
    if (this.checked) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 4) return callback();
    const sig = this.head.subarray(0, 4).toString('latin1');
    if (sig !== 'PK\u0003\u0004' && sig !== 'PK\u0005\u0006')
      return callback(notZip('the jar does not start as a zip does'));
    this.checked = true;
    callback(null, this.head);
  }
  override _flush(callback: TransformCallback): void {
    callback(this.checked ? null : notZip('the jar is empty or too short'));
  }
}

/** The zip a jar becomes, streamed: the jar's bytes pass through once and are never held. */
export function packageJar(jar: Readable, entry: string): Readable {
  const zip = new yazl.ZipFile();
  const checked = new ZipSignature();
  const out = new PassThrough();
  pipeline(jar, checked, (err) => {
    if (err) out.destroy(err);
  });
  zip.addReadStream(checked, entry, {
    mtime: PACKAGED_TIME,
    mode: PACKAGED_MODE,
    compress: false,
    forceDosTimestamp: true,
  });
  zip.end();
  pipeline(zip.outputStream, out, (err) => {
    if (err) out.destroy(err);
  });
  return out;
}

/**
 * yauzl's random access over a staged object. yauzl reads the central directory a record at a
 * time; a block of the object is kept so that those small reads are one ranged read of the store
 * per block (one GET from S3), not one per record.
 */
class StagedReader extends yauzl.RandomAccessReader {
  private block?: { start: number; bytes: Buffer };
  private static readonly BLOCK = 256 * 1024;

  constructor(
    private readonly staged: Pick<StagedObject, 'read'>,
    private readonly base: number,
    private readonly size: number,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.bytes(start, end).then(
      (bytes) => out.end(bytes),
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  /** Bytes start..end (exclusive) of this reader's range. */
  private async bytes(start: number, end: number): Promise<Buffer> {
    const b = this.block;
    if (b && start >= b.start && end <= b.start + b.bytes.length)
      return b.bytes.subarray(start - b.start, end - b.start);
    if (end - start > StagedReader.BLOCK) return this.fetch(start, end);
    const blockEnd = Math.min(this.size, start + StagedReader.BLOCK);
    this.block = { start, bytes: await this.fetch(start, Math.max(end, blockEnd)) };
    return this.block.bytes.subarray(0, end - start);
  }

  private async fetch(start: number, end: number): Promise<Buffer> {
    if (end <= start) return Buffer.alloc(0);
    const stream = await this.staged.read(this.base + start, this.base + end - 1);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** The zip's entries' names, read from its central directory; a broken zip is ARCHIVE_NOT_ZIP. */
async function entryNames(
  reader: StagedReader,
  size: number,
  what: string,
): Promise<{ names: string[]; zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(reader, size, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: false,
    });
  } catch (err) {
    if (isStoreError(err)) throw err;
    throw notZip(`${what} has no readable central directory (${(err as Error).message})`);
  }
  const names: string[] = [];
  const entries: yauzl.Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      names.push(entry.fileName);
      if (entries.length < 2) entries.push(entry);
    }
  } catch (err) {
    zip.close();
    if (isStoreError(err)) throw err;
    throw notZip(`${what} is broken (${(err as Error).message})`);
  }
  return { names, zip, entries };
}

/**
 * Checks the staged object; answers the warnings to return with the upload. A zip is refused when
 * its central directory cannot be read or an entry's name is unsafe (absolute, `..`): yauzl
 * refuses both.
 */
export async function checkArchive(staged: StagedObject, kind: UploadKind): Promise<string[]> {
  const size = staged.digests.size;
  const outer = await entryNames(
    new StagedReader(staged, 0, size),
    size,
    kind === 'jar' ? 'the packaged zip' : 'the zip',
  );
  if (kind === 'jar') {
    // The jar is the one entry, stored: its bytes lie in the object as they were sent.
    const [entry] = outer.entries;
    const { fileDataStart } = await outer.zip.readLocalFileHeaderPromise(entry, { minimal: true });
    await entryNames(
      new StagedReader(staged, fileDataStart, entry.uncompressedSize),
      entry.uncompressedSize,
      'the jar',
    );
    outer.zip.close();
    return [];
  }
  outer.zip.close();
  const top = new Set(outer.names.map((n) => n.split('/')[0]));
  if (LAUNCHER_FOLDERS.some((f) => top.has(f))) return [];
  return [
    `The zip has none of ${LAUNCHER_FOLDERS.map((f) => `${f}/`).join(', ')} at its top level: the launcher extracts it into the modpack's folder as it is.`,
  ];
}
