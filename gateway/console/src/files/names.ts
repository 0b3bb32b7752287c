// What a dropped file's name says: the mod it is of and its version string, suggested to the
// person (every suggestion stays editable). Mod files are named "<mod>-<version>.jar" in many ways
// (jei-1.20.1-15.2.0.27.jar, Botania-1.20.1-443-FORGE.jar, JustEnoughItems_1.2.zip): the mod's part
// is what comes before the first word that looks like a version.
import { compactName, libraryModFor } from '@depot/common/mod-facts';
import { SLUG_PATTERN, VERSION_PATTERN } from '@depot/common/names';
import { slugFromName } from '../ui/slug';

/** The archives Depot takes (the upload route refuses any other file name). */
export const ARCHIVE_NAME = /\.(jar|zip)$/i;

/** Separators between the words of a file name. */
const SEPARATOR = /[-_+ ]/;

/** A word that starts a version: digits then a dot (1.20.1, v2.0, mc1.20.1), else a lone number. */
const VERSION_WORD = /^(?:v|mc)?\d+\./i;
const NUMBER_WORD = /^(?:v|mc)?\d/i;

/** The name without its extension. */
export const baseName = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(ARCHIVE_NAME, '');

/** How names are compared ("Just Enough Items" = "justenoughitems"). */
const compact = compactName;

const trimSeparators = (s: string) => s.replace(/^[-_+. ]+/, '').replace(/[-_+ ]+$/, '');

/** A version string the API takes, or '' (the person types one). */
const asVersion = (s: string) => {
  const v = trimSeparators(s);
  return VERSION_PATTERN.test(v) ? v : '';
};

/** Where the version starts in `base`: the first version-like word, else the first number; -1: none. */
function versionStart(base: string): number {
  const starts: number[] = [];
  for (let i = 0; i < base.length; i++) if (i === 0 || SEPARATOR.test(base[i - 1])) starts.push(i);
  const at = (word: RegExp) => starts.find((i) => i > 0 && word.test(base.slice(i)));
  return at(VERSION_WORD) ?? at(NUMBER_WORD) ?? -1;
}

/** The file name split into the mod's part and the version's ('' when there is none). */
export function splitFileName(fileName: string): { modPart: string; version: string } {
  const base = baseName(fileName);
  const at = versionStart(base);
  if (at < 0) return { modPart: trimSeparators(base), version: '' };
  return { modPart: trimSeparators(base.slice(0, at)), version: asVersion(base.slice(at)) };
}

/**
 * The version in the name of a file of the mod `mod` (slug and display name): the name without
 * the mod's prefix, the extension and the separators between them (jei-1.20.1-15.2.0.27.jar for
 * jei → 1.20.1-15.2.0.27).
 */
export function versionFromFileName(fileName: string, mod: { name: string; pretty: string }): string {
  const base = baseName(fileName);
  const prefix = modPrefixLength(base, mod);
  if (prefix > 0) return asVersion(base.slice(prefix));
  return splitFileName(fileName).version;
}

/**
 * How many characters of `base` name the mod: its slug, or its display name written with any
 * separators or none ("Just Enough Items", "Just-Enough-Items", "JustEnoughItems"), followed by a
 * separator; 0 when it does not start with it.
 */
function modPrefixLength(base: string, mod: { name: string; pretty: string }): number {
  const lower = base.toLowerCase();
  const slug = mod.name.toLowerCase();
  if (lower.startsWith(slug) && SEPARATOR.test(lower[slug.length] ?? '')) return slug.length;
  const pretty = compact(mod.pretty);
  if (!pretty) return 0;
  // Walk the name's letters and digits until they spell the display name.
  let seen = '';
  for (let i = 0; i < base.length; i++) {
    if (/[a-z0-9]/i.test(base[i])) seen += base[i].toLowerCase();
    if (seen === pretty) return SEPARATOR.test(base[i + 1] ?? '') ? i + 1 : 0;
    if (!pretty.startsWith(seen)) return 0;
  }
  return 0;
}

/** A display name from the mod's part of a file name: words split, each capitalised (JustEnoughItems → Just Enough Items). */
export function prettyFromModPart(modPart: string): string {
  return modPart
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_+ .]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

export interface ModEntry {
  name: string;
  pretty: string;
}

/** What a file is taken for: a mod of the library, or a new one, and a version. */
export interface FileGuess {
  /** The mod of the library it names, if any. */
  mod?: ModEntry;
  /** The slug and display name suggested for a new mod. */
  slug: string;
  pretty: string;
  version: string;
}

/**
 * The mod of the library a file is of (its mod part is the mod's slug or display name; else the
 * longest slug that starts the name and is followed by a version), or a new mod named after it.
 */
export function guessFromFileName(fileName: string, library: readonly ModEntry[]): FileGuess {
  const { modPart, version } = splitFileName(fileName);
  const part = compact(modPart);
  const exact = library.find((m) => compact(m.name) === part || compact(m.pretty) === part);
  if (exact)
    return { mod: exact, slug: exact.name, pretty: exact.pretty, version: versionFromFileName(fileName, exact) };
  const base = baseName(fileName);
  const prefixed = library
    .filter((m) => {
      const length = modPrefixLength(base, m);
      return length > 0 && NUMBER_WORD.test(trimSeparators(base.slice(length)));
    })
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (prefixed) {
    return {
      mod: prefixed,
      slug: prefixed.name,
      pretty: prefixed.pretty,
      version: versionFromFileName(fileName, prefixed),
    };
  }
  const pretty = prettyFromModPart(modPart) || baseName(fileName);
  const slug = slugFromName(modPart || baseName(fileName));
  return { slug: SLUG_PATTERN.test(slug) ? slug : '', pretty, version };
}

/**
 * The mod of the library a file's metadata names (its id or name is a mod's slug or display name,
 * compared on letters and digits), or a new mod named after it; undefined when its id makes no slug.
 */
export function guessFromFacts(
  facts: { id: string; name?: string },
  library: readonly ModEntry[],
): Omit<FileGuess, 'version'> | undefined {
  const mod = libraryModFor(facts, library, (m) => ({ slug: m.name, pretty: m.pretty }));
  if (mod) return { mod, slug: mod.name, pretty: mod.pretty };
  const slug = slugFromName(facts.id);
  if (!SLUG_PATTERN.test(slug)) return undefined;
  return { slug, pretty: facts.name ?? prettyFromModPart(facts.id) };
}
