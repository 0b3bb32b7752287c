// The bootstrap admin at start. With ADMIN_TOKEN or ADMIN_PASSWORD set, user `admin` with
// solder_full exists.
// - ADMIN_TOKEN is one of its tokens (named `bootstrap`, stored hashed); a different previous
//   bootstrap value is revoked (rotation).
// - ADMIN_PASSWORD becomes its password when the value is new: the bcrypt hash of the last value
//   applied is kept, so a restart with the same value leaves a password changed since (console,
//   CLI) alone, and a changed value replaces it and ends admin's sessions (rotation).
import { sql } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { FULL, normalizePermissions } from '@depot/common';
import { scrubError, type Logger } from '@depot/common/process';
import { type Orm } from '@depot/common/runtime';
import { TokenSchema } from './entities/token';
import { UserSchema, type User } from './entities/user';
import type { Passwords } from './passwords';
import { digest } from './secrets';
import { endSessions } from './sessions';

export const ADMIN_USERNAME = 'admin';
export const BOOTSTRAP_TOKEN_NAME = 'bootstrap';
const ADMIN_PASSWORD_SECRET = 'admin_password';
// Serializes replicas that start at the same time (any constant unique to this purpose).
const BOOTSTRAP_LOCK = 727275;

export interface BootstrapSecrets {
  token?: string;
  password?: string;
}

export async function ensureBootstrapAdmin(
  orm: Orm,
  secrets: BootstrapSecrets,
  passwords: Passwords,
  logger: Logger,
): Promise<void> {
  if (!secrets.token && !secrets.password) return;
  try {
    await (orm.em.fork() as SqlEntityManager).transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [BOOTSTRAP_LOCK]);
      const admin = await ensureAdmin(tx, logger);
      if (secrets.token) await bootstrapToken(tx, admin, digest(secrets.token), logger);
      if (secrets.password) await bootstrapPassword(tx, admin, secrets.password, passwords, logger);
    });
  } catch (err) {
    // A failed start prints the error: not the token's digest or a hash in the statement.
    throw scrubError(err);
  }
}

async function ensureAdmin(tx: SqlEntityManager, logger: Logger): Promise<User> {
  let admin = await tx.findOne(UserSchema, { [sql.lower('username')]: ADMIN_USERNAME });
  if (!admin) {
    admin = tx.create(UserSchema, {
      username: ADMIN_USERNAME,
      permissions: [FULL],
      email: null,
      passwordHash: null,
    } as User);
    logger.info('bootstrap: created user admin');
  } else if (!admin.permissions.includes(FULL)) {
    admin.permissions = normalizePermissions([...admin.permissions, FULL]);
    logger.info('bootstrap: granted solder_full to admin');
  }
  await tx.flush();
  return admin;
}

async function bootstrapToken(tx: SqlEntityManager, admin: User, hash: string, logger: Logger): Promise<void> {
  const revoked = await tx.nativeDelete(TokenSchema, {
    userId: admin.id,
    name: BOOTSTRAP_TOKEN_NAME,
    tokenHash: { $ne: hash },
  });
  if (revoked) logger.info('bootstrap: previous admin token revoked (rotated)');
  // Whoever held this value before, it is now admin's bootstrap token.
  await tx.execute(
    `insert into tokens (user_id, name, token_hash) values (?, ?, ?)
     on conflict (token_hash) do update set user_id = excluded.user_id, name = excluded.name`,
    [admin.id, BOOTSTRAP_TOKEN_NAME, hash],
  );
}

async function bootstrapPassword(
  tx: SqlEntityManager,
  admin: User,
  password: string,
  passwords: Passwords,
  logger: Logger,
): Promise<void> {
  const [applied] = await tx.execute<{ secret_hash: string }[]>(
    'select secret_hash from bootstrap_secrets where name = ?',
    [ADMIN_PASSWORD_SECRET],
  );
  // The same value as last time, and admin still has a password: nothing to do.
  if (applied && admin.passwordHash !== null && (await passwords.verify(password, applied.secret_hash))) return;
  const hash = await passwords.hash(password);
  const rotated = admin.passwordHash !== null;
  admin.passwordHash = hash;
  admin.updatedAt = new Date();
  await tx.flush();
  await endSessions(tx, admin.id);
  await tx.execute(
    `insert into bootstrap_secrets (name, secret_hash) values (?, ?)
     on conflict (name) do update set secret_hash = excluded.secret_hash, applied_at = now()`,
    [ADMIN_PASSWORD_SECRET, hash],
  );
  logger.info(rotated ? 'bootstrap: admin password replaced by ADMIN_PASSWORD' : 'bootstrap: admin password set');
}
