// Recovery codes: 8 at a time, each usable once instead of a TOTP code, shown once and stored as
// SHA-256 digests (100 random bits each: like tokens, too many to guess from a digest).
// Codes imported from Solder (Fortify's `xxxxxxxxxx-xxxxxxxxxx`) are stored the same way.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@depot/common';
import { digest } from './secrets';

// Crockford's base32 alphabet: no i, l, o or u to misread.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `xxxxx-xxxxx-xxxxx-xxxxx`: 20 characters of 5 bits. */
function newCode(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
}

/** What is compared: case, spaces and dashes do not matter. */
export function recoveryCodeDigest(code: string): string {
  return digest(code.toLowerCase().replace(/[\s-]+/g, ''));
}
