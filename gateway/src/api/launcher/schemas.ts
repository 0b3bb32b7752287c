// What the launcher reads answer: the modpack list and view, the build with its mods.
import { z } from 'zod';
import { downloadUrl, id, md5, nullableString } from '../schemas';

export const modpackView = z
  .strictObject({
    id,
    name: z.string().meta({ description: 'The slug.' }),
    display_name: z.string(),
    url: nullableString,
    icon: nullableString,
    icon_md5: nullableString,
    logo: nullableString,
    logo_md5: nullableString,
    background: nullableString,
    background_md5: nullableString,
    recommended: nullableString,
    latest: nullableString,
    builds: z
      .array(z.string())
      .meta({ description: 'Versions of the builds visible to this request, in creation order.' }),
  })
  .meta({ id: 'ModpackView' });

export const modpackList = z
  .strictObject({
    modpacks: z
      .record(z.string(), z.union([z.string(), modpackView]))
      .meta({ description: 'Slug → display name; slug → ModpackView with include=full.' }),
    mirror_url: z.string().meta({ description: 'The mirror URL, ending with /.' }),
  })
  .meta({ id: 'ModpackList' });

const buildModFields = {
  id: id.meta({ description: 'The mod version id.' }),
  name: z.string(),
  version: z.string(),
  md5,
  filesize: z.number().int().min(0).nullable(),
  url: downloadUrl,
};

export const buildMod = z.strictObject(buildModFields).meta({ id: 'BuildMod' });

export const buildModDetailed = z
  .strictObject({
    ...buildModFields,
    pretty_name: z.string(),
    author: nullableString,
    description: nullableString,
    link: nullableString,
  })
  .meta({ id: 'BuildModDetailed' });

export const buildView = z
  .strictObject({
    id,
    minecraft: z.string(),
    java: nullableString,
    memory: z.number().int().min(0).nullable(),
    forge: nullableString,
    mods: z
      .array(z.union([buildModDetailed, buildMod]))
      .meta({ description: 'Sorted by mod name (natural, case-insensitive); detailed with include=mods.' }),
  })
  .meta({ id: 'BuildView' });

export type ModpackView = z.infer<typeof modpackView>;
export type ModpackList = z.infer<typeof modpackList>;
export type BuildView = z.infer<typeof buildView>;
