// Command-line values, checked before anything is called: commander runs these as argument and
// option parsers, so a wrong value stops with a usage error naming it. Pure (unit-tested); the
// services still enforce their own rules.
import {
  isPermission,
  PERMISSIONS,
  SLUG_PATTERN,
  USERNAME_PATTERN,
  UUID_PATTERN,
  type Permission,
} from '@depot/common';
import { InvalidArgumentError } from 'commander';
import { isEmail, passwordProblem, PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@depot/common';

/** `a, b,,a` → `['a', 'b']`: comma separated, trimmed, empty entries and repeats dropped. */
export function parseList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Known permissions only (auth stays the authority; this only stops a typo early). */
export function parsePermissions(value: string): Permission[] {
  const list = parseList(value);
  const unknown = list.filter((p) => !isPermission(p));
  if (unknown.length) {
    throw new InvalidArgumentError(`unknown permission(s) ${unknown.join(', ')}; known: ${PERMISSIONS.join(', ')}`);
  }
  return list.filter(isPermission);
}

export function parseSlug(value: string): string {
  if (!SLUG_PATTERN.test(value)) {
    throw new InvalidArgumentError(
      'a modpack slug is 1-255 letters, digits, ".", "-" or "_", starting with a letter or digit',
    );
  }
  return value;
}

export function parseSlugs(value: string): string[] {
  return parseList(value).map(parseSlug);
}

/** Variadic arguments: commander passes each value with the list so far. */
export function collectSlug(value: string, previous: string[] | undefined): string[] {
  const slug = parseSlug(value);
  return previous?.includes(slug) ? previous : [...(previous ?? []), slug];
}

export function parseUsername(value: string): string {
  if (!USERNAME_PATTERN.test(value)) {
    throw new InvalidArgumentError(
      'a username is 1-255 letters, digits, ".", "_", "@" or "-", starting with a letter or digit',
    );
  }
  return value;
}

export function parseId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 2147483647) {
    throw new InvalidArgumentError('expected a positive whole number');
  }
  return Number(value);
}

export function parseUuid(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new InvalidArgumentError('expected a launcher client id (a UUID)');
  return value;
}

/** A name of a token, key or client: 1-255 characters, not blank. */
export function parseName(value: string): string {
  if (value.trim() === '' || value.length > 255) throw new InvalidArgumentError('expected 1-255 characters, not blank');
  return value;
}

export function parseKeyValue(value: string): string {
  if (value.trim() === '' || value.length > 255) throw new InvalidArgumentError('expected 1-255 characters, not blank');
  return value;
}

/** A Solder database: MySQL/MariaDB or PostgreSQL, by the scheme, with a database name. */
export function parseSolderUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected a mysql://, mariadb:// or postgres:// URL');
  }
  if (!/^(mysql|mariadb|postgres(ql)?):$/.test(url.protocol)) {
    throw new InvalidArgumentError('expected a mysql://, mariadb:// or postgres:// URL');
  }
  if (url.pathname.replace(/^\//, '') === '') {
    throw new InvalidArgumentError('expected a URL with a database name (mysql://user:password@host:3306/solder)');
  }
  return value;
}

export function parseEmail(value: string): string {
  if (!isEmail(value)) throw new InvalidArgumentError('expected an e-mail address');
  return value;
}

/**
 * A password read from standard input: its one line, without the line break (`echo`, a file, a
 * secret manager's pipe). Checked here so that a wrong one stops before anything is called.
 */
export function parsePasswordInput(input: string): string {
  const lines = input.replace(/\r?\n$/, '');
  if (/[\r\n]/.test(lines)) throw new InvalidArgumentError('expected one line on standard input');
  if (passwordProblem(lines) !== null) {
    throw new InvalidArgumentError(
      `a password is ${PASSWORD_MIN_LENGTH} characters to ${PASSWORD_MAX_BYTES} bytes (UTF-8), without NUL`,
    );
  }
  return lines;
}
