// How the packs the catalog makes of a build (server-pack.ts, export.ts, packwiz.ts) write their
// zips: reproducible bytes (each entry stored, at one time and mode), written as a stream whose
// entries are opened one after another as yazl takes them, so memory stays flat whatever the size.
import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * How a pack's entries are written: stored (the jars are compressed already, and no compressor's
 * output enters the bytes), at 2000-01-01 00:00 local time and one mode, as a packaged jar's
 * (packaging.ts).
 */
export const PACK_ENTRY = {
  mtime: new Date(2000, 0, 1, 0, 0, 0),
  mode: 0o100644,
  compress: false,
  forceDosTimestamp: true,
};

/** The zip `write` fills (and need not end): its bytes as a stream, which a failure of `write` destroys. */
export function packZip(write: (zip: yazl.ZipFile) => Promise<void>): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  (async () => {
    await write(zip);
    zip.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  zip.outputStream.pipe(out);
  return out;
}

/**
 * Adds an archive's entry to the pack as `path`, and waits until yazl has read it out (so the next
 * is opened only then); the digests of its bytes (hex) by algorithm.
 */
export async function addEntry<A extends string>(
  pack: yazl.ZipFile,
  from: { zip: yauzl.ZipFile; entry: yauzl.Entry },
  path: string,
  algorithms: readonly A[] = [],
): Promise<Record<A, string>> {
  const source = await from.zip.openReadStreamPromise(from.entry);
  const digests = algorithms.map((a) => createHash(a));
  const counted = new Transform({
    transform(chunk: Buffer, _e, callback) {
      for (const d of digests) d.update(chunk);
      callback(null, chunk);
    },
  });
  const done = new Promise<void>((resolve, reject) => {
    counted.on('end', resolve);
    counted.on('error', reject);
  });
  // (pipeline below reports the same failure)
  done.catch(() => undefined);
  pack.addReadStream(counted, path, PACK_ENTRY);
  // Written in, then read out by yazl, before the next file is opened.
  await pipeline(source, counted);
  await done;
  return Object.fromEntries(algorithms.map((a, i) => [a, digests[i].digest('hex')])) as Record<A, string>;
}
