// A secret the API shows once (a platform key, an API token): shown here once, with a button that
// copies it (copy-field.tsx), and a warning that it cannot be shown again.
import { CopyRow } from './copy-field';

export function Secret({
  label,
  value,
  onDone,
  stored = 'Depot stores only a digest of it.',
}: {
  label: string;
  value: string;
  onDone: () => void;
  /** How Depot keeps it (a webhook's secret is stored encrypted: it signs with it). */
  stored?: string;
}) {
  return (
    <div className="secret" role="region" aria-label={`${label}, shown once`}>
      <p>
        <strong>Copy it now: it will not be shown again.</strong> {stored}
      </p>
      <CopyRow label={label} value={value} />
      <button type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
