// A user's two-factor state as stored (two-factor.ts decides what may change it): the user's
// sign-in columns, the sealed TOTP secret with the last step used, and the recovery codes, kept as
// digests and used up one by one.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import { newRecoveryCodes, recoveryCodeDigest } from './recovery-codes';

export interface SecretRow {
  user_id: number;
  secret: string;
  confirmed_at: Date | null;
  last_used_step: string | null;
}

export interface UserRow {
  id: number;
  username: string;
  permissions: string[];
  password_hash: string | null;
}

/** The sign-in columns of the user. */
export async function userRow(em: SqlEntityManager, userId: number): Promise<UserRow> {
  const [user] = await em.execute<UserRow[]>(
    'select id, username, permissions, password_hash from users where id = ?',
    [userId],
  );
  if (!user) throw new DepotError('USER_NOT_FOUND');
  return user;
}

/** The user's secret, locked when `lock` (inside a transaction), or undefined without one. */
export async function secretRow(em: SqlEntityManager, userId: number, lock = false): Promise<SecretRow | undefined> {
  const [row] = await em.execute<SecretRow[]>(
    `select user_id, secret, confirmed_at, last_used_step from two_factor_secrets where user_id = ?${lock ? ' for update' : ''}`,
    [userId],
  );
  return row;
}

/** Drops a user's two-factor sign-in: secret, recovery codes, pending sign-ins. */
export async function removeTwoFactor(tx: SqlEntityManager, userId: number): Promise<boolean> {
  const removed = await tx.execute<{ user_id: number }[]>(
    'delete from two_factor_secrets where user_id = ? returning user_id',
    [userId],
  );
  await tx.execute('delete from recovery_codes where user_id = ?', [userId]);
  await tx.execute('delete from sign_in_challenges where user_id = ?', [userId]);
  return removed.length > 0;
}

/** New recovery codes replace the old ones; the plaintexts are returned this once. */
export async function replaceRecoveryCodes(tx: SqlEntityManager, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.execute('delete from recovery_codes where user_id = ?', [userId]);
  await tx.execute(`insert into recovery_codes (user_id, code_hash) select ?, unnest(?::text[])`, [
    userId,
    `{${codes.map(recoveryCodeDigest).join(',')}}`,
  ]);
  return codes;
}

/** Uses up an unused recovery code of the user: false when it is none. */
export async function useRecoveryCode(tx: SqlEntityManager, userId: number, code: string): Promise<boolean> {
  const used = await tx.execute<{ id: number }[]>(
    `update recovery_codes set used_at = now()
      where user_id = ? and code_hash = ? and used_at is null returning id`,
    [userId, recoveryCodeDigest(code)],
  );
  return used.length === 1;
}
