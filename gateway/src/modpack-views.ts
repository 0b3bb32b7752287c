// JSON shapes of modpacks and builds built from proto messages: the full records of the write
// routes (compat.md §4, contract.md §4.4) and the launcher views (compat.md §3).
import type { buildsV1, catalogV1 } from '@depot/proto';
import { sortByName } from './sort';
import { mirrorBase, modDownloadUrl } from './urls';
import { nullable } from './views';

/** The full modpack record (writes). */
export function modpackRecord(m: buildsV1.Modpack__Output) {
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    url: nullable(m.url),
    hidden: m.hidden,
    private: m.private,
    order: nullable(m.order),
    recommended: nullable(m.recommended),
    latest: nullable(m.latest),
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

/** The full build record (writes). */
export function buildRecord(b: buildsV1.Build__Output) {
  return {
    id: b.id,
    modpack_id: b.modpack_id,
    version: b.version,
    minecraft: b.minecraft,
    forge: nullable(b.forge),
    is_published: b.is_published,
    private: b.private,
    min_java: nullable(b.min_java),
    min_memory: nullable(b.min_memory),
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

/** GET /api/modpack/{slug}: `name` is the slug, `builds` the versions visible to the request. */
export function modpackView(v: buildsV1.ModpackView__Output) {
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

/** GET /api/modpack: slug → display name, or slug → full view with `include=full`. */
export function modpackList(views: buildsV1.ModpackView__Output[], full: boolean, mirror: string) {
  const entries = views.map((v) => {
    const m = required(v.modpack, 'modpack');
    return [m.slug, full ? modpackView(v) : m.name] as const;
  });
  return { modpacks: Object.fromEntries(entries), mirror_url: mirrorBase(mirror) };
}

/** One mod of a build response; `include=mods` adds the mod's public fields. */
export function buildModView(v: catalogV1.ResolvedVersion__Output, mirror: string, withDetails: boolean) {
  const base = {
    id: v.id,
    name: v.mod_name,
    version: v.version,
    md5: v.md5,
    filesize: nullable(v.filesize),
    url: modDownloadUrl(mirror, v.mod_name, v.version),
  };
  if (!withDetails) return base;
  return {
    ...base,
    pretty_name: v.pretty_name ?? '',
    author: nullable(v.author),
    description: nullable(v.description),
    link: nullable(v.link),
  };
}

/** GET /api/modpack/{slug}/{build}: mods in natural, case-insensitive name order. */
export function buildView(
  b: buildsV1.Build__Output,
  versions: catalogV1.ResolvedVersion__Output[],
  mirror: string,
  withDetails: boolean,
) {
  const mods = sortByName(
    versions,
    (v) => v.mod_name,
    (v) => v.id,
  );
  return {
    id: b.id,
    minecraft: b.minecraft,
    java: nullable(b.min_java),
    memory: nullable(b.min_memory),
    forge: nullable(b.forge),
    mods: mods.map((v) => buildModView(v, mirror, withDetails)),
  };
}

/** A message field the service always sets; its absence is a bug (answered 500). */
export function required<T>(v: T | null | undefined, what: string): T {
  if (v === null || v === undefined) throw new Error(`builds service answered without ${what}`);
  return v;
}
