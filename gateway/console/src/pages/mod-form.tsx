// The fields of a mod, for creating and editing one.
import type { FieldErrors, Schemas } from '../api';
import { TextField, type formValues } from '../ui/form';

/** What the private notes are, wherever they are edited. */
export const NOTES_HINT = 'Private: only users who may manage mods see them, never launchers.';

export function ModFields({
  mod,
  errors,
  notes,
}: {
  mod?: Pick<Schemas['Mod'], 'name' | 'pretty_name' | 'author' | 'link' | 'description' | 'notes'>;
  errors: FieldErrors;
  /** The private notes field: for users who may manage mods (the API answers notes to them only). */
  notes: boolean;
}) {
  return (
    <>
      <TextField
        name="pretty_name"
        label="Display name"
        required
        defaultValue={mod?.pretty_name}
        errors={errors}
        hint="As players see it, e.g. Just Enough Items."
      />
      <TextField
        name="name"
        label="Slug"
        required
        defaultValue={mod?.name}
        errors={errors}
        hint="Letters, digits, dots, dashes and underscores, starting with a letter or digit, e.g. jei. Used in download URLs and file names."
      />
      <TextField name="author" label="Author" defaultValue={mod?.author} errors={errors} />
      <TextField name="link" label="Website" type="url" defaultValue={mod?.link} errors={errors} />
      <TextField name="description" label="Description" multiline defaultValue={mod?.description} errors={errors} />
      {notes ? (
        <TextField name="notes" label="Notes" multiline defaultValue={mod?.notes} errors={errors} hint={NOTES_HINT} />
      ) : null}
    </>
  );
}

/** The body of a mod write; `notes` only when the form has the field (empty clears them). */
export function modBody(v: ReturnType<typeof formValues>, notes: boolean) {
  return {
    name: v.text('name'),
    pretty_name: v.text('pretty_name'),
    author: v.optional('author'),
    link: v.optional('link'),
    description: v.optional('description'),
    ...(notes ? { notes: v.optional('notes') } : {}),
  };
}
