// Values that Laravel encrypted with its application key (`Crypt::encrypt`, `encrypt()`), as a
// Technic Solder database holds two-factor secrets and recovery codes (Laravel Fortify), so that
// the Solder import can keep them working when the operator passes Solder's APP_KEY.
//
// A payload is the base64 of JSON `{"iv", "value", "mac", "tag"}`: `value` is the base64 of the
// ciphertext. With AES-CBC (Laravel's default cipher) `mac` is the hex HMAC-SHA256, keyed by the
// application key, of the base64 `iv` and `value` as they stand in the payload, and `tag` is empty
// (or absent, before Laravel 9); with AES-GCM (a changed `app.cipher`) `tag` is the base64 of the
// 16-byte tag and `mac` is empty. The MAC is checked, in constant time, before anything is
// decrypted. Keys of 32 bytes select AES-256, of 16 bytes AES-128, as Laravel does.
import { createDecipheriv, createHmac, timingSafeEqual, type CipherGCMTypes } from 'node:crypto';

/** Why a value could not be decrypted. Its message never holds the value or a key. */
export class LaravelDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LaravelDecryptError';
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const HEX_MAC = /^[0-9a-f]{64}$/;

/**
 * An application key as Laravel's `.env` holds it: `base64:` and the base64 of 32 (or 16) random
 * bytes, or, as very old installs have it, 32 (or 16) characters used as they are.
 */
export function laravelKey(appKey: string): Buffer {
  const encoded = appKey.startsWith('base64:') ? appKey.slice('base64:'.length) : undefined;
  if (encoded !== undefined && !BASE64.test(encoded)) {
    throw new LaravelDecryptError('APP_KEY: "base64:" must be followed by base64');
  }
  const key = encoded !== undefined ? Buffer.from(encoded, 'base64') : Buffer.from(appKey, 'utf8');
  if (key.length !== 32 && key.length !== 16) {
    throw new LaravelDecryptError(
      `APP_KEY: a key has 32 bytes (AES-256) or 16 (AES-128), this one ${key.length}; give it as in Laravel's .env ("base64:...")`,
    );
  }
  return key;
}

interface Payload {
  iv: string;
  value: string;
  mac: string;
  tag: string;
}

function parsePayload(payload: string): Payload {
  let parsed: unknown;
  try {
    if (!BASE64.test(payload)) throw new Error();
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw new LaravelDecryptError('not a Laravel encrypted value (base64 of a JSON payload)');
  }
  const p = parsed as Record<string, unknown>;
  const fields = ['iv', 'value', 'mac'] as const;
  if (
    typeof p !== 'object' ||
    p === null ||
    fields.some((f) => typeof p[f] !== 'string') ||
    (p.tag !== undefined && p.tag !== null && typeof p.tag !== 'string') ||
    !BASE64.test(p.iv as string) ||
    !BASE64.test(p.value as string)
  ) {
    throw new LaravelDecryptError('not a Laravel encrypted value (iv, value and mac expected)');
  }
  return { iv: p.iv as string, value: p.value as string, mac: p.mac as string, tag: (p.tag as string | null) ?? '' };
}

/** Laravel's MAC of a CBC payload, compared in constant time. */
function macMatches(p: Payload, key: Buffer): boolean {
  if (!HEX_MAC.test(p.mac)) return false;
  const expected = createHmac('sha256', key)
    .update(p.iv + p.value, 'utf8')
    .digest();
  return timingSafeEqual(expected, Buffer.from(p.mac, 'hex'));
}

function decryptWith(p: Payload, key: Buffer): Buffer | undefined {
  const bits = key.length * 8;
  const iv = Buffer.from(p.iv, 'base64');
  const value = Buffer.from(p.value, 'base64');
  if (p.tag !== '') {
    const tag = Buffer.from(p.tag, 'base64');
    if (iv.length !== 12 || tag.length !== 16 || !BASE64.test(p.tag)) return undefined;
    try {
      const decipher = createDecipheriv(`aes-${bits}-gcm` as CipherGCMTypes, key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(value), decipher.final()]);
    } catch {
      return undefined; // the tag does not match: another key, or an altered value
    }
  }
  if (iv.length !== 16 || !macMatches(p, key)) return undefined;
  try {
    const decipher = createDecipheriv(`aes-${bits}-cbc`, key, iv);
    return Buffer.concat([decipher.update(value), decipher.final()]);
  } catch {
    return undefined;
  }
}

