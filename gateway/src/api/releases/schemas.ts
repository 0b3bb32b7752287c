// What the release routes take and answer (docs/releases.md).
import { z } from 'zod';
import { FIELD_MESSAGES } from '../../messages';
import { modFacts } from '../manage/schemas';
import { buildRecord } from '../modpacks/schemas';
import { listOf, rules } from '../../pipeline/validation';

/** The most files a lookup asks about, and mods a release names, at once. */
export const MAX_FILES = 1000;

/** A file as the client has it: its name and the sha256 of its bytes. */
export const fileRef = z.strictObject({
  name: rules.string().meta({ description: "The file's name, as it would be uploaded (`*.jar`, `*.zip`)." }),
  sha256: rules
    .string({ max: 64, pattern: /^[0-9a-f]{64}$/ })
    .meta({ description: "SHA-256 of the file's bytes, 64 lowercase hex digits." }),
});

export const lookupBody = z.object({
  files: listOf(fileRef).min(1, FIELD_MESSAGES.minItems(1)).max(MAX_FILES, FIELD_MESSAGES.maxItems(MAX_FILES)),
});

const versionRef = z.strictObject({ mod: z.string(), version: z.string() });

export const archiveLookup = z
  .strictObject({
    name: z.string(),
    sha256: z.string(),
    held: z.boolean().meta({ description: 'Depot holds this file under this name: a release may name it by hash.' }),
    versions: z.array(versionRef).meta({ description: 'The mod versions whose archive it is.' }),
    metadata: z
      .strictObject({ mods: z.array(modFacts) })
      .optional()
      .meta({ description: "What the file's metadata says, when held." }),
    mod: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'When held: the mod of the library its metadata names; null when none does.' }),
  })
  .meta({ id: 'ArchiveLookup' });

export const lookupAnswer = z.strictObject({ files: z.array(archiveLookup) }).meta({ id: 'ArchiveLookups' });

export const heldArchive = archiveLookup
  .extend({
    archive: z.strictObject({
      md5: z.string(),
      filesize: z.number().int(),
      packaged: z.boolean(),
    }),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'HeldArchive' });

/** The longest release notes a build keeps (a release's `notes` and the notes route alike). */
export const RELEASE_NOTES_MAX = 65535;

export const releaseNotesRule = () =>
  rules.nullable(rules.string({ max: RELEASE_NOTES_MAX })).meta({
    description: `The release notes, Markdown (at most ${RELEASE_NOTES_MAX} characters); \`null\` or \`""\`: none.`,
  });

const releaseMod = z
  .strictObject({
    file: fileRef.optional().meta({ description: 'A file Depot holds (lookup, hold).' }),
    mod: rules.slug().optional().meta({ description: "The mod's slug; absent: the one the file's metadata names." }),
    version: rules
      .version()
      .optional()
      .meta({ description: "The version; absent: the one the file's metadata names." }),
  })
  .refine((m) => m.file !== undefined || (m.mod !== undefined && m.version !== undefined), {
    message: 'Each mod is a file, or a mod and a version.',
  });

export const releaseBody = z.object({
  build: rules.version().meta({ description: "The new build's version." }),
  from: rules.nullable(rules.string()).meta({
    description: '`recommended`, `latest`, or a build version whose mods and settings it starts from; absent: nothing.',
  }),
  minecraft: rules.string().optional(),
  forge: rules.nullable(rules.string()),
  min_java: rules.nullable(rules.string()),
  min_memory: rules.nullable(rules.integer()),
  mods: listOf(releaseMod).max(MAX_FILES, FIELD_MESSAGES.maxItems(MAX_FILES)).default([]),
  remove: listOf(rules.slug()).max(MAX_FILES, FIELD_MESSAGES.maxItems(MAX_FILES)).default([]),
  notes: releaseNotesRule(),
  publish: rules.boolean().default(false),
  set_latest: rules.boolean().default(false),
  set_recommended: rules.boolean().default(false),
  dry_run: rules.boolean().default(false),
});

const modVersion = z.strictObject({ mod: z.string(), version: z.string() });

export const releaseAnswer = z
  .strictObject({
    build: buildRecord.optional().meta({ description: 'Absent in a dry run of a build that does not exist yet.' }),
    changed: z.boolean().meta({
      description:
        'The release changed something (in a dry run: would); false when the build exists already exactly as asked.',
    }),
    created: z.boolean().meta({ description: 'The build was made by this release (201).' }),
    dry_run: z.boolean(),
    from: z.string().nullable().meta({ description: 'The build it started from; null: none.' }),
    added: z.array(modVersion),
    removed: z.array(modVersion),
    updated: z.array(z.strictObject({ mod: z.string(), from: z.string(), to: z.string() })),
    unchanged: z.number().int().meta({ description: 'Mods of `from` kept as they were.' }),
    versions_created: z
      .array(modVersion)
      .meta({ description: 'Versions made from held files (in a dry run: that would be).' }),
    latest: z.boolean(),
    recommended: z.boolean(),
  })
  .meta({ id: 'Release' });

export type ReleaseAnswer = z.infer<typeof releaseAnswer>;
export type ArchiveLookupAnswer = z.infer<typeof archiveLookup>;
