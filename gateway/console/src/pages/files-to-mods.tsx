// Mods from files (the mod library's, and the build page's "add mods from files"): archives of
// several mods dropped at once, sorted into their mods by what each file's metadata says, else by
// its name (files/inspect.ts, files/names.ts): a mod of the library, or a new mod whose display name
// and slug are suggested and editable; each file's version suggested and editable. One action creates the new mods, uploads every file and, on a
// build, puts each mod's newest version in the build. What is refused stays, saying why.
import { useMemo, useState } from 'react';
import { ApiError } from '../api';
import { readFiles } from '../files/inspect';
import { guessFromFacts, guessFromFileName, type ModEntry } from '../files/names';
import { publishGroups, type BuildTarget, type ModGroup } from '../files/publish';
import { pending, refusalText, useFileRows, versionFromFacts, versionReady, type FileRow } from '../files/rows';
import { FileRowsTable } from '../files/rows-table';
import { useSession } from '../session';
import { useFlash } from '../ui/feedback';
import { FileDrop } from '../ui/file-drop';
import { fieldMessage } from '../wording';

/** The labels of a new mod's fields, as the API's refusals name them. */
const MOD_LABELS: Record<string, string> = { name: 'Slug', pretty_name: 'Display name' };

export function FilesToMods({
  library,
  build,
  onDone,
  level = 3,
}: {
  library: ModEntry[];
  /** The level of its heading on the page. */
  level?: 2 | 3;
  /** On a build: where the mods go. */
  build?: BuildTarget;
  onDone: () => Promise<unknown>;
}) {
  const session = useSession();
  const flash = useFlash();
  const files = useFileRows();
  const Heading = level === 2 ? 'h2' : 'h3';
  // New mods' display names, by slug: typed by the person, else read from a file's metadata, else
  // suggested from the name of the first file of each.
  const [names, setNames] = useState<Record<string, string>>({});
  const [readNames, setReadNames] = useState<Record<string, string>>({});
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const nameOf = (slug: string) => names[slug] ?? readNames[slug] ?? fileNames[slug];
  const [errors, setErrors] = useState<Map<string, unknown>>(new Map());
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const bySlug = useMemo(() => new Map(library.map((m) => [m.name.toLowerCase(), m])), [library]);

  const add = (list: File[]) => {
    const suggested: Record<string, string> = {};
    const made = files.add(
      list,
      (file) => {
        const guess = guessFromFileName(file.name, library);
        if (!guess.mod) suggested[guess.slug] ??= guess.pretty;
        return { slug: guess.slug, version: guess.version };
      },
      true,
    );
    setFileNames((current) => ({ ...suggested, ...current }));
    // Then what each file says: its mod (a mod of the library its metadata names, else the one its
    // name named, else a new mod named from its metadata) and its version, unless typed meanwhile.
    void readFiles(made, (id, read) => {
      const guess = read.facts && guessFromFacts(read.facts, library);
      if (guess && !guess.mod)
        setReadNames((current) => ({ ...current, [guess.slug]: current[guess.slug] ?? guess.pretty }));
      files.update(id, (row) => {
        const change = { reading: false, facts: read.facts, ...versionFromFacts(row, read.facts) };
        const keep =
          !guess ||
          row.slugTyped ||
          row.state !== 'ready' ||
          (!guess.mod && bySlug.has((row.slug ?? '').toLowerCase()));
        return keep ? change : { ...change, slug: guess.slug };
      });
    });
  };

  const groups: ModGroup[] = [];
  for (const row of files.rows) {
    const slug = row.slug ?? '';
    let group = groups.find((g) => g.slug === slug);
    if (!group) {
      const known = bySlug.get(slug.toLowerCase());
      group = { slug: known?.name ?? slug, pretty: known?.pretty ?? nameOf(slug) ?? '', exists: !!known, rows: [] };
      groups.push(group);
    }
    group.rows.push(row);
  }
  const newMods = groups.filter((g) => !g.exists && pending(g.rows).length);
  const toUpload = pending(files.rows);
  // A file without a version Depot takes is never sent (nor is its mod created): the button says so.
  const unversioned = toUpload.filter((r) => !versionReady(r)).length;
  const mayCreate = session.can('mods_create');

  const rename = (from: string, to: string) => {
    files.setRows((rows) =>
      rows.map((r) => (r.slug === from && r.state !== 'done' ? { ...r, slug: to, slugTyped: true } : r)),
    );
    setNames((current) => ({ ...current, [to]: current[to] ?? nameOf(from) ?? '' }));
  };

  const publish = async () => {
    flash.dismiss();
    setBusy(true);
    setSummary(null);
    const work = groups
      .map((g) => ({ ...g, rows: pending(g.rows) }))
      .filter((g) => g.rows.length && (g.exists || mayCreate));
    const out = await publishGroups(work, files.update, build);
    setErrors(out.groupErrors);
    setBusy(false);
    await onDone();
    const parts = [
      out.created.length ? `${out.created.length} mod(s) created` : '',
      out.summary,
      build && out.assigned.length ? `${out.assigned.length} mod(s) added to the build or changed in it` : '',
    ].filter(Boolean);
    if (parts.length) flash.show(`${parts.join(', ')}.`);
    const problems = out.failed + out.groupErrors.size;
    setSummary(
      problems ? `${problems} problem(s): see why under the mods and files concerned, correct and try again.` : null,
    );
  };

  const action = [
    newMods.length ? `Create ${newMods.length} mod(s)` : '',
    `upload ${toUpload.length} file(s)`,
    build ? 'add them to the build' : '',
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/^u/, 'U');

  return (
    <div className="uploads" role="group" aria-labelledby="files-to-mods-heading">
      <Heading id="files-to-mods-heading">Add mods from files</Heading>
      <FileDrop label="Choose files" onFiles={add}>
        Drop mod .jar or .zip files here, of one mod or many: each goes to its mod, found from what the file says (its
        metadata, else its name), or to a new mod named after it. Check the names and versions, then{' '}
        {build ? 'add them all to the build in one go.' : 'publish them all in one go.'}
      </FileDrop>
      {groups.map((g) => (
        // Keyed by its first file: the slug changes as it is typed.
        <fieldset key={g.rows[0].id} className="mod-group">
          <legend>{g.exists ? `${g.pretty} (${g.slug})` : `New mod: ${g.pretty || g.slug || 'unnamed'}`}</legend>
          {g.exists ? null : (
            <NewModFields
              group={g}
              mayCreate={mayCreate}
              error={errors.get(g.slug)}
              onName={(pretty) => setNames((current) => ({ ...current, [g.slug]: pretty }))}
              onSlug={(slug) => rename(g.slug, slug)}
            />
          )}
          {g.exists && errors.get(g.slug) ? <p className="field-error">{refusalText(errors.get(g.slug))}</p> : null}
          <FileRowsTable
            rows={g.rows}
            update={files.update}
            remove={files.remove}
            caption={`Files of ${g.pretty || g.slug}`}
          />
        </fieldset>
      ))}
      {summary ? (
        <p className="notice error" role="alert">
          {summary}
        </p>
      ) : null}
      {files.rows.length ? (
        <div className="row-actions">
          <button
            type="button"
            className="primary"
            disabled={busy || !toUpload.length || !!unversioned}
            onClick={() => void publish()}
          >
            {busy ? 'Publishing…' : unversioned ? `Type a version for ${unversioned} file(s)` : action}
          </button>
          {files.rows.some((r) => r.state === 'done') ? (
            <button type="button" onClick={files.clearDone} disabled={busy}>
              Clear published files
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function NewModFields({
  group,
  mayCreate,
  error,
  onName,
  onSlug,
}: {
  group: ModGroup;
  mayCreate: boolean;
  error: unknown;
  onName: (pretty: string) => void;
  onSlug: (slug: string) => void;
}) {
  const fields = error instanceof ApiError ? error.fields : {};
  const said = (field: string) =>
    (fields[field] ?? []).map((m) => fieldMessage(m, field, MOD_LABELS[field])).join(' ') || null;
  const locked = group.rows.every((r: FileRow) => r.state === 'done');
  if (!mayCreate)
    return <p className="notice">You may not create mods: ask for the permission, or drop files of mods that exist.</p>;
  return (
    <div className="new-mod">
      <label>
        Display name
        <input
          type="text"
          value={group.pretty}
          readOnly={locked}
          aria-invalid={said('pretty_name') ? true : undefined}
          onChange={(e) => onName(e.currentTarget.value)}
        />
      </label>
      <label>
        Slug
        <input
          type="text"
          className="mono"
          value={group.slug}
          readOnly={locked}
          spellCheck={false}
          aria-invalid={said('name') ? true : undefined}
          onChange={(e) => onSlug(e.currentTarget.value)}
        />
      </label>
      {said('pretty_name') ? <p className="field-error">{said('pretty_name')}</p> : null}
      {said('name') ? <p className="field-error">{said('name')}</p> : null}
      {error && !Object.keys(fields).length ? <p className="field-error">{refusalText(error)}</p> : null}
    </div>
  );
}
