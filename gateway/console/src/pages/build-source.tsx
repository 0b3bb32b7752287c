// Where a new build's mods come from: a build of this modpack or of any other the author manages
// (`clone_from_modpack`, docs/api.md#create-a-build). Two lists, the modpack then its builds, so
// that only the chosen modpack's builds are read, however many modpacks the author manages.
import { useState } from 'react';
import type { FieldErrors } from '../api';
import { useModpack, useModpacks, type ModpackRecord } from '../packs';
import { ErrorNotice } from '../ui/feedback';
import { SelectField, type formValues } from '../ui/form';

export function BuildSourceFields({
  modpack,
  errors,
}: {
  modpack: Pick<ModpackRecord, 'slug' | 'name'>;
  errors: FieldErrors;
}) {
  const [sourceSlug, setSourceSlug] = useState(modpack.slug);
  const packs = useModpacks();
  const source = useModpack(sourceSlug);
  // As Solder's list: this modpack first, then the others by name.
  const others = (packs.data ?? [])
    .map((p) => p.modpack)
    .filter((m) => m.slug !== modpack.slug)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <ErrorNotice error={packs.error ?? source.error} />
      <SelectField
        name="clone_from_modpack"
        label="Start from a build of"
        options={[
          { value: modpack.slug, label: `${modpack.name} (this modpack)` },
          ...others.map((m) => ({ value: m.slug, label: m.name })),
        ]}
        defaultValue={modpack.slug}
        onChange={setSourceSlug}
        errors={errors}
        hint="This modpack or another one you manage."
      />
      <SelectField
        key={sourceSlug} // another modpack's builds: the choice starts over
        name="clone_from"
        label="Copy the mods of"
        options={[
          { value: '', label: 'No build: start empty' },
          ...(source.data?.builds ?? []).map(({ build: b }) => ({ value: b.version, label: `Build ${b.version}` })),
        ]}
        errors={errors}
      />
    </>
  );
}

/** The clone fields of the create body: the modpack is sent only for a build of another one. */
export function buildSource(v: ReturnType<typeof formValues>, slug: string) {
  const from = v.optional('clone_from');
  const modpack = v.text('clone_from_modpack');
  return { clone_from: from, clone_from_modpack: from !== null && modpack !== slug ? modpack : null };
}
