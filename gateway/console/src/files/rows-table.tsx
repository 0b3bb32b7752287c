// The table of files to publish: file, version (editable until uploaded), status, and a remove
// button. Rows are cards on a phone, like the console's other tables.
import { Table } from '../ui/table';
import { RowFacts, RowStatus, versionReady, type FileRow, type RowChange } from './rows';

const COLUMNS = { file: 'File', version: 'Version', status: 'Status', actions: 'Actions' };

export function FileRowsTable({
  rows,
  update,
  remove,
  caption,
}: {
  rows: FileRow[];
  update: (id: number, change: RowChange) => void;
  remove: (id: number) => void;
  caption: string;
}) {
  return (
    <Table headers={Object.values(COLUMNS)} caption={caption} cards>
      {rows.map((row) => {
        const locked = row.state === 'uploading' || row.state === 'done';
        return (
          <tr key={row.id}>
            <th scope="row" className="file-name">
              <span className="mono">{row.file.name}</span>
              <RowFacts row={row} />
            </th>
            <td data-label={COLUMNS.version}>
              <input
                type="text"
                aria-label={`Version of ${row.file.name}`}
                value={row.version}
                readOnly={locked}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={row.state === 'failed' || !versionReady(row) ? true : undefined}
                onChange={(e) => update(row.id, { version: e.currentTarget.value, versionTyped: true })}
              />
            </td>
            <td data-label={COLUMNS.status}>
              <RowStatus row={row} onReplace={(change) => update(row.id, change)} />
            </td>
            <td className="actions">
              {row.state === 'uploading' ? null : (
                <button type="button" className="small" onClick={() => remove(row.id)}>
                  Remove<span className="visually-hidden"> {row.file.name}</span>
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
