// Sending the files Depot lacks: each streamed from disk as the body of a hold, a few at once,
// with the bytes counted for the progress bar. A retried file starts again from its first byte,
// so its count goes back to zero: the bar never shows more than was really sent.
import type { DepotApi, HoldAnswer } from './api';
import { mapLimit } from './concurrency';
import { fileBody, type FileBody, type LocalFile } from './files';
import { UsageError } from './options';

/** Files sent at once: the link stays busy without one slow file holding up the others. */
export const SEND_CONCURRENCY = 3;

export interface SendProgress {
  /** All the bytes taken so far, over every file. */
  bytes(total: number): void;
  /** A file held (its answer in hand). */
  sent(file: LocalFile, answer: HoldAnswer): void;
}

/** Hold each file, `SEND_CONCURRENCY` at a time. Answers in the files' order. */
export async function sendFiles(
  api: DepotApi,
  files: LocalFile[],
  hashes: string[],
  progress: SendProgress,
): Promise<HoldAnswer[]> {
  let total = 0;
  return mapLimit(files, SEND_CONCURRENCY, async (file, index) => {
    let counted = 0;
    let current: FileBody | undefined;
    const open = (): ReadableStream<Uint8Array> => {
      // A new try: the bytes of the last one were not kept by Depot.
      current?.close();
      total -= counted;
      counted = 0;
      progress.bytes(total);
      current = fileBody(file.path, (n) => {
        counted += n;
        total += n;
        progress.bytes(total);
      });
      return current.stream;
    };
    // A network error is tried again; a file that could not be read is not (it would fail again).
    const retryable = () => current?.error === undefined;
    let answer: HoldAnswer;
    try {
      answer = await api.hold(file.name, file.size, open, retryable);
    } catch (err) {
      if (current?.error) throw new UsageError(`${file.path}: reading it failed (${current.error.message})`);
      throw err;
    } finally {
      current?.close();
    }
    if (answer.sha256?.toLowerCase() !== hashes[index]) {
      // Depot hashed other bytes than this command did: the file changed in between.
      throw new UsageError(`${file.path} changed while it was being published: run the command again`);
    }
    progress.sent(file, answer);
    return answer;
  });
}
