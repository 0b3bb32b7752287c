// ADMIN_TOKEN at start: user `admin` with solder_full exists and the value is one of its tokens
// (named `bootstrap`, stored hashed). A different previous bootstrap value is revoked (rotation).
import { sql } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { FULL, normalizePermissions, type Logger, type Orm } from '@depot/common';
import { TokenSchema } from './entities/token';
import { UserSchema, type User } from './entities/user';
import { digest, scrubError } from './secrets';

export const ADMIN_USERNAME = 'admin';
export const BOOTSTRAP_TOKEN_NAME = 'bootstrap';
// Serializes replicas that start at the same time (any constant unique to this purpose).
const BOOTSTRAP_LOCK = 727275;

export async function ensureBootstrapAdmin(orm: Orm, token: string, logger: Logger): Promise<void> {
  try {
    await bootstrap(orm, digest(token), logger);
  } catch (err) {
    // A failed start prints the error: not the token's digest in the statement.
    throw scrubError(err);
  }
}

async function bootstrap(orm: Orm, hash: string, logger: Logger): Promise<void> {
  await (orm.em.fork() as SqlEntityManager).transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [BOOTSTRAP_LOCK]);
    let admin = await tx.findOne(UserSchema, { [sql.lower('username')]: ADMIN_USERNAME });
    if (!admin) {
      admin = tx.create(UserSchema, { username: ADMIN_USERNAME, permissions: [FULL] } as User);
      logger.info('bootstrap: created user admin');
    } else if (!admin.permissions.includes(FULL)) {
      admin.permissions = normalizePermissions([...admin.permissions, FULL]);
      logger.info('bootstrap: granted solder_full to admin');
    }
    await tx.flush();
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
  });
}
