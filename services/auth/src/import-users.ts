// Solder's users into auth (import.ts): matched by username whatever its case, their bcrypt hashes
// kept as they are (a password already set in Depot is never overwritten), an e-mail address
// another Depot user holds left out, and their access lists to the imported modpacks made exactly
// the given ones.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { normalizePermissions } from '@depot/common';
import { importCounts, importQuery, toColumns, upsertRows, type Imported } from '@depot/common/runtime';
import { UserSchema, type User } from './entities/user';

/** A user, matched by username whatever its case. */
export type ImportedUser = Imported<User> & {
  /** Depot modpack ids (from the builds import): the user's access list. */
  modpackIds: number[];
};

/** Users by username (case-insensitively) with their access lists to the managed modpacks. */
export async function importUsers(tx: SqlEntityManager, users: ImportedUser[], managed: string, userLinksJson: string) {
  // An address held by another Depot user would break its unique index: imported without it.
  const taken = await importQuery<{ username: string }[]>(
    tx,
    `select i.username from jsonb_to_recordset(?::jsonb) as i(username text, email text)
       join users u on lower(u.email) = lower(i.email) and lower(u.username) <> lower(i.username)`,
    [JSON.stringify(users.map((u) => ({ username: u.username, email: u.email })))],
  );
  const emailsTaken = new Set(taken.map((r) => r.username));
  const usersJson = JSON.stringify(
    users.map(({ modpackIds: _ids, ...u }) =>
      toColumns(UserSchema, {
        ...u,
        email: emailsTaken.has(u.username) ? null : u.email,
        permissions: normalizePermissions(u.permissions),
      }),
    ),
  );
  const upserted = await upsertRows<User, { id: number }>(tx, UserSchema, {
    rowsJson: usersJson,
    match: 'lower(t.username) = lower(i.username)',
    update: ['permissions', 'email'],
    insertOnly: ['username', 'passwordHash'],
    returning: 't.id',
    keepIds: true,
  });
  // A password is given to a user without one; one set in Depot (or changed there) stays.
  const passwordSet = await importQuery<{ id: number }[]>(
    tx,
    `update users t set password_hash = i.password_hash, updated_at = now()
       from jsonb_populate_recordset(null::users, ?::jsonb) as i
      where lower(t.username) = lower(i.username) and t.password_hash is null and i.password_hash is not null
     returning t.id`,
    [usersJson],
  );
  const kept = await importQuery<{ username: string }[]>(
    tx,
    `select t.username from users t join jsonb_populate_recordset(null::users, ?::jsonb) as i
         on lower(t.username) = lower(i.username)
      where i.password_hash is not null and t.password_hash <> i.password_hash
      order by t.id`,
    [usersJson],
  );
  const removed = await importQuery<{ user_id: number }[]>(
    tx,
    `delete from user_modpacks um
      using users u, jsonb_to_recordset(?::jsonb) as i(username text)
      where um.user_id = u.id and lower(u.username) = lower(i.username)
        and um.modpack_id = any(?::int[])
        and not exists (select 1 from jsonb_to_recordset(?::jsonb) as l(username text, modpack_id int)
                         where lower(l.username) = lower(u.username) and l.modpack_id = um.modpack_id)
     returning um.user_id`,
    [usersJson, managed, userLinksJson],
  );
  const inserted = await importQuery<{ user_id: number }[]>(
    tx,
    `insert into user_modpacks (user_id, modpack_id)
     select u.id, l.modpack_id
       from jsonb_to_recordset(?::jsonb) as l(username text, modpack_id int)
       join users u on lower(u.username) = lower(l.username)
     on conflict do nothing
     returning user_id`,
    [userLinksJson],
  );
  const linkTotal = users.reduce((n, u) => n + new Set(u.modpackIds).size, 0);
  const updatedIds = new Set([...upserted.updated, ...passwordSet].map((r) => r.id));
  for (const r of upserted.inserted) updatedIds.delete(r.id);
  return {
    users: importCounts(users.length, upserted.inserted.length, updatedIds.size),
    userLinks: { inserted: inserted.length, removed: removed.length, unchanged: linkTotal - inserted.length },
    emailsTaken: [...emailsTaken],
    passwordsKept: kept.map((r) => r.username),
  };
}
