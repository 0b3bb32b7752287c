// Where a new build starts from: a build of this modpack or of any other the author manages
// (`clone_from_modpack`, docs/api.md#create-a-build). Two lists, the modpack then its builds, so
// that only the chosen modpack's builds are read, however many modpacks the author manages. The API
// copies the chosen build's mods; the console copies its settings into the form as well (Minecraft,
// Forge, Java, memory), to be changed there before the build is created.
import { useState } from 'react';
import type { FieldErrors } from '../api';
import { useModpack, useModpacks, type BuildRecord, type ModpackRecord } from '../packs';
import { ErrorNotice } from '../ui/feedback';
import { SelectField, type formValues } from '../ui/form';
import { COPIED_SETTINGS } from './build-form';

export function BuildSourceFields({
  modpack,
  errors,
  sourceSlug,
  onSourceSlug,
}: {
  modpack: Pick<ModpackRecord, 'slug' | 'name'>;
  errors: FieldErrors;
  /** The modpack chosen to start from (this one at first). */
  sourceSlug: string;
  onSourceSlug: (slug: string) => void;
}) {
  const [copied, setCopied] = useState<BuildRecord | null>(null);
  const packs = useModpacks();
  const source = useModpack(sourceSlug);
  const builds = (source.data?.builds ?? []).map((b) => b.build);
  // As Solder's list: this modpack first, then the others by name.
  const others = (packs.data ?? [])
    .map((p) => p.modpack)
    .filter((m) => m.slug !== modpack.slug)
    .sort((a, b) => a.name.localeCompare(b.name));
  const copy = (form: HTMLFormElement | null, version: string) => {
    const build = builds.find((b) => b.version === version);
    setCopied(build ?? null);
    if (!build || !form) return;
    for (const name of COPIED_SETTINGS) {
      const input = form.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement)) continue;
      input.value = String(build[name] ?? '');
      // As if typed: the field judges the value again (its warning).
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
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
        onChange={(slug) => {
          onSourceSlug(slug);
          setCopied(null);
        }}
        errors={errors}
        hint="This modpack or another one you manage."
      />
      <SelectField
        key={sourceSlug} // another modpack's builds: the choice starts over
        name="clone_from"
        label="Copy the mods and settings of"
        options={[
          { value: '', label: 'No build: start empty' },
          ...builds.map((b) => ({ value: b.version, label: `Build ${b.version}` })),
        ]}
        onChange={(version, form) => copy(form, version)}
        errors={errors}
        hint="Its mods, Minecraft, Forge and Java versions and memory; change any of them below before creating the build."
      />
      <p role="status" className="hint">
        {copied
          ? `Copied the settings of build ${copied.version}: Minecraft ${copied.minecraft}, Forge ${copied.forge ?? 'none'}, Java ${copied.min_java ?? 'any'}, memory ${copied.min_memory === null ? 'any' : `${copied.min_memory} MB`}.`
          : ''}
      </p>
    </>
  );
}

/** The clone fields of the create body: the modpack is sent only for a build of another one. */
export function buildSource(v: ReturnType<typeof formValues>, slug: string) {
  const from = v.optional('clone_from');
  const modpack = v.text('clone_from_modpack');
  return { clone_from: from, clone_from_modpack: from !== null && modpack !== slug ? modpack : null };
}
