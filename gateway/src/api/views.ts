// JSON helpers the areas' views share: unset optional fields become null; private notes only for
// whom may see them; a field a service always sets.

export const nullable = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/**
 * `{notes}` when the caller may see private fields and there are notes, else nothing: without
 * notes every body is exactly what it was before notes existed (docs/api.md#private-notes).
 */
export const notesFor = (notes: string | undefined, showPrivate: boolean) =>
  showPrivate && notes !== undefined ? { notes } : {};

/** A message field the service always sets; its absence is a bug (answered 500). */
export function required<T>(v: T | null | undefined, what: string): T {
  if (v === null || v === undefined) throw new Error(`a service answered without ${what}`);
  return v;
}