/**
 * The plaintext of a Laravel payload, decrypted with the first of `keys` it was made with (the
 * current APP_KEY, then any previous ones, as Laravel's APP_PREVIOUS_KEYS). Throws
 * LaravelDecryptError when it is no payload, or when no key authenticates it (a wrong key, or a
 * value altered since: the MAC or the GCM tag does not match).
 */
export function laravelDecrypt(payload: string, keys: readonly Buffer[]): Buffer {
  const p = parsePayload(payload);
  for (const key of keys) {
    const plain = decryptWith(p, key);
    if (plain) return plain;
  }
  throw new LaravelDecryptError('the MAC is invalid: not encrypted with this APP_KEY, or altered since');
}

/**
 * A value as PHP's `serialize()` wrote a string (`s:<bytes>:"<text>";`, what `encrypt()` stores),
 * or the plaintext as it is when it was encrypted without serialization (`encryptString`).
 */
export function phpUnserializeString(plain: Buffer): string {
  const text = plain.toString('utf8');
  const serialized = /^s:(\d+):"/.exec(text);
  if (!serialized) {
    if (/^(?:[abdiNO]:|N;)/.test(text)) throw new LaravelDecryptError('a serialized PHP value that is not a string');
    return text;
  }
  const start = Buffer.byteLength(serialized[0]);
  const length = Number(serialized[1]);
  if (plain.length !== start + length + 2 || plain.subarray(start + length).toString('latin1') !== '";') {
    throw new LaravelDecryptError('a malformed serialized PHP string');
  }
  return plain.subarray(start, start + length).toString('utf8');
}

/** A user's two-factor sign-in as Laravel Fortify keeps it, in plaintext. */
export interface FortifyTwoFactor {
  /** The TOTP secret, base32 (uppercase, no padding). */
  secret: string;
  /** The recovery codes still unused (Fortify replaces a used one with a new one). */
  recoveryCodes: string[];
  /** Whether the user proved a first code (`two_factor_confirmed_at` set). */
  confirmed: boolean;
}

/** The three columns Fortify adds to `users`, as read from the database. */
export interface FortifyColumns {
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: unknown;
}

/**
 * A Solder user's two-factor sign-in, decrypted with Solder's APP_KEY (and previous keys): null
 * when the user has none. Throws LaravelDecryptError (saying which column and why, never the
 * value) when a column cannot be decrypted or does not hold what Fortify writes: the import then
 * reports the user as skipped, and they enrol again.
 */
export function decryptFortifyTwoFactor(row: FortifyColumns, keys: readonly Buffer[]): FortifyTwoFactor | null {
  if (row.two_factor_secret === null || row.two_factor_secret === '') return null;
  const column = <T>(name: string, fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      if (err instanceof LaravelDecryptError) throw new LaravelDecryptError(`${name}: ${err.message}`);
      throw err;
    }
  };
  const secret = column('two_factor_secret', () => {
    const value = phpUnserializeString(laravelDecrypt(row.two_factor_secret!, keys))
      .replace(/[\s=]/g, '')
      .toUpperCase();
    if (!/^[A-Z2-7]{16,128}$/.test(value)) throw new LaravelDecryptError('not a base32 secret of 16 to 128 characters');
    return value;
  });
  const recoveryCodes = column('two_factor_recovery_codes', () => {
    if (row.two_factor_recovery_codes === null || row.two_factor_recovery_codes === '') return [];
    const json = phpUnserializeString(laravelDecrypt(row.two_factor_recovery_codes, keys));
    let codes: unknown;
    try {
      codes = JSON.parse(json);
    } catch {
      throw new LaravelDecryptError('not a JSON array of codes');
    }
    if (!Array.isArray(codes) || codes.some((c) => typeof c !== 'string' || c === '' || c.length > 255)) {
      throw new LaravelDecryptError('not a JSON array of codes');
    }
    return codes as string[];
  });
  const confirmed = row.two_factor_confirmed_at !== null && row.two_factor_confirmed_at !== undefined;
  return { secret, recoveryCodes, confirmed };
}
