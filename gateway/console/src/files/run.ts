// Uploading rows of files, a few at a time (queue.ts), each row showing its own progress and
// outcome as soon as it has one: a refused file is reported in its row and the others go on.
import { runBounded, UPLOAD_CONCURRENCY } from './queue';
import type { FileRow } from './rows';
import { uploadArchive, type ArchiveUpload } from './upload';

/**
 * Where a row goes: its mod, whether its version is to be created (and its mod, `newMod`); or why
 * it cannot go.
 */
export type Target = (row: FileRow) => { slug: string; create: boolean; newMod?: { prettyName: string } } | Error;

/** What became of a row: Depot's answer, or its refusal. */
export type RowOutcome = { answer: ArchiveUpload; error?: undefined } | { answer?: undefined; error: unknown };

/** Uploads `rows`; resolves with each row's outcome once all are settled. */
export async function uploadRows(
  rows: FileRow[],
  targetOf: Target,
  update: (id: number, change: Partial<FileRow>) => void,
): Promise<RowOutcome[]> {
  const results = await runBounded(rows, UPLOAD_CONCURRENCY, async (row) => {
    try {
      const target = targetOf(row);
      if (target instanceof Error) throw target;
      update(row.id, { state: 'uploading', sent: 0, error: undefined });
      const answer = await uploadArchive(
        {
          slug: target.slug,
          version: row.version.trim(),
          file: row.file,
          create: target.create,
          newMod: target.newMod,
          replace: row.replace,
          replaceInBuilds: row.replaceInBuilds,
        },
        (sent) => update(row.id, { sent }),
      );
      update(row.id, {
        state: 'done',
        result: answer,
        version: answer.version.version,
        replace: false,
        replaceInBuilds: false,
      });
      return answer;
    } catch (error) {
      update(row.id, { state: 'failed', error });
      throw error;
    }
  });
  return results.map((r) => (r.status === 'fulfilled' ? { answer: r.value } : { error: r.reason as unknown }));
}

/**
 * What the accepted uploads did, for a person: created, stored, and those that changed nothing
 * (the version had exactly this archive), counted apart; '' when there were none.
 */
export function uploadSummary(answers: ArchiveUpload[]): string {
  const created = answers.filter((a) => a.created_version).length;
  const stored = answers.filter((a) => a.changed && !a.created_version).length;
  const same = answers.length - created - stored;
  return [
    created ? `${created} version(s) created` : '',
    stored ? `${stored} archive(s) stored` : '',
    same ? `${same} file(s) already there (nothing changed)` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
