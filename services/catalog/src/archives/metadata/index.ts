// A mod's facts read from its archive, so that an upload fills in what the files already say: the
// metadata file(s) a jar carries, and those of each jar under `mods/` in a Technic mod zip. Bad
// content never throws: it is skipped with a warning; only the store's own errors (the file or
// object cannot be read) reach the caller.
//
// Why not @xmcl/mod-parser: its latest release (3.4.3) does not install from npm at all (`npm
// install` fails with EUNSUPPORTEDPROTOCOL: `npm view @xmcl/mod-parser dependencies` lists
// `workspace:^*` ranges), and 3.4.2 brings 25 packages (jszip, pako, readable-stream, yauzl 2).
// Its readers take a path or the whole jar as a Buffer, index every entry, and read an entry whole
// (`readEntry` concatenates it, `JSON.parse`/TOML on the result) with no size or time bound, so a
// 100 MB mods.toml is inflated in full; the readers here are a few hundred lines over yauzl 3.
import type yauzl from 'yauzl';
import { MOD_FORMATS, Malformed, type ModFacts, type ModFormat, type Warn } from './facts';
import { readFabric } from './fabric';
import { readForge, readManifest } from './forge';
import { readMcmodInfo } from './mcmod-info';
import { readQuilt } from './quilt';
import { decodeUtf8 } from './text';
import {
  Deadline,
  entryName,
  openBuffer,
  openSource,
  readEntry,
  TimeUp,
  walk,
  type ArchiveSource,
  type Opened,
} from './zip';

export { MOD_FORMATS, MOD_LOADERS, MOD_SIDES } from './facts';
export type { ModFacts, ModFormat, ModLoader, ModSide } from './facts';
export type { ArchiveSource, RangeSource } from './zip';

export interface ModMetadata {
  mods: ModFacts[];
  warnings: string[];
}

export interface MetadataLimits {
  /** The whole read, the directory walk and every jar inside included. */
  timeoutMs: number;
  /** A metadata file, inflated. */
  maxFileBytes: number;
  /** A jar under `mods/`, compressed and inflated: it is read into memory. */
  maxNestedBytes: number;
  /** Jars under `mods/` read; the rest are named in one warning. */
  maxNestedJars: number;
  /**
   * Entries of a zip or jar whose directory is walked for its metadata files: the names must be
   * read one by one, so an archive with more (no mod's jar has that many; a zip of 100,000 config
   * files has) is not read, with a warning, rather than walked a second time after its checks.
   */
  maxEntries: number;
}

export const DEFAULT_LIMITS: MetadataLimits = {
  timeoutMs: 10_000,
  maxFileBytes: 1024 * 1024,
  maxNestedBytes: 64 * 1024 * 1024,
  maxNestedJars: 256,
  maxEntries: 20_000,
};

const MAX_WARNINGS = 100;
const MANIFEST = 'META-INF/MANIFEST.MF';
const READERS: Record<
  ModFormat,
  (source: string, warn: Warn, manifest: () => Promise<Map<string, string>>) => Promise<ModFacts[]> | ModFacts[]
> = {
  fabric: readFabric,
  quilt: readQuilt,
  forge: async (source, warn, manifest) => readForge({ format: 'forge', source, manifest: await manifest() }, warn),
  neoforge: async (source, warn, manifest) =>
    readForge({ format: 'neoforge', source, manifest: await manifest() }, warn),
  'mcmod.info': readMcmodInfo,
};

interface Context {
  limits: MetadataLimits;
  deadline: Deadline;
  warn: Warn;
  opened: Opened;
  /** Every mod read so far: kept when the time runs out before the end. */
  found: ModFacts[];
}

/** The mod metadata the archive carries. Throws only when the store cannot be read. */
export async function readModMetadata(
  source: ArchiveSource,
  limits: Partial<MetadataLimits> = {},
): Promise<ModMetadata> {
  const result: ModMetadata = { mods: [], warnings: [] };
  const warn: Warn = (message) => {
    if (result.warnings.length < MAX_WARNINGS) result.warnings.push(message);
    else if (result.warnings.length === MAX_WARNINGS) result.warnings.push('further warnings left out');
  };
  const all = { ...DEFAULT_LIMITS, ...limits };
  const cx: Context = { limits: all, deadline: new Deadline(all.timeoutMs), warn, opened: {}, found: result.mods };
  try {
    const zip = await cx.deadline.within(openSource(source, cx.opened));
    await readJar(zip, undefined, cx);
  } catch (err) {
    if (cx.opened.reader?.failure !== undefined) throw cx.opened.reader.failure;
    if (err instanceof TimeUp) warn(`not read within ${all.timeoutMs} ms: what was read by then is kept`);
    // No reader: the store could not even say the size (no such file).
    else if (!cx.opened.reader) throw err;
    else warn(`not a readable zip or jar (${(err as Error).message})`);
  } finally {
    cx.opened.zip?.close();
  }
  return result;
}

