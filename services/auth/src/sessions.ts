// Console sessions: sign-in with a username or e-mail address and a password opens one; its token
// (256 random bits, the cookie's value) is shown once and stored as its SHA-256 digest, like a
// bearer token. A session ends when unused for the idle timeout, at the end of its lifetime, at
// sign-out, when its user's password changes, or with its user. No caching: an ended session
// stops working with the next request. docs/api.md#sessions.
import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import type { Passwords } from './passwords';
import { principalOf, USER_PRINCIPAL_COLUMNS, type Principal, type PrincipalRow } from './principal';
import { digest, digestsEqual } from './secrets';

export interface SessionSettings {
  idleSeconds: number;
  lifetimeSeconds: number;
}

export interface SessionMeta {
  userAgent?: string;
  address?: string;
}

/** Whoever signs in; the username comes first, so an e-mail address that is someone's username names them. */
const LOGIN_SQL = `
  select id, password_hash from users
   where lower(username) = ? or lower(email) = ?
   order by (lower(username) = ?) desc
   limit 1`;

// One statement: the live session's user with its access list, and last_seen_at refreshed when it
// is older than `refresh` seconds (a busy console does not write on every request).
const SESSION_PRINCIPAL_SQL = `
  with s as (
    select id, user_id, token_hash from sessions
     where token_hash = ? and expires_at > now() and last_seen_at > now() - make_interval(secs => ?)),
  touch as (
    update sessions set last_seen_at = now()
     where id = (select id from s) and last_seen_at < now() - make_interval(secs => ?))
  select 0 as token_id, s.token_hash, ${USER_PRINCIPAL_COLUMNS}
    from s join users u on u.id = s.user_id`;

/**
 * Ends a user's sessions (a password changed), except `keep` when it is one of them, and the
 * sign-ins waiting for their second step (sign-in.ts).
 */
export async function endSessions(em: SqlEntityManager, userId: number, keep?: string): Promise<void> {
  if (keep) await em.execute('delete from sessions where user_id = ? and token_hash <> ?', [userId, digest(keep)]);
  else await em.execute('delete from sessions where user_id = ?', [userId]);
  await em.execute('delete from sign_in_challenges where user_id = ?', [userId]);
}

export class Sessions {
  /** How stale last_seen_at may get: a minute, or less for short idle timeouts. */
  private readonly refreshSeconds: number;

  constructor(
    private readonly orm: Orm,
    private readonly passwords: Passwords,
    private readonly settings: SessionSettings,
  ) {
    this.refreshSeconds = Math.min(60, settings.idleSeconds / 4);
  }

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /**
   * The user a login names (the one a sign-in with it would check), or 0: one indexed query, the
   * same for a known and an unknown login, and no password work, so that the gateway can count a
   * sign-in against its account before the password is judged.
   */
  async resolveLogin(login: string): Promise<number> {
    const wanted = login.toLowerCase();
    const [row] = await this.em().execute<{ id: number }[]>(LOGIN_SQL, [wanted, wanted, wanted]);
    return row?.id ?? 0;
  }

  /**
   * The user whose login and password these are, or INVALID_CREDENTIALS, the same for an unknown
   * login, a wrong password and a user without one, after the same bcrypt work. A hash of a lower
   * cost than the configured one (an imported Solder hash) is upgraded on the way.
   */
  async checkPassword(login: string, password: string): Promise<number> {
    const em = this.em();
    const wanted = login.toLowerCase();
    const [row] = await em.execute<{ id: number; password_hash: string | null }[]>(LOGIN_SQL, [wanted, wanted, wanted]);
    const stored = row?.password_hash ?? null;
    if (!(await this.passwords.verify(password, stored)) || !row || stored === null) {
      throw new DepotError('INVALID_CREDENTIALS');
    }
    if (this.passwords.needsRehash(stored)) {
      const upgraded = await this.passwords.hash(password);
      // Only if the password did not change meanwhile; not a password change (sessions stay).
      await em.execute('update users set password_hash = ? where id = ? and password_hash = ?', [
        upgraded,
        row.id,
        stored,
      ]);
    }
    return row.id;
  }

  /**
   * A new session of the user, its token shown this once. Sessions that have ended by time are
   * swept on the way, so the table holds live ones and those of the last idle period at most.
   */
  async open(userId: number, meta: SessionMeta = {}): Promise<{ token: string; expiresAt: Date }> {
    const em = this.em();
    await em.execute(
      'delete from sessions where expires_at <= now() or last_seen_at <= now() - make_interval(secs => ?)',
      [this.settings.idleSeconds],
    );
    const token = randomBytes(32).toString('base64url');
    const [row] = await em.execute<{ expires_at: Date }[]>(
      `insert into sessions (user_id, token_hash, expires_at, user_agent, address)
       values (?, ?, now() + make_interval(secs => ?), ?, ?) returning expires_at`,
      [userId, digest(token), this.settings.lifetimeSeconds, clip(meta.userAgent, 255), clip(meta.address, 64)],
    );
    return { token, expiresAt: new Date(row.expires_at) };
  }

  async authenticate(token: string): Promise<Principal> {
    const principal = token ? await this.principal(token) : null;
    if (!principal) throw new DepotError('UNAUTHENTICATED');
    return principal;
  }

  /** The live session's principal (its use refreshes it), or null. */
  async principal(token: string): Promise<Principal | null> {
    const hash = digest(token);
    const [row] = await this.em().execute<PrincipalRow[]>(SESSION_PRINCIPAL_SQL, [
      hash,
      this.settings.idleSeconds,
      this.refreshSeconds,
    ]);
    return row && digestsEqual(row.token_hash, hash) ? principalOf(row) : null;
  }

  /** Sign-out; an unknown or ended session is no error. */
  async end(token: string): Promise<void> {
    if (token) await this.em().execute('delete from sessions where token_hash = ?', [digest(token)]);
  }
}

/** Informational text cut to its column (a user agent can be long). */
function clip(value: string | undefined, max: number): string | null {
  return value ? value.slice(0, max) : null;
}
