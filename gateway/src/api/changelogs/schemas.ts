// What a changelog answers (docs/releases.md#changelogs): a build against another of its modpack.
import { z } from 'zod';
import { MOD_SIDES } from '@depot/common';
import { rules } from '../../pipeline/validation';
import { timestamp } from '../schemas';
import { releaseNotesRule } from '../releases/schemas';

export const notesBody = z.object({ notes: releaseNotesRule() });

export const notesAnswer = z.strictObject({
  notes: z.string().nullable(),
  notes_html: z.string().nullable().meta({ description: 'The notes rendered to sanitized HTML.' }),
});

export const changelogQuery = z.object({
  from: rules
    .string()
    .optional()
    .meta({ description: 'The version of the build to compare with; absent: the previous published build.' }),
});

const modName = z
  .strictObject({ name: z.string().meta({ description: "The mod's slug." }), pretty_name: z.string() })
  .meta({ id: 'ChangelogMod' });
const side = z.enum(MOD_SIDES);

const buildRef = z.strictObject({
  version: z.string(),
  minecraft: z.string(),
  is_published: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

const setting = z.enum(['minecraft', 'loader', 'loader_version', 'min_java', 'min_memory']);

export const changelog = z
  .strictObject({
    modpack: z.strictObject({ slug: z.string(), name: z.string() }),
    build: buildRef,
    from: buildRef.nullable().meta({ description: 'The build compared with; null: none (every mod is added).' }),
    summary: z.strictObject({
      added: z.number().int(),
      removed: z.number().int(),
      updated: z.number().int(),
      sides: z.number().int(),
      settings: z.number().int(),
      unchanged: z.number().int(),
    }),
    added: z.array(z.strictObject({ mod: modName, version: z.string(), side })),
    removed: z.array(z.strictObject({ mod: modName, version: z.string() })),
    updated: z.array(z.strictObject({ mod: modName, from: z.string(), to: z.string() })),
    sides: z
      .array(z.strictObject({ mod: modName, from: side, to: side }))
      .meta({ description: "Mods in both builds that run elsewhere now (the build's side, else the version's)." }),
    settings: z.array(
      z.strictObject({
        setting,
        from: z.union([z.string(), z.number()]).nullable(),
        to: z.union([z.string(), z.number()]).nullable(),
      }),
    ),
    notes: z.string().nullable().meta({ description: "The build's release notes, Markdown." }),
    notes_html: z.string().nullable().meta({ description: 'The release notes rendered to sanitized HTML.' }),
  })
  .meta({ id: 'Changelog' });

export type Changelog = z.infer<typeof changelog>;

export const markdownFile = z.string().meta({ description: 'The changelog, Markdown.' });
export const atomFile = z.string().meta({ description: 'The Atom 1.0 feed.' });
