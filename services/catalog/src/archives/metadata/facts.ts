// What a mod says about itself, as read from the metadata file its archive carries, and the rules
// every reader applies to a field before it is kept: the files are written by anyone, so a value
// of the wrong type, too long, or a link that is not a web address is dropped with a warning
// rather than passed on to the console and the database.

import type { ModFormat, ModLoader, ModSide } from '@depot/common';

export { MOD_FORMATS, MOD_LOADERS, MOD_SIDES } from '@depot/common';
export type { ModFormat, ModLoader, ModSide } from '@depot/common';

export interface ModFacts {
  format: ModFormat;
  /** The jar inside the archive it was read from (`mods/x.jar` in a Technic zip); absent for the archive itself. */
  file?: string;
  id: string;
  name?: string;
  version?: string;
  authors: string[];
  description?: string;
  /** A web address (http or https) only. */
  url?: string;
  /** The Minecraft versions, as the file writes them (several alternatives joined with ` || `). */
  minecraft?: string;
  loader?: { name: ModLoader; range?: string };
  /** Absent when the file does not say. */
  side?: ModSide;
}

/** A file the reader cannot use at all: its message becomes the warning. */
export class Malformed extends Error {}

/** Where a reader reports what it dropped. */
export type Warn = (message: string) => void;

const ID_MAX = 128;
const FIELD_MAX = 255;
const URL_MAX = 2048;
const DESCRIPTION_MAX = 4000;
const AUTHORS_MAX = 64;

/** A parsed JSON or TOML value as a plain object, or undefined. */
export function table(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** An own property only: a key like `constructor` in a file must not reach Object.prototype. */
export function field(value: unknown, key: string): unknown {
  const t = table(value);
  return t && Object.hasOwn(t, key) ? t[key] : undefined;
}

/**
 * A string field, trimmed; undefined when absent or empty. A value too long or still holding a
 * build placeholder (`${version}`, left by a build that did not expand it) is dropped with a warning.
 */
export function text(value: unknown, what: string, warn: Warn, max = FIELD_MAX): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    warn(`${what} is not a string: ignored`);
    return undefined;
  }
  const s = value.trim();
  if (s === '') return undefined;
  if (s.length > max) {
    warn(`${what} is longer than ${max} characters: ignored`);
    return undefined;
  }
  if (s.includes('${')) {
    warn(`${what} "${s}" is an unexpanded placeholder: ignored`);
    return undefined;
  }
  return s;
}

export const modId = (value: unknown, what: string, warn: Warn) => text(value, what, warn, ID_MAX);

/** A description, cut rather than dropped when long: its beginning is still worth showing. */
export function description(value: unknown, what: string, warn: Warn): string | undefined {
  if (typeof value === 'string' && value.trim().length > DESCRIPTION_MAX)
    return `${value.trim().slice(0, DESCRIPTION_MAX - 1)}…`;
  return text(value, what, warn, DESCRIPTION_MAX);
}

/** A link the console may show as one: http or https only (not `javascript:` or `file:`). */
export function webUrl(value: unknown, what: string, warn: Warn): string | undefined {
  const s = text(value, what, warn, URL_MAX);
  if (s === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(s);
  } catch {
    warn(`${what} "${s}" is not a web address: ignored`);
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    warn(`${what} "${s}" is not an http or https address: ignored`);
    return undefined;
  }
  return s;
}

/** Authors given as a list of names, of `{ name }` objects, or as one comma-separated string. */
export function authors(value: unknown, what: string, warn: Warn): string[] {
  if (value === undefined || value === null) return [];
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items) {
    warn(`${what} is neither a list nor a string: ignored`);
    return [];
  }
  const names: string[] = [];
  for (const item of items) {
    const name = text(typeof item === 'string' ? item : field(item, 'name'), `${what} entry`, warn);
    if (name !== undefined && !names.includes(name)) names.push(name);
    if (names.length === AUTHORS_MAX) {
      warn(`${what}: only the first ${AUTHORS_MAX} are kept`);
      break;
    }
  }
  return names;
}

/** A version range: one string, or a list of alternatives (any of them), joined with ` || `. */
export function range(value: unknown, what: string, warn: Warn): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map((v) => text(v, `${what} entry`, warn)).filter((v) => v !== undefined);
    return parts.length ? text(parts.join(' || '), what, warn) : undefined;
  }
  return text(value, what, warn);
}
