// What a mod says about itself in its archive's metadata files (docs/archives.md#metadata): the
// files read, where a mod runs and the loaders, and how an archive's facts name a mod of the
// library, defined once for the catalog's readers and releases, the gateway's answers and the
// console (a subpath of its own, `@depot/common/mod-facts`, that the browser bundle can take).

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

/** The facts that speak for an archive: its own, else (a Technic zip) those of its jars under mods/. */
export function principalFacts<F extends { file?: string }>(mods: readonly F[]): F[] {
  const own = mods.filter((m) => m.file === undefined);
  return own.length ? own : [...mods];
}

/**
 * Where an archive's mod runs, as its metadata says (docs/archives.md#sides): the side its own facts
 * (else its jars') agree on; `both` when they say different things; undefined when none says.
 */
export function sideOfFacts(mods: readonly { side?: ModSide; file?: string }[]): ModSide | undefined {
  const said = new Set(principalFacts(mods).flatMap((m) => (m.side ? [m.side] : [])));
  if (!said.size) return undefined;
  return said.size === 1 ? [...said][0] : 'both';
}

/** Letters and digits only, lower case: how names are compared (create-mod ~ create_mod ~ "Create Mod"). */
export const compactName = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mod of the library an archive's facts name: the one whose slug is the mod id (any case), else
 * the one whose slug or display name is the mod id or name compared on letters and digits ("Just
 * Enough Items" for `jei`'s name); undefined when none is.
 */
export function libraryModFor<M>(
  facts: { id: string; name?: string },
  library: readonly M[],
  names: (mod: M) => { slug: string; pretty: string },
): M | undefined {
  const id = facts.id.toLowerCase();
  const exact = library.find((m) => names(m).slug.toLowerCase() === id);
  if (exact) return exact;
  const keys = [facts.id, facts.name ?? ''].map(compactName).filter(Boolean);
  return library.find((m) => {
    const { slug, pretty } = names(m);
    return keys.includes(compactName(slug)) || keys.includes(compactName(pretty));
  });
}
