// Uploading rows of files, a few at a time (queue.ts), each row showing its own progress and
// outcome as soon as it has one: a refused file is reported in its row and the others go on.
import { runBounded, UPLOAD_CONCURRENCY } from './queue';
import type { FileRow } from './rows';
import { uploadArchive, type ArchiveUpload } from './upload';

/** Where a row goes: its mod, and whether its version is to be created; or why it cannot go. */
export type Target = (row: FileRow) => { slug: string; create: boolean } | Error;

/** Uploads `rows`; resolves with each row's answer (undefined when refused) once all are settled. */
export async function uploadRows(
  rows: FileRow[],
  targetOf: Target,
  update: (id: number, change: Partial<FileRow>) => void,
): Promise<(ArchiveUpload | undefined)[]> {
  const results = await runBounded(rows, UPLOAD_CONCURRENCY, async (row) => {
    try {
      const target = targetOf(row);
      if (target instanceof Error) throw target;
      update(row.id, { state: 'uploading', sent: 0, error: undefined });
      const answer = await uploadArchive(
        { slug: target.slug, version: row.version.trim(), file: row.file, create: target.create, replace: row.replace },
        (sent) => update(row.id, { sent }),
      );
      update(row.id, { state: 'done', result: answer, version: answer.version.version, replace: false });
      return answer;
    } catch (error) {
      update(row.id, { state: 'failed', error });
      throw error;
    }
  });
  return results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
}
