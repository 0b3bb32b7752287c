// Form fields with their label, hint and the API's message for that field (422 answers name the
// field as sent), tied together for assistive technology (aria-invalid, aria-describedby).
import { useId, type ReactNode } from 'react';
import type { FieldErrors } from '../api';

interface Common {
  name: string;
  label: string;
  hint?: ReactNode;
  errors?: FieldErrors;
  required?: boolean;
}

function useDescribedBy(name: string, hint: unknown, errors?: FieldErrors) {
  const id = useId();
  const messages = errors?.[name] ?? [];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = messages.length ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    messages,
    describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
}

function Extras({
  hint,
  hintId,
  errorId,
  messages,
}: {
  hint?: ReactNode;
  hintId?: string;
  errorId?: string;
  messages: string[];
}) {
  return (
    <>
      {messages.length ? (
        <p className="field-error" id={errorId}>
          {messages.join(' ')}
        </p>
      ) : null}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

export function TextField({
  type = 'text',
  defaultValue,
  multiline,
  autoComplete,
  inputMode,
  ...field
}: Common & {
  type?: 'text' | 'url' | 'number' | 'password' | 'email';
  defaultValue?: string | number | null;
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}) {
  const d = useDescribedBy(field.name, field.hint, field.errors);
  const props = {
    id: d.id,
    name: field.name,
    defaultValue: defaultValue ?? '',
    required: field.required,
    'aria-invalid': d.messages.length ? true : undefined,
    'aria-describedby': d.describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={d.id}>
        {field.label}
        {field.required ? null : <span className="optional"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea rows={4} {...props} />
      ) : (
        <input type={type} autoComplete={autoComplete ?? 'off'} inputMode={inputMode} spellCheck={false} {...props} />
      )}
      <Extras hint={field.hint} {...d} />
    </div>
  );
}

export function CheckboxField({ defaultChecked, ...field }: Omit<Common, 'required'> & { defaultChecked?: boolean }) {
  const d = useDescribedBy(field.name, field.hint, field.errors);
  return (
    <div className="field checkbox">
      <input
        type="checkbox"
        id={d.id}
        name={field.name}
        defaultChecked={defaultChecked}
        aria-invalid={d.messages.length ? true : undefined}
        aria-describedby={d.describedBy}
      />
      <label htmlFor={d.id}>{field.label}</label>
      <Extras hint={field.hint} {...d} />
    </div>
  );
}

export function SelectField({
  options,
  defaultValue,
  onChange,
  ...field
}: Common & {
  options: { value: string; label: string }[];
  defaultValue?: string | null;
  /** The value chosen, for a form that changes with it (the field stays uncontrolled). */
  onChange?: (value: string) => void;
}) {
  const d = useDescribedBy(field.name, field.hint, field.errors);
  return (
    <div className="field">
      <label htmlFor={d.id}>{field.label}</label>
      <select
        id={d.id}
        name={field.name}
        defaultValue={defaultValue ?? ''}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={d.messages.length ? true : undefined}
        aria-describedby={d.describedBy}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Extras hint={field.hint} {...d} />
    </div>
  );
}

/** A group of checkboxes sharing one name (permissions, modpacks): its values as a list. */
export function CheckboxGroup({
  legend,
  name,
  options,
  defaultValues = [],
  errors,
  hint,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; disabled?: boolean }[];
  defaultValues?: readonly string[];
  errors?: FieldErrors;
  hint?: ReactNode;
}) {
  const d = useDescribedBy(name, hint, errors);
  return (
    <fieldset className="field group" aria-describedby={d.describedBy}>
      <legend>{legend}</legend>
      {options.length === 0 ? <p className="hint">None yet.</p> : null}
      <div className="choices">
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={defaultValues.includes(o.value)}
              disabled={o.disabled}
            />{' '}
            {o.label}
          </label>
        ))}
      </div>
      <Extras hint={hint} {...d} />
    </fieldset>
  );
}

/** The values of a form: text as typed, checkboxes as booleans, checkbox groups as lists. */
export function formValues(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    text: (name: string) => String(data.get(name) ?? ''),
    /** An optional text: null when left empty (the API then leaves it unset). */
    optional: (name: string) => {
      const v = String(data.get(name) ?? '');
      return v === '' ? null : v;
    },
    /** An optional integer: null when empty; what was typed otherwise, for the API to judge. */
    integer: (name: string): number | null => {
      const v = String(data.get(name) ?? '').trim();
      if (v === '') return null;
      return /^-?\d+$/.test(v) ? Number(v) : (v as unknown as number);
    },
    checked: (name: string) => data.get(name) === 'on',
    list: (name: string) => data.getAll(name).map(String),
  };
}

export function SubmitButton({
  busy,
  busyLabel = 'Saving…',
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="primary" disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * The fields of `next` whose value differs from the record's: an update is partial, so sending
 * only what the user changed leaves alone what someone else changed meanwhile.
 */
export function changedFields<T extends Record<string, unknown>>(next: T, record: object): Partial<T> {
  const current = record as Record<string, unknown>;
  return Object.fromEntries(Object.entries(next).filter(([k, value]) => value !== current[k])) as Partial<T>;
}
