// META-INF/mods.toml (Forge, and NeoForge up to 20.4) and META-INF/neoforge.mods.toml (NeoForge
// from 20.5): https://docs.neoforged.net/docs/gettingstarted/modfiles. One file may declare several
// `[[mods]]`; each one's dependencies are `[[dependencies.<modId>]]`. The file has no side of its
// own: the `side` of the mod's dependency on Minecraft (else on the loader) is where the mod says it
// must run, so it is taken as the mod's side.
import {
  authors,
  description,
  field,
  Malformed,
  modId,
  range,
  table,
  text,
  webUrl,
  type ModFacts,
  type ModLoader,
  type ModSide,
  type Warn,
} from './facts';
import { MAX_DEPTH } from './text';

const SIDES: Record<string, ModSide> = { BOTH: 'both', CLIENT: 'client', SERVER: 'server' };
/** Set by the build from the jar's manifest (Implementation-Version) when the jar is loaded. */
const JAR_VERSION = '${file.jarVersion}';

export interface ForgeInput {
  format: 'forge' | 'neoforge';
  source: string;
  /** The jar's META-INF/MANIFEST.MF main attributes, when it has one. */
  manifest?: Map<string, string>;
}

export async function readForge({ format, source, manifest }: ForgeInput, warn: Warn): Promise<ModFacts[]> {
  // smol-toml is an ES module only: imported, not required, from this CommonJS package.
  const { parse } = await import('smol-toml');
  let toml: Record<string, unknown>;
  try {
    // Keys such as __proto__ are dropped: the tables are read as plain objects.
    toml = parse(source, { maxDepth: MAX_DEPTH, unsafeKeyBehaviour: 'drop' });
  } catch (err) {
    throw new Malformed(`not valid TOML (${(err as Error).message.split('\n')[0]})`);
  }
  const mods = field(toml, 'mods');
  if (!Array.isArray(mods) || mods.length === 0) throw new Malformed('no [[mods]]');
  // `loaderVersion` is the language loader's range: the loader's own only for Java mods (javafml).
  const modLoader = field(toml, 'modLoader');
  const loaderVersion = modLoader === undefined || modLoader === 'javafml' ? field(toml, 'loaderVersion') : undefined;
  const all = field(toml, 'dependencies');
  const found: ModFacts[] = [];
  for (const [i, mod] of mods.entries()) {
    const where = `mods[${i}]`;
    const id = modId(field(mod, 'modId'), `${where}.modId`, warn);
    if (id === undefined) {
      warn(`${where} has no modId: skipped`);
      continue;
    }
    const deps = field(all, id);
    const dependencies = Array.isArray(deps) ? deps.map((d) => table(d) ?? {}) : [];
    const dependency = (modid: string) => dependencies.find((d) => field(d, 'modId') === modid);
    // A mods.toml that depends on NeoForge is a NeoForge mod's (1.20.1 to 20.4 used this name).
    const loader: ModLoader = format === 'neoforge' || dependency('neoforge') ? 'neoforge' : 'forge';
    const minecraft = dependency('minecraft');
    const onLoader = dependency(loader);
    const loaderRange =
      range(field(onLoader, 'versionRange'), `dependencies.${id} ${loader}.versionRange`, warn) ??
      range(loaderVersion, 'loaderVersion', warn);
    found.push({
      format,
      id,
      name: text(field(mod, 'displayName'), `${where}.displayName`, warn),
      version: version(field(mod, 'version'), `${where}.version`, manifest, warn),
      authors: authors(field(mod, 'authors'), `${where}.authors`, warn),
      description: description(field(mod, 'description'), `${where}.description`, warn),
      url: webUrl(field(mod, 'displayURL'), `${where}.displayURL`, warn),
      minecraft: range(field(minecraft, 'versionRange'), `dependencies.${id} minecraft.versionRange`, warn),
      loader: { name: loader, ...(loaderRange !== undefined && { range: loaderRange }) },
      side: side(field(minecraft ?? onLoader, 'side'), `dependencies.${id} side`, warn),
    });
  }
  return found;
}

function version(value: unknown, what: string, manifest: Map<string, string> | undefined, warn: Warn) {
  if (value !== JAR_VERSION) return text(value, what, warn);
  const fromManifest = manifest?.get('Implementation-Version');
  if (fromManifest === undefined) {
    warn(`${what} is ${JAR_VERSION} but META-INF/MANIFEST.MF has no Implementation-Version: ignored`);
    return undefined;
  }
  return text(fromManifest, 'MANIFEST.MF Implementation-Version', warn);
}

function side(value: unknown, what: string, warn: Warn): ModSide | undefined {
  const s = text(value, what, warn);
  if (s === undefined) return undefined;
  if (Object.hasOwn(SIDES, s)) return SIDES[s];
  warn(`${what} "${s}" is not BOTH, CLIENT or SERVER: ignored`);
  return undefined;
}

/**
 * The main section of a jar manifest (https://docs.oracle.com/javase/8/docs/technotes/guides/jar/jar.html):
 * `Name: value` lines up to the first blank one, a line starting with a space continuing the last.
 */
export function readManifest(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let last: string | undefined;
  for (const line of source.split(/\r\n|\r|\n/)) {
    if (line === '') break;
    if (line.startsWith(' ')) {
      if (last !== undefined) attributes.set(last, attributes.get(last) + line.slice(1));
      continue;
    }
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    last = line.slice(0, colon);
    if (!attributes.has(last)) attributes.set(last, line.slice(colon + 2));
    else last = undefined;
  }
  return attributes;
}
