// What a mod says about itself in its archive's metadata files (docs/archives.md#metadata): the
// files read, where a mod runs and the loaders, defined once for the catalog's readers, the
// gateway's answers and the console.

/** The metadata files read, in the order they are looked for. */
export const MOD_FORMATS = [
  { format: 'fabric', file: 'fabric.mod.json' },
  { format: 'quilt', file: 'quilt.mod.json' },
  { format: 'forge', file: 'META-INF/mods.toml' },
  { format: 'neoforge', file: 'META-INF/neoforge.mods.toml' },
  { format: 'mcmod.info', file: 'mcmod.info' },
] as const;
export type ModFormat = (typeof MOD_FORMATS)[number]['format'];

/** Where a mod runs, as its metadata states it. */
export const MOD_SIDES = ['client', 'server', 'both'] as const;
export type ModSide = (typeof MOD_SIDES)[number];

export const MOD_LOADERS = ['fabric', 'quilt', 'forge', 'neoforge'] as const;
export type ModLoader = (typeof MOD_LOADERS)[number];
