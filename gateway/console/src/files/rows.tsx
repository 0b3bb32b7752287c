// The files being published, one row each: the file, the version it becomes (suggested, editable
// until it is uploaded), and how its upload goes (waiting, progress, done with what Depot found, or
// refused in the console's words). Shared by the mod page and the "from files" forms of the mod
// library and the build page.
import { useCallback, useState } from 'react';
import { VERSION_PATTERN } from '@depot/common/names';
import { ApiError } from '../api';
import { fileSize } from '../format';
import { ARCHIVE_EXISTS_TEXT, fieldMessage, personMessage } from '../wording';
import { factsLine, type ModFacts } from './inspect';
import type { ArchiveUpload } from './upload';

export type RowState = 'ready' | 'uploading' | 'done' | 'failed';

export interface FileRow {
  id: number;
  file: File;
  /** The mod it is a version of, where files of several mods are dropped together. */
  slug?: string;
  version: string;
  state: RowState;
  /** Bytes sent so far. */
  sent: number;
  result?: ArchiveUpload;
  error?: unknown;
  /** Replace the archive the version already has (offered after Depot refused to). */
  replace?: boolean;
  /** ...in the builds that use it too (offered after Depot named them). */
  replaceInBuilds?: boolean;
  /** Depot is reading what the file says (files/inspect.ts). */
  reading?: boolean;
  /** What the file's metadata says, once read. */
  facts?: ModFacts;
  /** The person typed the version, or the mod's slug: an answer arriving later leaves them. */
  versionTyped?: boolean;
  slugTyped?: boolean;
}

/** A change to a row: the fields, or a function of the row as it is then. */
export type RowChange = Partial<FileRow> | ((row: FileRow) => Partial<FileRow>);

let nextId = 1;

/** The rows and the changes made to them. */
export function useFileRows() {
  const [rows, setRows] = useState<FileRow[]>([]);
  /** Adds a row per file not there yet; answers the rows made (a file there already makes none). */
  const add = useCallback(
    (files: File[], guess: (file: File) => { version: string; slug?: string }, reading = false): FileRow[] => {
      const made = files.map((file) => ({
        id: nextId++,
        file,
        ...guess(file),
        state: 'ready' as const,
        sent: 0,
        reading,
      }));
      let added: FileRow[] = [];
      setRows((current) => {
        // The same file chosen twice (or dropped again) is one row.
        added = made.filter(
          (row, i) =>
            !current.some((r) => sameFile(r.file, row.file)) &&
            !made.slice(0, i).some((m) => sameFile(m.file, row.file)),
        );
        return [...current, ...added];
      });
      return made;
    },
    [],
  );
  const update = useCallback((id: number, change: RowChange) => {
    setRows((current) =>
      current.map((r) => (r.id === id ? { ...r, ...(typeof change === 'function' ? change(r) : change) } : r)),
    );
  }, []);
  const remove = useCallback((id: number) => setRows((current) => current.filter((r) => r.id !== id)), []);
  const clearDone = useCallback(() => setRows((current) => current.filter((r) => r.state !== 'done')), []);
  return { rows, setRows, add, update, remove, clearDone };
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Rows still to upload: new ones, and those refused (to try again once corrected). */
export const pending = (rows: FileRow[]) => rows.filter((r) => r.state === 'ready' || r.state === 'failed');

/**
 * Whether a row's version can be one (the API's rule, @depot/common names.ts): a blank one never
 * goes out (it would name the mod itself in a URL), nor one the API refuses.
 */
export const versionReady = (row: FileRow) => VERSION_PATTERN.test(row.version.trim());

/** The version the file's metadata names, unless the person typed one or it is not one the API takes. */
export function versionFromFacts(row: FileRow, facts: ModFacts | undefined): Pick<FileRow, 'version'> | object {
  const version = facts?.version;
  return version && !row.versionTyped && row.state === 'ready' && VERSION_PATTERN.test(version) ? { version } : {};
}

/** Rows whose upload changed nothing (the version had exactly this archive already). */
export const unchanged = (rows: FileRow[]) => rows.filter((r) => r.state === 'done' && r.result && !r.result.changed);

/** The labels of what a refusal may name, as the rows show them. */
const LABELS: Record<string, string> = { version: 'Version', file_name: 'File name' };

/** A refusal of a row's upload, in the console's words. */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const fields = Object.entries(error.fields);
  if (!fields.length) return error.message;
  return fields
    .map(([field, messages]) => messages.map((m) => fieldMessage(m, field, LABELS[field])).join(' '))
    .join(' ');
}

