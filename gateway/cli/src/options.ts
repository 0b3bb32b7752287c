// What `depot publish` was asked, checked before any file is read or any request sent: commander
// only collects the strings, this module turns them into a plain object, or a UsageError naming
// the option at fault (exit 2). Pure (the environment is passed in), so every rule is unit-tested.
// The rules are Depot's own (docs/api.md#names-and-values), copied so that a typo in a CI job
// stops at once instead of after the files were sent; Depot still judges everything again.
import path from 'node:path';

/** A wrong command line: bad or missing options, or a file that cannot be sent. Exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options as commander collects them: strings, lists of strings for repeatable ones. */
export interface RawPublishOptions {
  url?: string;
  token?: string;
  pack?: string;
  build?: string;
  from?: string;
  minecraft?: string;
  loader?: string;
  java?: string;
  memory?: string;
  remove?: string[];
  notes?: string;
  notesFile?: string;
  publish?: boolean;
  set?: string[];
  dryRun?: boolean;
  mod?: string[];
  createMods?: boolean;
  plain?: boolean;
  json?: boolean;
}

/** What `--mod <file>=<slug>[@<version>]` says about one file. */
export interface FileOverride {
  mod?: string;
  version?: string;
}

export interface PublishOptions {
  /** Depot's address, without a trailing slash (the gateway's, as `depotClient` takes it). */
  url: string;
  token: string;
  pack: string;
  build: string;
  /** The files as given, in order, each path once. */
  files: string[];
  from?: string;
  minecraft?: string;
  /** `null`: asked for none (an empty `--loader ''`), instead of what `from` has. */
  forge?: string | null;
  minJava?: string | null;
  minMemory?: number | null;
  remove: string[];
  notes?: string;
  notesFile?: string;
  publish: boolean;
  setLatest: boolean;
  setRecommended: boolean;
  dryRun: boolean;
  /** `--mod` overrides, keyed by the file's name (names are unique among the files). */
  overrides: Map<string, FileOverride>;
  createMods: boolean;
  plain: boolean;
  json: boolean;
}

/** Commander's accumulator for repeatable options: each value appended, in order. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
// Depot's VERSION_PATTERN (services/common/src/domain/names.ts): no path separators (launchers
// cache `{mod}-{version}.zip`), no control, bidirectional or line-separator characters, not `.`/`..`.
const VERSION_PATTERN =
  // eslint-disable-next-line no-control-regex
  /^(?!\.\.?$)[^/\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]{1,255}$/;
/** NUL or a UTF-16 surrogate without its pair: not text Depot can store. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\p{Surrogate}]/u;
const ARCHIVE_NAME = /\.(jar|zip)$/i;
const MAX_INT = 2147483647;

const SLUG_RULE = '1-255 letters, digits, ".", "_" or "-", starting with a letter or digit';
const VERSION_RULE = '1-255 characters without "/", "\\" or control characters, and not "." or ".."';

function slug(option: string, value: string): string {
  if (!SLUG_PATTERN.test(value)) throw new UsageError(`${option}: "${value}" is not a slug (${SLUG_RULE})`);
  return value;
}

function version(option: string, value: string): string {
  if (!VERSION_PATTERN.test(value) || UNSTORABLE.test(value)) {
    throw new UsageError(`${option}: "${value}" is not a version (${VERSION_RULE})`);
  }
  return value;
}

/** Free text of a build (minecraft, loader, Java): up to 255 characters. */
function text(option: string, value: string): string {
  if (value.length > 255) throw new UsageError(`${option}: at most 255 characters`);
  if (UNSTORABLE.test(value)) throw new UsageError(`${option}: contains a NUL character or an unpaired surrogate`);
  return value;
}

/** `''` is "none" (null in the request), as Depot reads an empty nullable field. */
function nullableText(option: string, value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === '' ? null : text(option, value);
}

function url(value: string | undefined): string {
  if (!value) {
    throw new UsageError('--url (or DEPOT_URL) is required: the address of Depot, e.g. https://depot.example.com');
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new UsageError(`--url: "${value}" is not a URL (e.g. https://depot.example.com)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new UsageError(`--url: "${value}" is not an http or https URL`);
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new UsageError(`--url: give Depot's address alone, without a query, fragment or credentials`);
  }
  // Paths are appended to it (`/api/manage/…`): one form, whatever the slashes typed.
  return parsed.href.replace(/\/+$/, '');
}

function token(value: string | undefined): string {
  // A token read from a file or a secret often ends with a newline.
  const trimmed = value?.trim();
  if (!trimmed) {
    throw new UsageError('a token is required: set DEPOT_TOKEN (preferred: not shown in the process list) or --token');
  }
  return trimmed;
}

function memory(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (!/^\d+$/.test(value) || Number(value) > MAX_INT) {
    throw new UsageError(`--memory: "${value}" is not a whole number of MB (0 to ${MAX_INT})`);
  }
  return Number(value);
}

function from(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'recommended' || value === 'latest') return value;
  return version('--from', value);
}

