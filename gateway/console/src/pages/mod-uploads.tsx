// A mod's versions from files: archives dropped (or chosen) on the mod's page, each a row whose
// version is suggested from the file's name and editable, uploaded a few at a time with their
// progress; Depot computes md5, size and hashes. A refused file stays in its row, saying why,
// to be corrected and sent again; the others are added.
import { useState } from 'react';
import { readFiles } from '../files/inspect';
import { versionFromFileName } from '../files/names';
import { FileRowsTable } from '../files/rows-table';
import { pending, useFileRows, versionReady, versionFromFacts } from '../files/rows';
import { uploadRows, uploadSummary } from '../files/run';
import { useFlash } from '../ui/feedback';
import { FileDrop } from '../ui/file-drop';

export function ModUploads({
  mod,
  versions,
  onUploaded,
}: {
  mod: { name: string; pretty: string };
  /** The versions the mod has: a file for one of them gives it its archive instead of creating it. */
  versions: string[];
  onUploaded: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const files = useFileRows();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(0);
  const toUpload = pending(files.rows);
  // A file without a version Depot takes is never sent: the button says what is missing.
  const unversioned = toUpload.filter((r) => !versionReady(r)).length;

  const upload = async () => {
    flash.dismiss();
    setBusy(true);
    setFailed(0);
    const results = await uploadRows(
      toUpload,
      (row) => ({ slug: mod.name, create: !versions.includes(row.version.trim()) }),
      files.update,
    );
    setBusy(false);
    await onUploaded();
    const answers = results.flatMap((r) => (r.answer ? [r.answer] : []));
    setFailed(results.length - answers.length);
    const said = uploadSummary(answers);
    if (said) flash.show(`${said} for ${mod.pretty}.`);
  };

  return (
    <div className="uploads" aria-labelledby="mod-uploads-heading" role="group">
      <h3 id="mod-uploads-heading">Add versions from files</h3>
      <FileDrop
        label="Choose files"
        onFiles={(list) => {
          const made = files.add(list, (f) => ({ version: versionFromFileName(f.name, mod) }), true);
          void readFiles(made, (id, read) =>
            files.update(id, (row) => ({ reading: false, facts: read.facts, ...versionFromFacts(row, read.facts) })),
          );
        }}
      >
        Drop the mod's .jar or .zip files here: each becomes a version, named from what the file says (else from its
        name; you can change it before uploading). Depot computes the MD5 and size.
      </FileDrop>
      {files.rows.length ? (
        <>
          <FileRowsTable
            rows={files.rows}
            update={files.update}
            remove={files.remove}
            caption={`Files for ${mod.pretty}`}
          />
          {failed ? (
            <p className="notice error" role="alert">
              {failed} file(s) were not uploaded: see why in their rows, correct and upload them again.
            </p>
          ) : null}
          <div className="row-actions">
            <button
              type="button"
              className="primary"
              disabled={busy || !toUpload.length || !!unversioned}
              onClick={() => void upload()}
            >
              {busy
                ? 'Uploading…'
                : unversioned
                  ? `Type a version for ${unversioned} file(s)`
                  : `Upload ${toUpload.length} file(s)`}
            </button>
            {files.rows.some((r) => r.state === 'done') ? (
              <button type="button" onClick={files.clearDone} disabled={busy}>
                Clear uploaded files
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
