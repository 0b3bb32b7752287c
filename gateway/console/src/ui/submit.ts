// A form's submission: the values read from the form, the API call, then what follows a success
// (a message, a navigation); while it runs the button is busy, and a refusal is kept to be shown
// (with the fields it names).
import { useState, type FormEvent } from 'react';
import { ApiError, type FieldErrors } from '../api';
import { formValues } from './form';

export function useSubmit<T>(
  action: (values: ReturnType<typeof formValues>, form: HTMLFormElement) => Promise<T>,
  onDone?: (result: T, form: HTMLFormElement) => void,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setError(null);
    try {
      const result = await action(formValues(form), form);
      setBusy(false);
      onDone?.(result, form);
    } catch (err) {
      setBusy(false);
      setError(err);
      // The summary is announced (role=alert); the first invalid field takes the focus.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  };
  const fields: FieldErrors = error instanceof ApiError ? error.fields : {};
  return { onSubmit, busy, error, fields, reset: () => setError(null) };
}
