// Form fields with their label, hint and the API's message for that field (422 answers name the
// field as sent; it is shown in the form's words, with the field's label: wording.ts), tied
// together for assistive technology (aria-invalid, aria-describedby). A field may also warn about
// a value the API would take but that is likely a mistake, as it is typed.
import { useId, useState, type ClipboardEvent, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from '../api';
import { fieldMessage } from '../wording';

interface Common {
  name: string;
  label: string;
  hint?: ReactNode;
  errors?: FieldErrors;
  required?: boolean;
}

function useDescribedBy(name: string, label: string, hint: unknown, errors?: FieldErrors, warning?: string | null) {
  const id = useId();
  const messages = (errors?.[name] ?? []).map((m) => fieldMessage(m, name, label));
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = messages.length ? `${id}-error` : undefined;
  const warningId = warning ? `${id}-warning` : undefined;
  return {
    id,
    hintId,
    errorId,
    warningId,
    warning,
    messages,
    describedBy: [errorId, warningId, hintId].filter(Boolean).join(' ') || undefined,
  };
}

function Extras({
  hint,
  hintId,
  errorId,
  warningId,
  warning,
  messages,
}: {
  hint?: ReactNode;
  hintId?: string;
  errorId?: string;
  warningId?: string;
  warning?: string | null;
  messages: string[];
}) {
  return (
    <>
      {messages.length ? (
        <p className="field-error" id={errorId}>
          {messages.join(' ')}
        </p>
      ) : null}
      {warning ? (
        <p className="field-warning" id={warningId}>
          {warning}
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
  suggestions,
  warn,
  onInput,
  onBlur,
  onPaste,
  ...field
}: Common & {
  type?: 'text' | 'url' | 'number' | 'password' | 'email';
  defaultValue?: string | number | null;
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  /** Values offered as the field is typed in (a datalist); any other may be typed. */
  suggestions?: readonly string[];
  /** A warning about the value as typed (the API would take it), or null: shown under the field. */
  warn?: (value: string) => string | null;
  onInput?: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onPaste?: (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}) {
  const [warning, setWarning] = useState(() => (warn ? warn(String(defaultValue ?? '')) : null));
  const d = useDescribedBy(field.name, field.label, field.hint, field.errors, warning);
  const listId = suggestions ? `${d.id}-list` : undefined;
  const props = {
    id: d.id,
    name: field.name,
    defaultValue: defaultValue ?? '',
    required: field.required,
    'data-label': field.label,
    'aria-invalid': d.messages.length ? true : undefined,
    'aria-describedby': d.describedBy,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onInput?.(event);
      if (warn) setWarning(warn(event.currentTarget.value));
    },
    onBlur,
    onPaste,
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
        <input
          type={type}
          autoComplete={autoComplete ?? 'off'}
          inputMode={inputMode}
          spellCheck={false}
          list={listId}
          {...props}
        />
      )}
      {suggestions ? (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      <Extras hint={field.hint} {...d} />
    </div>
  );
}

export function CheckboxField({ defaultChecked, ...field }: Omit<Common, 'required'> & { defaultChecked?: boolean }) {
  const d = useDescribedBy(field.name, field.label, field.hint, field.errors);
  return (
    <div className="field checkbox">
      <input
        type="checkbox"
        id={d.id}
        name={field.name}
        data-label={field.label}
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
  /** The value chosen (and its form), for a form that changes with it (the field stays uncontrolled). */
  onChange?: (value: string, form: HTMLFormElement | null) => void;
}) {
  const d = useDescribedBy(field.name, field.label, field.hint, field.errors);
  return (
    <div className="field">
      <label htmlFor={d.id}>{field.label}</label>
      <select
        id={d.id}
        name={field.name}
        data-label={field.label}
        defaultValue={defaultValue ?? ''}
        onChange={onChange ? (event) => onChange(event.currentTarget.value, event.currentTarget.form) : undefined}
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
  const d = useDescribedBy(name, legend, hint, errors);
  return (
    <fieldset className="field group" aria-describedby={d.describedBy} data-field={name} data-label={legend}>
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
