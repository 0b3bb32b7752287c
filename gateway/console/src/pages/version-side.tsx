// Where a version runs (docs/archives.md#sides), shown and changed in its row: taken from the jar's
// metadata at its upload, the author's word wins. A server-only version is left out of what
// launchers install, so the choice says so.
import { useState } from 'react';
import { api, call, type Schemas } from '../api';
import { useFlash } from '../ui/feedback';
import { personMessage } from '../wording';

type Side = NonNullable<Schemas['ManagedVersion']['side']>;

/** The choices, in the order shown; '' is "not said" (both). */
const SIDES: { value: Side | ''; label: string }[] = [
  { value: '', label: 'Not said (both)' },
  { value: 'both', label: 'Client and server' },
  { value: 'client', label: 'Client only' },
  { value: 'server', label: 'Server only (launchers skip it)' },
];

export function VersionSide({
  slug,
  version,
  side,
  onChanged,
}: {
  slug: string;
  version: string;
  side: Side | undefined;
  onChanged: () => Promise<unknown>;
}) {
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (value: Side | '') => {
    setBusy(true);
    setError(null);
    try {
      await call(
        api.PUT('/api/manage/mods/{slug}/versions/{version}/side', {
          params: { path: { slug, version } },
          body: { side: value || null },
        }),
      );
      await onChanged();
      flash.show(`Version ${version}: ${SIDES.find((s) => s.value === value)!.label.toLowerCase()}.`);
    } catch (err) {
      setError(personMessage((err as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <select
        aria-label={`Where version ${version} runs`}
        value={side ?? ''}
        disabled={busy}
        onChange={(e) => void change(e.currentTarget.value as Side | '')}
      >
        {SIDES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      {error ? <p className="field-error">{error}</p> : null}
    </>
  );
}
