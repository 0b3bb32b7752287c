// The fields of a build, for creating and editing one. Minecraft and Java are picked from lists
// (or typed: any text is the API's), with a warning for a value that does not look like a version.
import type { FieldErrors } from '../api';
import type { BuildRecord } from '../packs';
import { changedFields, CheckboxField, TextField, type formValues } from '../ui/form';
import { collator } from './mods';

/** The Java versions a build may ask for, as Technic Solder offers them. */
export const JAVA_VERSIONS = ['25', '21', '17', '16', '1.8', '1.7', '1.6'];

/** The Minecraft versions used by these builds, newest first, each once. */
export function minecraftVersionsOf(builds: Pick<BuildRecord, 'minecraft'>[]): string[] {
  return [...new Set(builds.map((b) => b.minecraft))].sort((a, b) => collator.compare(b, a));
}

/** Release (1.20.1, 26.1), pre-release or release candidate (1.21-pre2, 1.21-rc1), snapshot (24w14a). */
const MINECRAFT = /^(\d+\.\d+(\.\d+)?([- ](pre|rc)[- ]?\d+)?|\d{2}w\d{2}[a-z])$/i;
/** 8 to 99, or the old 1.x form (1.6 to 1.8). */
const JAVA = /^([89]|[1-9]\d|1\.[6-8](\.0)?)$/;

const looksLike = (pattern: RegExp, what: string, example: string) => (value: string) =>
  value.trim() === '' || pattern.test(value.trim())
    ? null
    : `“${value}” does not look like ${what} (such as ${example}). It is saved as typed, and launchers may not understand it.`;

export const minecraftWarning = looksLike(MINECRAFT, 'a Minecraft version', '1.20.1');
export const javaWarning = looksLike(JAVA, 'a Java version', '17 or 1.8');

/** The settings a new build takes from the build it starts from (docs/api.md#create-a-build copies its mods only). */
export const COPIED_SETTINGS = ['minecraft', 'forge', 'min_java', 'min_memory'] as const;

export function BuildFields({
  build,
  errors,
  minecraftVersions,
}: {
  build?: BuildRecord;
  errors: FieldErrors;
  minecraftVersions: string[];
}) {
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
        suggestions={minecraftVersions}
        warn={minecraftWarning}
        hint={minecraftVersions.length ? 'e.g. 1.20.1. Pick one your builds use, or type another.' : 'e.g. 1.20.1'}
      />
      <TextField name="forge" label="Forge version" defaultValue={build?.forge} errors={errors} />
      <TextField
        name="min_java"
        label="Minimum Java version"
        defaultValue={build?.min_java}
        errors={errors}
        suggestions={JAVA_VERSIONS}
        warn={javaWarning}
        hint={`Pick one (${JAVA_VERSIONS.join(', ')}), or type another.`}
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
