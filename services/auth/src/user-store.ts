// The users table as users.ts and tokens.ts read and guard it: a user by username (any case) and
// their access list, and the checks that keep usernames and e-mail addresses unique and a
// solder_full user in place.
import { LockMode, sql } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { CREDENTIAL_MESSAGES, DepotError, FULL } from '@depot/common';
import { isUniqueViolation } from '@depot/common/runtime';
import { UserModpackSchema, UserSchema, type User } from './entities/user';
import { Violations } from './validation';

const usernameTaken = () => DepotError.fields({ username: ['The username has already been taken.'] }, 'USERNAME_TAKEN');
const EMAIL_CONSTRAINT = 'users_email_lower_unique';

/** A unique index refused a row written meanwhile: the field it guards is taken. */
export function takenError(err: unknown): unknown {
  if (isUniqueViolation(err, EMAIL_CONSTRAINT)) return DepotError.fields({ email: [CREDENTIAL_MESSAGES.emailTaken] });
  if (isUniqueViolation(err)) return usernameTaken();
  return err;
}

export async function findUser(em: SqlEntityManager, username: string, forUpdate = false): Promise<User> {
  const user = await em.findOne(
    UserSchema,
    { [sql.lower('username')]: username.toLowerCase() },
    forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!user) throw new DepotError('USER_NOT_FOUND');
  return user;
}

/** The user's access list, in id order. */
export async function modpackIdsOf(em: SqlEntityManager, userId: number): Promise<number[]> {
  const rows = await em.find(UserModpackSchema, { userId }, { orderBy: { modpackId: 'asc' } });
  return rows.map((r) => r.modpackId);
}

export async function replaceModpacks(em: SqlEntityManager, userId: number, modpackIds: number[]): Promise<void> {
  await em.nativeDelete(UserModpackSchema, { userId });
  if (modpackIds.length)
    await em.insertMany(
      UserModpackSchema,
      modpackIds.map((modpackId) => ({ userId, modpackId })),
    );
}

/** The username and e-mail address given (new ones only) are nobody's, in any case; both are reported. */
export async function assertFree(em: SqlEntityManager, wanted: { username?: string; email?: string }): Promise<void> {
  const taken = new Violations();
  if (
    wanted.username !== undefined &&
    (await em.count(UserSchema, { [sql.lower('username')]: wanted.username.toLowerCase() }))
  ) {
    taken.add('username', 'The username has already been taken.');
  }
  if (
    wanted.email !== undefined &&
    (await em.count(UserSchema, { [sql.lower('email')]: wanted.email.toLowerCase() }))
  ) {
    taken.add('email', CREDENTIAL_MESSAGES.emailTaken);
  }
  taken.throwIfAny(wanted.email === undefined ? 'USERNAME_TAKEN' : 'VALIDATION');
}

/**
 * Depot never runs without a solder_full user: nobody could then manage users, keys or clients
 * but the operator's CLI. The other solder_full rows are locked, so that two of them demoting or
 * deleting each other at once cannot both pass.
 */
export async function assertAnotherSuperUser(
  tx: SqlEntityManager,
  userId: number,
  reason: 'LAST_SUPER_USER_DELETED' | 'LAST_SUPER_USER_DEMOTED',
): Promise<void> {
  const others = await tx.execute<{ id: number }[]>(
    `select id from users where ? = any(permissions) and id <> ? order by id for update`,
    [FULL, userId],
  );
  if (others.length === 0) throw new DepotError(reason);
}
