// The fields of a modpack, for creating, editing and cloning one.
import type { FieldErrors } from '../api';
import type { ModpackRecord } from '../packs';
import { changedFields, CheckboxField, TextField, type formValues } from '../ui/form';
import { useSlugSuggestion } from '../ui/slug';

export function ModpackNameFields({
  pack,
  errors,
  suggestSlug = false,
}: {
  pack?: Partial<ModpackRecord>;
  errors: FieldErrors;
  /** The slug follows the name as it is typed (a new modpack, a copy), until a slug is typed. */
  suggestSlug?: boolean;
}) {
  const slug = useSlugSuggestion('slug', suggestSlug);
  return (
    <>
      <TextField
        name="name"
        label="Name"
        required
        defaultValue={pack?.name}
        errors={errors}
        hint="As players see it."
        onInput={slug.fromName}
      />
      <TextField
        name="slug"
        label="Slug"
        required
        defaultValue={pack?.slug}
        errors={errors}
        hint={`Letters, digits, dots, dashes and underscores, e.g. my-pack. Launchers and Technic Platform find the pack by it.${suggestSlug ? ' Suggested from the name.' : ''}`}
        onInput={slug.typed}
      />
    </>
  );
}

export function ModpackVisibilityFields({ pack, errors }: { pack?: Partial<ModpackRecord>; errors: FieldErrors }) {
  return (
    <>
      <CheckboxField
        name="hidden"
        label="Hidden"
        defaultChecked={pack?.hidden ?? true}
        errors={errors}
        hint="Not listed to launchers and Technic Platform unless they have access; anyone who knows the slug can still open it."
      />
      <CheckboxField
        name="private"
        label="Private"
        defaultChecked={pack?.private ?? false}
        errors={errors}
        hint="Only launchers linked to it (Launcher clients), platform keys and users with access can see it."
      />
    </>
  );
}

export function modpackCreateBody(v: ReturnType<typeof formValues>) {
  return {
    name: v.text('name'),
    slug: v.text('slug'),
    url: v.optional('url'),
    hidden: v.checked('hidden'),
    private: v.checked('private'),
  };
}

/** The fields of the edit form that differ from the record. */
export function modpackChanges(v: ReturnType<typeof formValues>, pack: ModpackRecord) {
  return changedFields(
    {
      name: v.text('name'),
      slug: v.text('slug'),
      url: v.optional('url'),
      hidden: v.checked('hidden'),
      private: v.checked('private'),
      order: v.integer('order'),
      recommended: v.optional('recommended'),
      latest: v.optional('latest'),
    },
    pack,
  );
}
