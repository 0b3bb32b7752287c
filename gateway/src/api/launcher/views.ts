// The launcher reads' JSON bodies (docs/api.md#launcher-reads), built from proto messages.
import { mirrorBase } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import { bodyOf, type Body } from '../../cache/cache';
import { nullable, required } from '../views';
import type * as res from './schemas';

/** GET /api/modpack/{slug}: `name` is the slug, `builds` the versions visible to the request. */
export function modpackView(v: { modpack?: buildsV1.Modpack__Output | null; builds: string[] }): res.ModpackView {
  const m = required(v.modpack, 'modpack');
  return {
    id: m.id,
    name: m.slug,
    display_name: m.name,
    url: nullable(m.url),
    icon: nullable(m.icon_url),
    icon_md5: nullable(m.icon_md5),
    logo: nullable(m.logo_url),
    logo_md5: nullable(m.logo_md5),
    background: nullable(m.background_url),
    background_md5: nullable(m.background_md5),
    recommended: nullable(m.recommended),
    latest: nullable(m.latest),
    builds: v.builds,
  };
}

/** A modpack of the list: its slug, its display name and its view as the request may see it. */
export interface ListedModpack {
  slug: string;
  name: string;
  view: res.ModpackView;
}

/**
 * GET /api/modpack: slug → display name, or slug → view with `include=full`. An object, so its
 * keys are in JavaScript's order: integer-like slugs first, in numeric order, then the others in
 * the order given (id order).
 */
export function modpackList(listed: ListedModpack[], full: boolean, mirror: string): res.ModpackList {
  return {
    modpacks: Object.fromEntries(listed.map((p) => [p.slug, full ? p.view : p.name])),
    mirror_url: mirrorBase(mirror),
  };
}

const MODS_KEY = Buffer.from(',"mods":');

const EMPTY_MODS = Buffer.from('[]');

const CLOSE = Buffer.from('}');

/**
 * GET /api/modpack/{slug}/{build}: the build's fields, then its `mods` array as the catalog
 * rendered it (RenderBuildMods: sorted, with URLs), spliced in unchanged.
 */
export function buildBody(b: buildsV1.Build__Output, modsJson: Buffer = EMPTY_MODS): Body {
  const fields: Omit<res.BuildView, 'mods'> = {
    id: b.id,
    minecraft: b.minecraft,
    java: nullable(b.min_java),
    memory: nullable(b.min_memory),
    forge: nullable(b.forge),
  };
  const head = JSON.stringify(fields);
  return bodyOf(Buffer.concat([Buffer.from(head.slice(0, -1)), MODS_KEY, modsJson, CLOSE]));
}
