// Jars and zips made for the metadata tests with yazl, in memory, and the two ways the reader is
// given one: a file on disk, or ranged reads (as from the archive store).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { RangeSource } from '../../../src/archives/metadata';

/** An entry's content: bytes or text, or a stream (for the large ones, never held whole). */
export type Content = string | Buffer | (() => Readable);

export function zipOf(files: Record<string, Content>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === 'function') zip.addReadStream(content(), name, { compressionLevel: 1 });
    else zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  return collect(zip.outputStream);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes of `unit` repeated, a MiB at a time. */
export function repeated(unit: string, size: number): () => Readable {
  const block = Buffer.alloc(1024 * 1024, unit);
  return () =>
    Readable.from(
      (function* () {
        for (let left = size; left > 0; left -= block.length)
          yield left >= block.length ? block : block.subarray(0, left);
      })(),
    );
}

/** Ranged reads over bytes in memory, counting the bytes served. */
export function ranges(bytes: Buffer): RangeSource & { served: number } {
  const source = {
    size: bytes.length,
    served: 0,
    read: (start: number, end: number) => {
      source.served += end + 1 - start;
      return Promise.resolve(Readable.from([bytes.subarray(start, end + 1)]));
    },
  };
  return source;
}

let dir: string | undefined;
let count = 0;

/** The bytes written to a file of a temporary folder, removed by `removeFiles`. */
export async function fileOf(bytes: Buffer, name = 'mod.jar'): Promise<string> {
  dir ??= await mkdtemp(join(tmpdir(), 'depot-metadata-'));
  const path = join(dir, `${count++}-${name}`);
  await writeFile(path, bytes);
  return path;
}

export async function removeFiles(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
}
