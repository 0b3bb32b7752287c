// What the archive routes answer (docs/api.md#upload-an-archive).
import { z } from 'zod';
import { managedVersion, modFacts } from '../manage/schemas';

export const archiveUpload = z
  .strictObject({
    version: managedVersion,
    created_version: z.boolean().meta({ description: 'The version was created by this upload (201).' }),
    changed: z
      .boolean()
      .meta({ description: 'False when the version already had exactly this archive: nothing was written.' }),
    stored: z.boolean().meta({ description: 'False when the same bytes were already in the store (kept once).' }),
    packaged: z.boolean().meta({ description: 'A jar packaged by Depot into a zip holding `mods/<file_name>`.' }),
    warnings: z.array(z.string()).meta({
      description:
        "Accepted, but worth a look: a zip with none of mods/, config/, bin/ at its top level; metadata the archive's " +
        'files hold that was skipped (malformed, too large, not UTF-8); metadata naming another mod id than the slug, ' +
        'or another version than the one given (docs/archives.md#metadata).',
    }),
    builds: z
      .array(
        z.strictObject({
          modpack: z.string().meta({ description: "The modpack's slug." }),
          modpack_name: z.string(),
          build: z.string().meta({ description: "The build's version." }),
          published: z.boolean(),
        }),
      )
      .meta({
        description:
          'The builds that hold the version, whose launchers download the new archive from now on: set when a ' +
          'replace changed the archive (`replace_in_builds`), else empty.',
      }),
  })
  .meta({ id: 'ArchiveUpload' });

export type ArchiveUpload = z.infer<typeof archiveUpload>;

/** What an archive holds, read without storing it (the console shows it before the person saves). */
export const archiveInspection = z
  .strictObject({
    metadata: z
      .strictObject({ mods: z.array(modFacts) })
      .meta({ description: "What the archive's metadata files say (docs/archives.md#metadata)." }),
    warnings: archiveUpload.shape.warnings,
    packaged: z
      .boolean()
      .meta({ description: 'A jar: Depot would store it packaged in a zip holding `mods/<file_name>`.' }),
    md5: z.string().meta({ description: 'The md5 launchers would see: of the zip as Depot would store it.' }),
    filesize: z.number().int().meta({ description: 'The size of the zip as Depot would store it.' }),
  })
  .meta({ id: 'ArchiveInspection' });

export type ArchiveInspection = z.infer<typeof archiveInspection>;

/** A downloaded archive: the file's bytes (documented as binary; route.ts `file`). */
export const archiveFile = z.string().meta({ format: 'binary', description: 'The zip.' });