/** `--set latest --set recommended` or `--set latest,recommended`. */
function targets(values: string[]): { latest: boolean; recommended: boolean } {
  const names = values.flatMap((v) => v.split(',')).map((s) => s.trim());
  for (const name of names) {
    if (name !== 'latest' && name !== 'recommended') {
      throw new UsageError(`--set: "${name}" is neither latest nor recommended (give latest, recommended or both)`);
    }
  }
  return { latest: names.includes('latest'), recommended: names.includes('recommended') };
}

/** Each path once (a glob may list a file twice); two different files may not share a name. */
function files(paths: string[]): string[] {
  if (!paths.length) throw new UsageError('no files given: name the .jar and .zip files of the release');
  const byName = new Map<string, string>();
  const kept: string[] = [];
  for (const file of paths) {
    const name = path.basename(file);
    if (!ARCHIVE_NAME.test(name)) throw new UsageError(`${file}: not a .jar or .zip file`);
    const seen = byName.get(name);
    if (seen !== undefined) {
      if (path.normalize(seen) === path.normalize(file)) continue;
      // Depot holds a jar as `mods/<name>`: two files of one name would be one file in the pack.
      throw new UsageError(`two files are named ${name} (${seen} and ${file}): a pack holds one file of each name`);
    }
    byName.set(name, file);
    kept.push(file);
  }
  return kept;
}

// `<file>=<slug>[@<version>]`: the file's name ends with .jar/.zip, a slug holds neither `=` nor
// `@`, so the first `.jar=`/`.zip=` that leaves a valid rest splits it, even when the file's name or
// the version holds `=` or `@`.
const MOD_OVERRIDE = /^(.+?\.(?:jar|zip))=([A-Za-z0-9][A-Za-z0-9._-]*)?(?:@(.*))?$/is;

/** The `--mod` values, keyed by the name of the file each names (by its path as given, or name). */
function overrides(values: string[], kept: string[]): Map<string, FileOverride> {
  const result = new Map<string, FileOverride>();
  for (const value of values) {
    const match = MOD_OVERRIDE.exec(value);
    if (!match || (match[2] === undefined && match[3] === undefined)) {
      throw new UsageError(`--mod: "${value}" is not <file>=<slug>, <file>=<slug>@<version> or <file>=@<version>`);
    }
    const [, key, mod, ver] = match;
    const file = kept.find((f) => f === key || path.normalize(f) === path.normalize(key) || path.basename(f) === key);
    if (file === undefined) throw new UsageError(`--mod: ${key} is not one of the files given`);
    const name = path.basename(file);
    if (result.has(name)) throw new UsageError(`--mod: ${name} is given twice`);
    result.set(name, {
      ...(mod !== undefined ? { mod: slug('--mod', mod) } : {}),
      ...(ver !== undefined ? { version: version('--mod', ver) } : {}),
    });
  }
  return result;
}

/** The options of a run, or a UsageError. `env`: the process's environment (DEPOT_URL, DEPOT_TOKEN). */
export function parsePublishOptions(
  raw: RawPublishOptions,
  paths: string[],
  env: Record<string, string | undefined>,
): PublishOptions {
  if (raw.pack === undefined) throw new UsageError('--pack is required: the slug of the modpack');
  if (raw.build === undefined) throw new UsageError('--build is required: the version of the new build');
  if (raw.notes !== undefined && raw.notesFile !== undefined) {
    throw new UsageError('give --notes or --notes-file, not both');
  }
  const start = from(raw.from);
  if (start === undefined && raw.minecraft === undefined) {
    // Depot requires it too; said here before any file is hashed or sent.
    throw new UsageError('--minecraft is required without --from (a build that starts from nothing)');
  }
  if (raw.minecraft === '') throw new UsageError('--minecraft: give a Minecraft version');
  if (raw.notesFile === '') throw new UsageError('--notes-file: give a path');
  const set = targets(raw.set ?? []);
  const kept = files(paths);
  return {
    url: url(raw.url ?? env.DEPOT_URL),
    token: token(raw.token ?? env.DEPOT_TOKEN),
    pack: slug('--pack', raw.pack),
    build: version('--build', raw.build),
    files: kept,
    ...(start !== undefined ? { from: start } : {}),
    ...(raw.minecraft !== undefined ? { minecraft: text('--minecraft', raw.minecraft) } : {}),
    ...(raw.loader !== undefined ? { forge: nullableText('--loader', raw.loader) } : {}),
    ...(raw.java !== undefined ? { minJava: nullableText('--java', raw.java) } : {}),
    ...(raw.memory !== undefined ? { minMemory: memory(raw.memory) } : {}),
    remove: [...new Set((raw.remove ?? []).flatMap((v) => v.split(',')).map((s) => slug('--remove', s.trim())))],
    ...(raw.notes !== undefined ? { notes: raw.notes } : {}),
    ...(raw.notesFile !== undefined ? { notesFile: raw.notesFile } : {}),
    publish: raw.publish ?? false,
    setLatest: set.latest,
    setRecommended: set.recommended,
    dryRun: raw.dryRun ?? false,
    overrides: overrides(raw.mod ?? [], kept),
    createMods: raw.createMods ?? false,
    plain: raw.plain ?? false,
    json: raw.json ?? false,
  };
}
