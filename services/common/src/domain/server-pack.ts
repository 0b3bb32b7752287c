// A build's server pack (docs/archives.md#server-packs): what a dedicated server needs from the
// build, defined once for the catalog that makes it, the gateway that serves it and the docs.

/**
 * The folders of a mod's archive a server takes. `mods/`: the mods' jars. `config/` and
 * `defaultconfigs/` (Forge copies the latter into each new world's serverconfig): their settings.
 * `kubejs/` and `scripts/` (KubeJS, CraftTweaker): recipe and data scripts the server runs. Not
 * `bin/` (the old launcher's modpack.jar), `resourcepacks/`, `shaderpacks/`: the client's.
 */
export const SERVER_FOLDERS = ['mods', 'config', 'defaultconfigs', 'kubejs', 'scripts'] as const;

/** A build's loader (docs/archives.md#loaders): what a server runs the pack with; `none`: vanilla. */
export const BUILD_LOADERS = ['forge', 'neoforge', 'fabric', 'quilt', 'none'] as const;
export type BuildLoader = (typeof BUILD_LOADERS)[number];

/**
 * The loader a build says it needs: the one set for it, else Forge when its Solder `forge` field
 * holds a version (every Solder build's loader was Forge's), else none said.
 */
export function buildLoader(b: {
  loader?: string | null;
  loaderVersion?: string | null;
  forge?: string | null;
}): { name: BuildLoader; version: string | null } | null {
  if (b.loader) return { name: b.loader as BuildLoader, version: b.loaderVersion ?? null };
  return b.forge ? { name: 'forge', version: b.forge } : null;
}

/** The manifest at the pack's top, `depot-server.json`. */
export const SERVER_MANIFEST = 'depot-server.json';

export interface ServerManifest {
  modpack: string;
  build: string;
  minecraft: string;
  /** The loader's version as the build records it (Solder's `forge` field), or null. */
  forge: string | null;
  /** The loader the server runs (buildLoader), or null when the build does not say. */
  loader: { name: BuildLoader; version: string | null } | null;
  min_java: string | null;
  /** Every file of the pack but this one, by path, with the mod version it came from. */
  files: { path: string; sha256: string; size: number; mod: string; version: string }[];
}

/** Whether a path (as extracted: `/`-separated, no `.`) goes to a server. */
export const forServer = (path: string) => (SERVER_FOLDERS as readonly string[]).includes(path.split('/', 1)[0]);
