// A secret the API shows once (a platform key, an API token): shown here once, with a button that
// copies it, and a warning that it cannot be shown again.
import { useId, useState } from 'react';

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
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refusal): select the text for Ctrl-C instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('no');
    }
  };
  return (
    <div className="secret" role="region" aria-label={`${label}, shown once`}>
      <p>
        <strong>Copy it now: it will not be shown again.</strong> {stored}
      </p>
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input id={id} readOnly value={value} className="mono" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="hint">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Selected: press Ctrl-C to copy.' : ''}
      </p>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