/** The facts of one jar (or zip), added to cx.found; `file`: its name inside the archive, for a jar under `mods/`. */
async function readJar(zip: yauzl.ZipFile, file: string | undefined, cx: Context): Promise<void> {
  const prefix = file ? `${file}: ` : '';
  if (zip.entryCount > cx.limits.maxEntries) {
    cx.warn(
      `${prefix}${zip.entryCount.toLocaleString('en')} entries, more than the ${cx.limits.maxEntries.toLocaleString('en')} walked for metadata: not read`,
    );
    return;
  }
  const wanted = new Set<string>([...MOD_FORMATS.map((f) => f.file), MANIFEST]);
  const entries = new Map<string, yauzl.Entry>();
  const jars: yauzl.Entry[] = [];
  for await (const entry of walk(zip, cx.deadline)) {
    const name = entryName(entry);
    if (wanted.has(name)) {
      if (entries.has(name)) cx.warn(`${prefix}${name} appears twice: the first one is read`);
      else entries.set(name, entry);
    } else if (!file && name.startsWith('mods/') && name.toLowerCase().endsWith('.jar')) {
      jars.push(entry);
    }
  }

  // Read once, and only for a mods.toml that asks for it.
  let manifest: Promise<Map<string, string>> | undefined;
  const readManifestOnce = () =>
    (manifest ??= (async () => {
      const entry = entries.get(MANIFEST);
      const source = entry && (await content(zip, entry, `${prefix}${MANIFEST}`, cx));
      return source === undefined ? new Map<string, string>() : readManifest(source);
    })());

  for (const { format, file: metadata } of MOD_FORMATS) {
    const entry = entries.get(metadata);
    if (!entry) continue;
    const where = `${prefix}${metadata}`;
    const source = await content(zip, entry, where, cx);
    if (source === undefined) continue;
    try {
      const found = await READERS[format](source, (message) => cx.warn(`${where}: ${message}`), readManifestOnce);
      cx.found.push(...found.map((facts) => compact({ ...facts, file })));
    } catch (err) {
      if (err instanceof TimeUp || cx.opened.reader?.failure !== undefined) throw err;
      // A Malformed file, or a reader tripped by a shape it did not expect: the file is skipped.
      cx.warn(
        `${where}: ${err instanceof Malformed ? err.message : `unreadable (${(err as Error).message})`}: skipped`,
      );
    }
    cx.deadline.check();
  }

  if (jars.length > cx.limits.maxNestedJars)
    cx.warn(`${jars.length} jars under mods/: only the first ${cx.limits.maxNestedJars} are read`);
  for (const jar of jars.slice(0, cx.limits.maxNestedJars)) await readNested(zip, jar, cx);
}

/** A jar under `mods/`, read from the outer entry's bytes when small enough. */
async function readNested(zip: yauzl.ZipFile, entry: yauzl.Entry, cx: Context): Promise<void> {
  const name = entryName(entry);
  const max = cx.limits.maxNestedBytes;
  if (entry.compressedSize > max || entry.uncompressedSize > max) {
    cx.warn(`${name}: larger than ${max.toLocaleString('en')} bytes: not read`);
    return;
  }
  let inner: yauzl.ZipFile | undefined;
  try {
    const bytes = await readEntry(zip, entry, max, cx.deadline);
    inner = await cx.deadline.within(openBuffer(bytes));
    await readJar(inner, name, cx);
  } catch (err) {
    if (err instanceof TimeUp || cx.opened.reader?.failure !== undefined) throw err;
    cx.warn(
      `${name}: ${err instanceof Malformed ? err.message : `not a readable jar (${(err as Error).message})`}: skipped`,
    );
  } finally {
    inner?.close();
  }
}

/** An entry as UTF-8 text, or undefined (with a warning) when it is too large, damaged or not UTF-8. */
async function content(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  where: string,
  cx: Context,
): Promise<string | undefined> {
  try {
    return decodeUtf8(await readEntry(zip, entry, cx.limits.maxFileBytes, cx.deadline));
  } catch (err) {
    if (err instanceof TimeUp || cx.opened.reader?.failure !== undefined) throw err;
    cx.warn(`${where}: ${err instanceof Malformed ? err.message : `unreadable (${(err as Error).message})`}: skipped`);
    return undefined;
  }
}

/** The facts without their absent fields, as they are stored and answered. */
function compact(facts: ModFacts): ModFacts {
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as unknown as ModFacts;
}
