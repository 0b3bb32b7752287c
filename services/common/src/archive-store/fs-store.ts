// The filesystem backend, the embedded default (one server): objects as files under
// ARCHIVE_STORE_DIR. A staged object is a file in `incoming/` of the same folder, written, fsynced,
// then renamed to its content address and the folder fsynced: a crash leaves a whole object under
// its final name or none, never half of one (a leftover in `incoming/` is the sweep's).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DigestStream, StoreError, isStoreError } from './digest';
import {
  objectKey,
  STAGED_FOLDER,
  type ArchiveStore,
  type ObjectInfo,
  type StagedObject,
  type StoreEntry,
} from './object-store';
import { ReadBudget } from './read-budget';

/**
 * A failure of the filesystem (full, read-only, gone) is the store failing; anything else (the
 * body's own error: cut short, too large, not a zip) passes through as it is.
 */
function unavailable(err: unknown): unknown {
  if (isStoreError(err) || !(err as NodeJS.ErrnoException)?.syscall) return err;
  return new StoreError('unavailable', `the archive folder failed: ${(err as Error).message}`, { cause: err });
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Makes a rename or unlink in `dir` durable. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class FsArchiveStore implements ArchiveStore {
  readonly kind = 'fs';
  /** The chunk bytes the reads of this store may hold at once (read-budget.ts). */
  private readonly readBudget = new ReadBudget();

  constructor(readonly dir: string) {}

  private objectPath(sha256: string): string {
    return path.join(this.dir, ...objectKey(sha256).split('/'));
  }

  private stagedPath(name: string): string {
    return path.join(this.dir, STAGED_FOLDER, path.basename(name));
  }

  async stage(body: Readable, maxBytes: number): Promise<StagedObject> {
    const file = this.stagedPath(`${randomUUID()}.part`);
    const digest = new DigestStream(maxBytes);
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // flush: fsync before the file is closed (and the pipeline done).
      await pipeline(body, digest, fs.createWriteStream(file, { flags: 'wx', mode: 0o644, flush: true }));
    } catch (err) {
      body.destroy();
      await fsp.rm(file, { force: true }).catch(() => undefined);
      throw unavailable(err);
    }
    const digests = digest.digests();
    const target = this.objectPath(digests.sha256);
    return {
      digests,
      read: (start, end) => this.readFile(file, start, end),
      commit: async () => {
        try {
          await fsp.mkdir(path.dirname(target), { recursive: true });
          const existed = await fsp.stat(target).then(
            () => true,
            (err) => (isMissing(err) ? false : Promise.reject(err)),
          );
          // Over an existing copy too: the same bytes, with a fresh time for the sweep's grace.
          await fsp.rename(file, target);
          await syncFolder(path.dirname(target));
          return { existed };
        } catch (err) {
          throw unavailable(err);
        }
      },
      discard: () => fsp.rm(file, { force: true }).catch(() => undefined),
    };
  }

  async head(sha256: string): Promise<ObjectInfo | undefined> {
    try {
      const stat = await fsp.stat(this.objectPath(sha256));
      return { size: stat.size, lastModified: stat.mtime };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw unavailable(err);
    }
  }

  read(sha256: string, start: number, end: number): Promise<Readable> {
    return this.readFile(this.objectPath(sha256), start, end);
  }

  /** Opened before it resolves, so that a missing file is an error of this call, not of the stream. */
  private async readFile(file: string, start: number, end: number): Promise<Readable> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if (isMissing(err)) throw new StoreError('missing', `no object ${path.basename(file)}`);
      throw unavailable(err);
    }
    const chunk = this.readBudget.take(end - start + 1);
    const stream = handle.createReadStream({ start, end, autoClose: true, highWaterMark: chunk.size });
    // Ended, failed or destroyed (a client gone): 'close' comes once the file is closed.
    stream.once('close', chunk.release);
    return stream;
  }

  async delete(sha256: string): Promise<void> {
    const file = this.objectPath(sha256);
    try {
      await fsp.rm(file, { force: true });
      await syncFolder(path.dirname(file)).catch((err) => (isMissing(err) ? undefined : Promise.reject(err)));
    } catch (err) {
      throw unavailable(err);
    }
  }

  async *list(): AsyncIterable<StoreEntry> {
    const entries = (dir: string) =>
      fsp
        .readdir(dir, { withFileTypes: true })
        .catch((err) => (isMissing(err) ? [] : Promise.reject(unavailable(err))));
    const stat = (file: string) =>
      fsp.stat(file).catch((err) => (isMissing(err) ? undefined : Promise.reject(unavailable(err))));
    const root = path.join(this.dir, 'sha256');
    for (const a of await entries(root)) {
      for (const b of await entries(path.join(root, a.name))) {
        for (const file of await entries(path.join(root, a.name, b.name))) {
          const s = await stat(path.join(root, a.name, b.name, file.name));
          if (s?.isFile()) yield { kind: 'object', name: file.name, lastModified: s.mtime };
        }
      }
    }
    const staged = path.join(this.dir, STAGED_FOLDER);
    for (const file of await entries(staged)) {
      const s = await stat(path.join(staged, file.name));
      if (s?.isFile()) yield { kind: 'staged', name: file.name, lastModified: s.mtime };
    }
  }

  async removeStaged(name: string): Promise<void> {
    await fsp.rm(this.stagedPath(name), { force: true }).catch((err) => Promise.reject(unavailable(err)));
  }

  async close(): Promise<void> {}
}
