// The fields of a build, for creating and editing one.
import type { FieldErrors } from '../api';
import type { BuildRecord } from '../packs';
import { changedFields, CheckboxField, TextField, type formValues } from '../ui/form';

export function BuildFields({ build, errors }: { build?: BuildRecord; errors: FieldErrors }) {
  return (
    <>
      <TextField
        name="version"
        label="Version"
        required
        defaultValue={build?.version}
        errors={errors}
        hint="e.g. 1.0.0"
      />
      <TextField
        name="minecraft"
        label="Minecraft version"
        required
        defaultValue={build?.minecraft}
        errors={errors}
        hint="e.g. 1.20.1"
      />
      <TextField name="forge" label="Forge version" defaultValue={build?.forge} errors={errors} />
      <TextField
        name="min_java"
        label="Minimum Java version"
        defaultValue={build?.min_java}
        errors={errors}
        hint="e.g. 17"
      />
      <TextField
        name="min_memory"
        label="Minimum memory (MB)"
        inputMode="numeric"
        defaultValue={build?.min_memory}
        errors={errors}
      />
      <CheckboxField
        name="is_published"
        label="Published"
        defaultChecked={build?.is_published ?? false}
        errors={errors}
        hint="Launchers see only published builds."
      />
      <CheckboxField
        name="private"
        label="Private"
        defaultChecked={build?.private ?? false}
        errors={errors}
        hint="Only launchers with access to the modpack see it."
      />
    </>
  );
}

export function buildBody(v: ReturnType<typeof formValues>) {
  return {
    version: v.text('version'),
    minecraft: v.text('minecraft'),
    forge: v.optional('forge'),
    min_java: v.optional('min_java'),
    min_memory: v.integer('min_memory'),
    is_published: v.checked('is_published'),
    private: v.checked('private'),
  };
}

/** The fields of the edit form that differ from the record. */
export function buildChanges(v: ReturnType<typeof formValues>, build: BuildRecord) {
  return changedFields(buildBody(v), build);
}
