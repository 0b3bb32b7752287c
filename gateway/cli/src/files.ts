// The local files: checked before anything is sent, hashed as Depot hashes them (sha256 of the
// bytes on disk), and read as a stream for sending. A pack's jars can add up to gigabytes, so no
// file is ever read whole into memory.
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from './concurrency';
import { UsageError } from './options';

export interface LocalFile {
  /** The path as given. */
  path: string;
  /** The name Depot knows it by (its last path segment). */
  name: string;
  size: number;
}

/** Files hashed at once: enough to keep a disk busy, few enough not to thrash it. */
export const HASH_CONCURRENCY = 4;

/** Each path is a readable regular file, or a UsageError naming it (exit 2, before any request). */
export async function checkFiles(paths: string[]): Promise<LocalFile[]> {
  return Promise.all(
    paths.map(async (file) => {
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new UsageError(`${file}: not a file`);
        await access(file, constants.R_OK);
        size = info.size;
      } catch (err) {
        if (err instanceof UsageError) throw err;
        throw new UsageError(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
      return { path: file, name: path.basename(file), size };
    }),
  );
}

/** The sha256 (lower-case hex) of a file's bytes, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file's sha256, in order, a few at a time; `onHashed` after each. */
export async function hashFiles(files: LocalFile[], onHashed: (file: LocalFile) => void = () => {}): Promise<string[]> {
  return mapLimit(files, HASH_CONCURRENCY, async (file) => {
    const sha256 = await sha256File(file.path);
    onHashed(file);
    return sha256;
  });
}

/** A file as a web stream (what fetch sends), counting bytes as fetch takes them. */
export interface FileBody {
  stream: ReadableStream<Uint8Array>;
  /** Why reading failed, if it did (the file changed or vanished): not a network error to retry. */
  readonly error: Error | undefined;
  /** Lets the file go (after an answer, even one that came before the whole body was read). */
  close(): void;
}

export function fileBody(file: string, onBytes: (count: number) => void): FileBody {
  const source = createReadStream(file, { highWaterMark: 256 * 1024 });
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let error: Error | undefined;
  // Pulled by fetch one chunk at a time: bytes are counted when fetch takes them, so the count
  // follows the upload (within a socket buffer) instead of the disk.
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) {
          controller.close();
          return;
        }
        onBytes(value.length);
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (err) {
        error = err as Error;
        controller.error(err);
      }
    },
    cancel() {
      source.destroy();
    },
  });
  return {
    stream,
    get error() {
      return error;
    },
    close: () => source.destroy(),
  };
}
