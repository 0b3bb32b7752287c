// TOTP secrets at rest. Unlike passwords and tokens they cannot be hashed (the server computes
// codes from them), so they are encrypted: AES-256-GCM under a key derived (HKDF-SHA-256) from
// TOTP_ENCRYPTION_KEY, a setting of the operator's (a Kubernetes Secret; `npm start` keeps one
// under .data/). The user's id is the associated data: a secret copied onto another user's row
// does not decrypt. Each row names the key that sealed it (`key_id`, derived from the key, which
// tells nothing about it), so that a start with a wrong key fails at once, and rows sealed with
// TOTP_ENCRYPTION_KEY_PREVIOUS are sealed again with the current key (rotation; common's
// checkSealedKeys, as for the hooks service's webhook secrets).
import type { Logger } from '@depot/common/process';
import { checkSealedKeys, SealedBox, SealedKeyError, type Orm, type SealedRows } from '@depot/common/runtime';

export { ENCRYPTION_KEY_MIN_LENGTH } from '@depot/common/runtime';
// Serializes replicas that start at the same time (any constant unique to this purpose).
const ROTATION_LOCK = 727276;

/** Where the secrets are stored, for the start-time check of the key (common's checkSealedKeys). */
const TWO_FACTOR_ROWS: SealedRows = {
  table: 'two_factor_secrets',
  id: 'user_id',
  secret: 'secret',
  keyId: 'key_id',
  binding: (userId) => `user:${userId}`,
  lock: ROTATION_LOCK,
  setting: 'TOTP_ENCRYPTION_KEY',
  describe: (n) => `the two-factor secrets of ${n} user(s)`,
  withoutKey: (n) =>
    `${n} user(s) have two-factor sign-in but TOTP_ENCRYPTION_KEY is not set: set the key their secrets were encrypted with`,
};

/** Two-factor secrets sealed for their user (@depot/common/runtime's SealedBox). */
export class SecretBox {
  readonly box: SealedBox;
  readonly keyId: string;

  constructor(setting: string) {
    // "two-factor": the derivation of the secrets sealed before the box was shared, kept.
    this.box = new SealedBox(setting, { name: 'TOTP_ENCRYPTION_KEY', purpose: 'two-factor' });
    this.keyId = this.box.keyId;
  }

  seal(plaintext: string, userId: number): string {
    return this.box.seal(plaintext, TWO_FACTOR_ROWS.binding(userId));
  }

  open(sealed: string, userId: number): string {
    return this.box.open(sealed, TWO_FACTOR_ROWS.binding(userId));
  }
}

/** A key setting that cannot read what is stored: its message is for the operator, as it is. */
export class TwoFactorKeyError extends SealedKeyError {
  override name = 'TwoFactorKeyError';
}

/**
 * At start: every stored secret must be readable. Rows sealed with `previous` are sealed again
 * with `current`, in one transaction; rows of an unknown key, or any row without a current key,
 * stop the start with a message that says what to set (never a key or a secret).
 */
export async function checkTwoFactorKeys(
  orm: Orm,
  keys: { current: SecretBox | null; previous: SecretBox | null },
  logger: Logger,
): Promise<void> {
  await checkSealedKeys(
    orm,
    TWO_FACTOR_ROWS,
    { current: keys.current?.box ?? null, previous: keys.previous?.box ?? null },
    logger,
  );
}
