// What the mod and version routes answer: the reads' views, the records (the management reads' too), the rehash.
import { z } from 'zod';
import { downloadUrl, id, md5, notes, nullableString, timestamp } from '../schemas';

// ---- mods ----

export const modList = z
  .strictObject({ mods: z.record(z.string(), z.string()).meta({ description: 'Mod slug → pretty name.' }) })
  .meta({ id: 'ModList' });

/** What a mod is, in every body that shows one: the view adds its versions, the record its times. */
const modFields = {
  id,
  name: z.string(),
  pretty_name: z.string(),
  author: nullableString,
  description: nullableString,
  link: nullableString,
  notes,
};

export const modView = z.strictObject({ ...modFields, versions: z.array(z.string()) }).meta({ id: 'ModView' });

export const modRecord = z
  .strictObject({ ...modFields, created_at: timestamp, updated_at: timestamp })
  .meta({ id: 'Mod' });

export const versionView = z
  .strictObject({
    id,
    md5,
    filesize: z.number().int().min(0).nullable(),
    url: downloadUrl,
    notes,
  })
  .meta({ id: 'ModVersionView' });

export const versionRecord = z
  .strictObject({
    id,
    mod_id: id,
    version: z.string(),
    md5,
    filesize: z.number().int().min(0).nullable(),
    url: z
      .string()
      .optional()
      .meta({ description: "The version's own download url: present only when set (docs/api.md#download-urls)." }),
    notes,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ModVersion' });

/** POST /api/mod/{slug}/{version}/rehash. */
export const versionRehash = z
  .strictObject({
    url: z.string().meta({ description: 'The URL the archive was fetched from.' }),
    md5: md5.meta({ description: 'MD5 of the archive fetched.' }),
    filesize: z.number().int().min(0).meta({ description: 'Size of the archive fetched, in bytes.' }),
    recorded_md5: md5.meta({ description: 'The md5 the version had before this request.' }),
    recorded_filesize: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'The filesize the version had before this request.' }),
    md5_matches: z.boolean(),
    filesize_matches: z.boolean(),
    stored: z.boolean().meta({ description: 'Whether this request wrote md5 and filesize to the version.' }),
  })
  .meta({ id: 'VersionRehash' });

export type ModView = z.infer<typeof modView>;
export type ModList = z.infer<typeof modList>;
export type VersionView = z.infer<typeof versionView>;
export type VersionRehash = z.infer<typeof versionRehash>;
export type ModRecord = z.infer<typeof modRecord>;
export type VersionRecord = z.infer<typeof versionRecord>;
