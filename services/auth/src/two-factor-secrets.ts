// TOTP secrets at rest. Unlike passwords and tokens they cannot be hashed (the server computes
// codes from them), so they are encrypted: AES-256-GCM under a key derived (HKDF-SHA-256) from
// TOTP_ENCRYPTION_KEY, a setting of the operator's (a Kubernetes Secret; `npm start` keeps one
// under .data/). The user's id is the associated data: a secret copied onto another user's row
// does not decrypt. Each row names the key that sealed it (`key_id`, derived from the key, which
// tells nothing about it), so that a start with a wrong key fails at once, and rows sealed with
// TOTP_ENCRYPTION_KEY_PREVIOUS are sealed again with the current key (rotation).
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { scrubError, type Logger } from '@depot/common/process';
import { SealedBox, type Orm } from '@depot/common/runtime';

export { ENCRYPTION_KEY_MIN_LENGTH } from '@depot/common/runtime';
// Serializes replicas that start at the same time (any constant unique to this purpose).
const ROTATION_LOCK = 727276;

/** Two-factor secrets sealed for their user (@depot/common/runtime's SealedBox). */
export class SecretBox {
  private readonly box: SealedBox;
  readonly keyId: string;

  constructor(setting: string) {
    // "two-factor": the derivation of the secrets sealed before the box was shared, kept.
    this.box = new SealedBox(setting, { name: 'TOTP_ENCRYPTION_KEY', purpose: 'two-factor' });
    this.keyId = this.box.keyId;
  }

  seal(plaintext: string, userId: number): string {
    return this.box.seal(plaintext, `user:${userId}`);
  }

  open(sealed: string, userId: number): string {
    return this.box.open(sealed, `user:${userId}`);
  }
}

/** A key setting that cannot read what is stored: its message is for the operator, as it is. */
export class TwoFactorKeyError extends Error {
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
  try {
    await (orm.em.fork() as SqlEntityManager).transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [ROTATION_LOCK]);
      const counts = await tx.execute<{ key_id: string; n: string }[]>(
        'select key_id, count(*) as n from two_factor_secrets group by key_id',
      );
      const { current, previous } = keys;
      for (const { key_id, n } of counts) {
        if (current && key_id === current.keyId) continue;
        if (!current) {
          throw new TwoFactorKeyError(
            `${n} user(s) have two-factor sign-in but TOTP_ENCRYPTION_KEY is not set: set the key their secrets were encrypted with`,
          );
        }
        if (previous && key_id === previous.keyId) {
          await reseal(tx, previous, current);
          logger.info({ users: Number(n) }, 'two-factor secrets re-encrypted with the new TOTP_ENCRYPTION_KEY');
          continue;
        }
        throw new TwoFactorKeyError(
          `TOTP_ENCRYPTION_KEY is not the key the two-factor secrets of ${n} user(s) were encrypted with ` +
            '(set that key, or set it as TOTP_ENCRYPTION_KEY_PREVIOUS with a new TOTP_ENCRYPTION_KEY to rotate)',
        );
      }
    });
  } catch (err) {
    // A failed statement would carry sealed secrets in its message: scrubbed (common/src/process/scrub.ts).
    throw err instanceof TwoFactorKeyError ? err : scrubError(err);
  }
}

async function reseal(tx: SqlEntityManager, from: SecretBox, to: SecretBox): Promise<void> {
  const rows = await tx.execute<{ user_id: number; secret: string }[]>(
    'select user_id, secret from two_factor_secrets where key_id = ? for update',
    [from.keyId],
  );
  const resealed = rows.map((r) => ({
    user_id: r.user_id,
    secret: to.seal(from.open(r.secret, r.user_id), r.user_id),
  }));
  await tx.execute(
    `update two_factor_secrets t set secret = r.secret, key_id = ?
       from jsonb_to_recordset(?::jsonb) as r(user_id int, secret text)
      where t.user_id = r.user_id`,
    [to.keyId, JSON.stringify(resealed)],
  );
}
