// The modpack and build records, which their writes answer (the management reads too).
import { z } from 'zod';
import { id, nullableString, timestamp } from '../schemas';

// ---- modpacks and builds ----

export const modpackRecord = z
  .strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    url: nullableString,
    hidden: z.boolean(),
    private: z.boolean(),
    order: z.number().int().nullable(),
    recommended: nullableString,
    latest: nullableString,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Modpack' });

export const buildRecord = z
  .strictObject({
    id,
    modpack_id: id,
    version: z.string(),
    minecraft: z.string(),
    forge: nullableString,
    is_published: z.boolean(),
    private: z.boolean(),
    min_java: nullableString,
    min_memory: z.number().int().min(0).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Build' });

export type ModpackRecord = z.infer<typeof modpackRecord>;
export type BuildRecord = z.infer<typeof buildRecord>;
