// A value to paste elsewhere (an export's URL): shown read-only, with a button that copies it.
import { useId, useState } from 'react';

export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
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
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input id={id} readOnly value={value} className="mono" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy} aria-label={`Copy ${label}`}>
          Copy
        </button>
      </div>
      {hint ? <p className="hint">{hint}</p> : null}
      <p role="status" className="hint">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Selected: press Ctrl-C to copy.' : ''}
      </p>
    </div>
  );
}
