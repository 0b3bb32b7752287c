// The fields of a mod, for creating and editing one, and a version's md5 as people paste it.
import type { ClipboardEvent, FocusEvent } from 'react';
import { md5FromChecksumLine } from '@depot/common/names';
import type { FieldErrors, Schemas } from '../api';
import { TextField, type formValues } from '../ui/form';
import { useSlugSuggestion } from '../ui/slug';

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
  // A new mod's slug follows its name until the person types one; an existing mod's stays (its
  // download URLs and file names are made of it).
  const slug = useSlugSuggestion('name', !mod);
  return (
    <>
      <TextField
        name="pretty_name"
        label="Display name"
        required
        defaultValue={mod?.pretty_name}
        errors={errors}
        hint="As players see it, e.g. Just Enough Items."
        onInput={slug.fromName}
      />
      <TextField
        name="name"
        label="Slug"
        required
        defaultValue={mod?.name}
        errors={errors}
        hint={`Letters, digits, dots, dashes and underscores, starting with a letter or digit, e.g. jei. Used in download URLs and file names.${mod ? '' : ' Suggested from the display name.'}`}
        onInput={slug.typed}
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

/** The md5 in what was pasted or typed (a whole md5sum line gives its digits): defined with the names' shapes. */
export const md5FromPaste = md5FromChecksumLine;

/** A version's md5 field: what is pasted or typed is reduced to the md5 when it is left (md5FromPaste). */
export function Md5Field({
  label,
  defaultValue,
  errors,
  optional,
}: {
  label: string;
  defaultValue?: string;
  errors: FieldErrors;
  /** The field may be left blank: what Depot then does. */
  optional?: string;
}) {
  const tidy = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    event.currentTarget.value = md5FromPaste(event.currentTarget.value);
  };
  const paste = (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    // Pasted into an empty field: the md5 alone at once (what a person pastes is a whole line).
    if (input.value === '' && md5FromPaste(pasted) !== pasted) {
      event.preventDefault();
      input.value = md5FromPaste(pasted);
    }
  };
  return (
    <TextField
      name="md5"
      label={label}
      required={!optional}
      defaultValue={defaultValue}
      errors={errors}
      hint={`The archive's MD5 checksum: 32 hexadecimal digits. A whole line of a checksum tool (the digits, then the file name) may be pasted: the digits are kept.${optional ? ` ${optional}` : ''}`}
      onBlur={tidy}
      onPaste={paste}
    />
  );
}
