// A value to paste elsewhere, shown read-only with a button that copies it: an export's URL
// (CopyField), or a secret the API shows once (secret.tsx), which share the field and its copy.
import { useId, useState } from 'react';

/** The label, the read-only value with its Copy button, a hint, and what the copy did. */
export function CopyRow({
  label,
  value,
  copyLabel,
  hint,
}: {
  label: string;
  value: string;
  copyLabel?: string;
  hint?: string;
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
    <>
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input id={id} readOnly value={value} className="mono" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy} aria-label={copyLabel}>
          Copy
        </button>
      </div>
      {hint ? <p className="hint">{hint}</p> : null}
      <p role="status" className="hint">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Selected: press Ctrl-C to copy.' : ''}
      </p>
    </>
  );
}

export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="copy-field">
      <CopyRow label={label} value={value} copyLabel={`Copy ${label}`} hint={hint} />
    </div>
  );
}
