// A form's submission: the values read from the form, the API call, then what follows a success
// (a message, a navigation); while it runs the button is busy, and a refusal is kept to be shown
// (with the fields it names). The confirmation of an earlier change goes as the new one starts.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, type FieldErrors } from '../api';
import { useFlash } from './feedback';
import { formValues } from './form';

export function useSubmit<T>(
  action: (values: ReturnType<typeof formValues>, form: HTMLFormElement) => Promise<T>,
  onDone?: (result: T, form: HTMLFormElement) => void,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const flash = useFlash();
  // Once the refusal is on screen (role=alert announces it), the first field it names takes the focus.
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    formRef.current = form;
    flash.dismiss();
    setBusy(true);
    setError(null);
    try {
      const result = await action(formValues(form), form);
      setBusy(false);
      onDone?.(result, form);
    } catch (err) {
      setBusy(false);
      setError(err);
    }
  };
  const fields: FieldErrors = error instanceof ApiError ? error.fields : {};
  return { onSubmit, busy, error, fields, reset: () => setError(null) };
}
