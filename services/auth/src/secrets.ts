// Tokens, platform keys and launcher ids are looked up by their SHA-256 digest, so the database
// never holds a token or key and an index lookup leaks nothing about how much of a guess matched.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'depot_';

/** SHA-256 as 64 lowercase hex characters (the stored form). */
export function digest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A bearer token: 256 random bits, shown once. */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** A platform key when the caller does not choose one: 256 random bits. */
export function generateKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Launcher ids match whatever their case. */
export function clientIdDigest(uuid: string): string {
  return digest(uuid.toLowerCase());
}

/** Constant-time equality of two stored-form digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}
