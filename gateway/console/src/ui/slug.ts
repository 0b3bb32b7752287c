// A slug suggested from a name as it is typed ("Just Enough Items" → "just-enough-items"), in the
// slug field of the same form, until the person types a slug of their own (emptied, it follows the
// name again). The suggestion always has the API's slug shape (docs/api.md#names-and-values).
import { useRef, type FormEvent } from 'react';

const SLUG_MAX = 255;

/** A name as a slug: lower case, accents dropped, anything else between words a dash. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, SLUG_MAX)
    .replace(/[-.]+$/, '');
}

type Input = FormEvent<HTMLInputElement | HTMLTextAreaElement>;

/** Handlers for the name field (`fromName`) and the slug field named `slugField` (`typed`). */
export function useSlugSuggestion(slugField: string, enabled: boolean) {
  const own = useRef(false);
  return {
    fromName: enabled
      ? (event: Input) => {
          const slug = event.currentTarget.form?.elements.namedItem(slugField);
          if (!own.current && slug instanceof HTMLInputElement) slug.value = slugFromName(event.currentTarget.value);
        }
      : undefined,
    typed: enabled
      ? (event: Input) => {
          own.current = event.currentTarget.value !== '';
        }
      : undefined,
  };
}
