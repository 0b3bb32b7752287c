// The shapes of names and identifiers (docs/api.md, "Names and values"), defined once: the
// gateway validates request bodies with them, the services refuse what the REST API would, the
// admin CLI checks its arguments.

/** Slugs (mod name, modpack slug): letters, digits, `.`, `_`, `-`; 1–255 characters. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** Usernames: as slugs, plus `@` (an e-mail address as a username). */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,254}$/;

/**
 * Version strings (mod versions, build versions), the one rule every route that takes one applies
 * (docs/api.md#names-and-values): 1–255 characters (the database column's length), none of them
 *  - `/` or `\`: the Technic Launcher caches a mod as `{name}-{version}.zip` in its cache folder,
 *    where either is a path separator (Windows takes both);
 *  - a control character (C0, DEL, C1: U+0085 is a line break to Java);
 *  - a bidirectional control or a line/paragraph separator (U+061C, U+200E, U+200F, U+2028–U+202E,
 *    U+2066–U+2069), which make a version read as another one on screen;
 * and not `.` or `..`, which HTTP clients normalise out of a path (such a version could never be
 * read back) and which name folders.
 */
export const VERSION_MAX_LENGTH = 255;
export const VERSION_PATTERN =
  // eslint-disable-next-line no-control-regex
  /^(?!\.\.?$)[^/\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]{1,255}$/;

/** Why `version` cannot be a new version string (the field message's name), or undefined when it can. */
export function versionProblem(version: string): 'required' | 'maxString' | 'text' | 'format' | undefined {
  if (version === '') return 'required';
  if (version.length > VERSION_MAX_LENGTH) return 'maxString';
  if (!isStorableText(version)) return 'text';
  return VERSION_PATTERN.test(version) ? undefined : 'format';
}

/** An MD5 digest: 32 hex digits (stored lowercase). */
export const MD5_PATTERN = /^[0-9a-fA-F]{32}$/;

/** A launcher client id: any UUID version, any case (Laravel's `uuid` rule). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * U+0000, which PostgreSQL text cannot hold, or a UTF-16 surrogate without its pair (JSON's
 * `"\ud800"`), which is no text at all and would be stored as U+FFFD. In a `u` regex a surrogate
 * class matches only unpaired ones.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** Whether a string can be stored and read back as it is: a name holding anything else names nothing. */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

/**
 * The md5 in what a person pasted: the digits alone, also from a line of a checksum tool (md5sum's
 * "<md5>  <file>", with a leading backslash for an odd file name; BSD's "MD5 (<file>) = <md5>"),
 * without the spaces around it, lowercased. Anything else is returned trimmed, to be judged as an md5.
 */
export function md5FromChecksumLine(text: string): string {
  const t = text.trim();
  const md5sum = /^\\?([0-9a-fA-F]{32})(?:\s|$)/.exec(t);
  if (md5sum) return md5sum[1].toLowerCase();
  const bsd = /^MD5 \(.*\) = ([0-9a-fA-F]{32})$/.exec(t);
  if (bsd) return bsd[1].toLowerCase();
  return t;
}
