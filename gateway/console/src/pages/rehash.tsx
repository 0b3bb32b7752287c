// Rehash of a mod version (docs/api.md#rehash-a-version): Depot fetches the version's archive and
// compares its md5 and size with the recorded ones. Opening the dialog checks and stores nothing;
// a difference is written only when the user asks for it, having seen both values. A version
// without a recorded size (the field is optional) whose md5 matches is no mismatch: the archive is
// right, and its size can be stored.
import { useEffect, useRef, useState } from 'react';
import { api, call, type Schemas } from '../api';
import { fileSize } from '../format';
import { Modal } from '../ui/dialog';
import { ErrorNotice, Loading } from '../ui/feedback';
import { Table } from '../ui/table';

type Rehash = Schemas['VersionRehash'];

export function RehashButton({ slug, version, onStored }: { slug: string; version: string; onStored: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rehash<span className="visually-hidden"> version {version}</span>
      </button>
      {open ? <RehashDialog slug={slug} version={version} onStored={onStored} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type State = { busy: true } | { busy: false; result: Rehash } | { busy: false; error: unknown };

/** What a check found: as recorded; right, with no size recorded; or different. */
type Finding = 'matches' | 'size-unknown' | 'differs';

function findingOf(r: Rehash): Finding {
  if (r.md5_matches && r.filesize_matches) return 'matches';
  if (r.md5_matches && r.recorded_filesize === null) return 'size-unknown';
  return 'differs';
}

function RehashDialog({
  slug,
  version,
  onStored,
  onClose,
}: {
  slug: string;
  version: string;
  onStored: () => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ busy: true });
  const run = async (store: boolean) => {
    setState({ busy: true });
    try {
      const result = await call(
        api.POST('/api/mod/{slug}/{version}/rehash', { params: { path: { slug, version } }, body: { store } }),
      );
      setState({ busy: false, result });
      if (result.stored) onStored();
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  // The check starts as the dialog opens (once, also where effects run twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(false);
  }, []);

  const result = !state.busy && 'result' in state ? state.result : undefined;
  const finding = result && !result.stored ? findingOf(result) : undefined;
  return (
    <Modal title={`Rehash version ${version}`} onClose={onClose} wide>
      <div className="dialog-body" aria-live="polite">
        {state.busy ? <Loading what="Fetching the archive" /> : null}
        {!state.busy && 'error' in state ? (
          <ErrorNotice error={state.error} title="The archive could not be checked." />
        ) : null}
        {result ? <Outcome result={result} /> : null}
      </div>
      <div className="dialog-actions">
        {!state.busy && 'error' in state ? (
          <button type="button" onClick={() => void run(false)}>
            Try again
          </button>
        ) : null}
        {finding === 'differs' ? (
          <button type="button" className="primary" onClick={() => void run(true)}>
            Store the archive&apos;s md5 and size
          </button>
        ) : null}
        {finding === 'size-unknown' ? (
          <button type="button" className="primary" onClick={() => void run(true)}>
            Store the archive&apos;s size
          </button>
        ) : null}
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </Modal>
  );
}

function Outcome({ result: r }: { result: Rehash }) {
  const fetched = (
    <p>
      Fetched <span className="mono">{r.url}</span>
    </p>
  );
  if (r.stored) {
    return (
      <>
        <p className="notice success">
          Stored: the version now records md5 <span className="mono">{r.md5}</span> and size {fileSize(r.filesize)}.
        </p>
        <p>
          It recorded md5 <span className="mono">{r.recorded_md5 || 'none'}</span> and size{' '}
          {fileSize(r.recorded_filesize)}.
        </p>
        {fetched}
      </>
    );
  }
  const finding = findingOf(r);
  if (finding === 'size-unknown') {
    return (
      <>
        <p className="notice success">
          The archive matches: md5 <span className="mono">{r.md5}</span>, as recorded.
        </p>
        <p>The version records no size (it was left empty); the archive is {fileSize(r.filesize)}.</p>
        {fetched}
      </>
    );
  }
  if (finding === 'matches') {
    return (
      <>
        <p className="notice success">
          The archive matches: md5 <span className="mono">{r.md5}</span> and size {fileSize(r.filesize)}, as recorded.
        </p>
        {fetched}
      </>
    );
  }
  const mark = (matches: boolean) => (matches ? 'same' : 'differs');
  return (
    <>
      <p className="notice error">The archive differs from what the version records. Nothing was changed.</p>
      <Table
        headers={['Field', 'Recorded (expected)', 'Archive (found)', 'Result']}
        caption="Recorded and found values"
      >
        <tr>
          <th scope="row">MD5</th>
          <td className="mono">{r.recorded_md5 || 'none'}</td>
          <td className="mono">{r.md5}</td>
          <td>{mark(r.md5_matches)}</td>
        </tr>
        <tr>
          <th scope="row">Size</th>
          <td>{fileSize(r.recorded_filesize)}</td>
          <td>{fileSize(r.filesize)}</td>
          <td>{mark(r.filesize_matches)}</td>
        </tr>
      </Table>
      {fetched}
    </>
  );
}