/** The API refused because the version has another archive: replacing it is offered. */
export const archiveExists = (error: unknown) => error instanceof ApiError && error.message === ARCHIVE_EXISTS_TEXT;

/** The API refused a replace because builds use the version (it names them): confirming is offered. */
export const archiveInBuilds = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message.startsWith('The version is in ');

/** How the row's upload goes, announced to screen readers as it changes. */
export function RowStatus({
  row,
  onReplace,
}: {
  row: FileRow;
  onReplace: (change: Pick<FileRow, 'replace' | 'replaceInBuilds'>) => void;
}) {
  const name = row.file.name;
  if (row.state === 'uploading') {
    const percent = row.file.size ? Math.floor((row.sent / row.file.size) * 100) : 100;
    return (
      <div className="upload-progress">
        <progress max={row.file.size || 1} value={row.sent} aria-label={`Upload of ${name}`} />
        <span>{percent} %</span>
      </div>
    );
  }
  if (row.state === 'done' && row.result) {
    const r = row.result;
    return (
      <div role="status">
        <p className="upload-done">
          {r.created_version
            ? 'Version created'
            : r.changed
              ? 'Archive stored'
              : 'Already this archive: nothing changed'}
          {r.version.md5 ? (
            <>
              , MD5 <span className="mono">{r.version.md5}</span>
            </>
          ) : null}
          .
        </p>
        {r.builds.length ? (
          <p className="field-warning">
            Launchers of {r.builds.map((b) => `${b.modpack_name} ${b.build}`).join(', ')} download this archive from now
            on.
          </p>
        ) : null}
        {r.warnings.map((w) => (
          <p key={w} className="field-warning">
            {personMessage(w)}
          </p>
        ))}
      </div>
    );
  }
  if (row.state === 'failed') {
    return (
      <div role="alert">
        <p className="field-error">Not uploaded: {refusalText(row.error)}</p>
        {archiveExists(row.error) ? (
          <label className="choice">
            <input
              type="checkbox"
              checked={!!row.replace}
              onChange={(e) => onReplace({ replace: e.currentTarget.checked })}
            />{' '}
            Replace its archive with {name}
          </label>
        ) : null}
        {archiveInBuilds(row.error) ? (
          <label className="choice">
            <input
              type="checkbox"
              checked={!!row.replaceInBuilds}
              onChange={(e) => onReplace({ replace: true, replaceInBuilds: e.currentTarget.checked })}
            />{' '}
            Replace it in those builds too: their players download {name} at their next start
          </label>
        ) : null}
      </div>
    );
  }
  if (!versionReady(row)) {
    return (
      <span className="field-error">
        {row.version.trim() ? 'This version is not one Depot takes' : 'Type this file’s version'} (
        {fileSize(row.file.size)})
      </span>
    );
  }
  return <span className="muted">{fileSize(row.file.size)}, to upload</span>;
}

/** What the file says about itself, under its name: being read, or one line of its facts. */
export function RowFacts({ row }: { row: FileRow }) {
  if (row.reading) return <span className="muted file-facts">Reading what the file says…</span>;
  if (!row.facts) return null;
  return <span className="muted file-facts">From the file: {factsLine(row.facts)}</span>;
}
