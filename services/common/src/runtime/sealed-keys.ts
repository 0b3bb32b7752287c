// The start-time check of the secrets a service keeps sealed (SealedBox): every stored row must be
// readable by the key the service has, and rows sealed by the key before it (its `_PREVIOUS`
// setting) are sealed again with the current one, so that a key is rotated by setting both for one
// start. Used by auth (two-factor secrets, TOTP_ENCRYPTION_KEY) and hooks (webhook signing secrets,
// HOOKS_SECRET_KEY). Each row names the key that sealed it (`keyId`), so a start with a wrong key
// fails at once with a message for the operator, instead of every later read failing.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { scrubError } from '../process/scrub';
import type { Orm } from './orm';
import type { SealedBox } from './sealed-box';

export interface SealedRows {
  /** The table and its columns (names from the code, never from input). */
  table: string;
  id: string;
  secret: string;
  keyId: string;
  /** The associated data each row's value is sealed for (SealedBox `binding`). */
  binding(id: number): string;
  /** Serializes replicas that start at the same time (a constant unique to these rows). */
  lock: number;
  /** The key's setting, e.g. TOTP_ENCRYPTION_KEY (the previous one is `<setting>_PREVIOUS`). */
  setting: string;
  /** What `n` stored rows are, in messages: "the two-factor secrets of 3 user(s)". */
  describe(n: number): string;
  /** The refusal when rows are stored but no key is set (default: said with `describe`). */
  withoutKey?(n: number): string;
}

/** A key setting that cannot read what is stored: its message is for the operator, as it is. */
export class SealedKeyError extends Error {
  override name = 'SealedKeyError';
}

/**
 * Every stored value must be readable: rows sealed with `previous` are sealed again with `current`,
 * in one transaction; rows of an unknown key, or any row without a current key, stop the start with
 * a message that says what to set (never a key or a secret). Returns how many rows were resealed.
 */
export async function checkSealedKeys(
  orm: Orm,
  rows: SealedRows,
  keys: { current: SealedBox | null; previous: SealedBox | null },
  logger: Logger,
): Promise<number> {
  const { current, previous } = keys;
  try {
    return await (orm.em.fork() as SqlEntityManager).transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [rows.lock]);
      const counts = await tx.execute<{ key_id: string; n: string }[]>(
        `select ${rows.keyId} as key_id, count(*) as n from ${rows.table} group by ${rows.keyId}`,
      );
      let resealed = 0;
      for (const { key_id, n } of counts) {
        if (current && key_id === current.keyId) continue;
        if (!current) {
          throw new SealedKeyError(
            rows.withoutKey?.(Number(n)) ??
              `${rows.setting} is not set but ${rows.describe(Number(n))} are stored: set the key they were encrypted with`,
          );
        }
        if (previous && key_id === previous.keyId) {
          resealed += await reseal(tx, rows, previous, current);
          logger.info({ rows: Number(n), table: rows.table }, `secrets re-encrypted with the new ${rows.setting}`);
          continue;
        }
        throw new SealedKeyError(
          `${rows.setting} is not the key ${rows.describe(Number(n))} were encrypted with ` +
            `(set that key, or set it as ${rows.setting}_PREVIOUS with a new ${rows.setting} to rotate)`,
        );
      }
      return resealed;
    });
  } catch (err) {
    // A failed statement would carry sealed secrets in its message: scrubbed (process/scrub.ts).
    throw err instanceof SealedKeyError ? err : scrubError(err);
  }
}

async function reseal(tx: SqlEntityManager, rows: SealedRows, from: SealedBox, to: SealedBox): Promise<number> {
  const stored = await tx.execute<{ id: number; secret: string }[]>(
    `select ${rows.id} as id, ${rows.secret} as secret from ${rows.table} where ${rows.keyId} = ? for update`,
    [from.keyId],
  );
  const resealed = stored.map((r) => ({
    id: r.id,
    secret: to.seal(from.open(r.secret, rows.binding(r.id)), rows.binding(r.id)),
  }));
  await tx.execute(
    `update ${rows.table} t set ${rows.secret} = r.secret, ${rows.keyId} = ?
       from jsonb_to_recordset(?::jsonb) as r(id int, secret text)
      where t.${rows.id} = r.id`,
    [to.keyId, JSON.stringify(resealed)],
  );
  return stored.length;
}
