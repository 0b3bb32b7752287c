// Signing in to the console (docs/api.md#sessions, #two-factor-sign-in). The password step is the
// sessions helper's; for a user without two-factor sign-in it opens the session as it always did.
// For a user with it, the password alone opens nothing: it answers a challenge instead, a token
// (256 random bits, stored as its SHA-256 digest, like a session) bound to the user, usable for 5
// minutes and once, which a TOTP code or a recovery code then turns into a session. Failed codes
// leave the challenge usable (the gateway counts them as failed sign-ins); a wrong code, a used
// one, an unknown or expired challenge all answer INVALID_TWO_FACTOR.
import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, SIGN_IN_CHALLENGE_SECONDS } from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import { digest } from './secrets';
import type { SessionMeta, Sessions } from './sessions';
import type { SecondFactor, TwoFactor } from './two-factor';

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

export type SignInStep =
  { userId: number; session: OpenedSession } | { userId: number; challenge: { token: string; expiresAt: Date } };

export class SignIn {
  constructor(
    private readonly orm: Orm,
    private readonly sessions: Sessions,
    private readonly twoFactor: TwoFactor,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** The password step: a session, or a challenge when the user has two-factor sign-in. */
  async begin(login: string, password: string, meta: SessionMeta): Promise<SignInStep> {
    const userId = await this.sessions.checkPassword(login, password);
    if (!(await this.twoFactor.isEnabled(userId))) return { userId, session: await this.sessions.open(userId, meta) };
    const em = this.em();
    await em.execute('delete from sign_in_challenges where expires_at <= now()');
    const token = randomBytes(32).toString('base64url');
    const [row] = await em.execute<{ expires_at: Date }[]>(
      `insert into sign_in_challenges (user_id, token_hash, login, expires_at)
       values (?, ?, ?, now() + make_interval(secs => ?)) returning expires_at`,
      [userId, digest(token), login.toLowerCase().slice(0, 255), SIGN_IN_CHALLENGE_SECONDS],
    );
    return { userId, challenge: { token, expiresAt: new Date(row.expires_at) } };
  }

  /** The login and the user a live challenge was made for (failed codes count against that account). */
  async challengeLogin(token: string): Promise<{ login: string; userId: number; expiresAt: Date }> {
    const [row] = token
      ? await this.em().execute<{ login: string; user_id: number; expires_at: Date }[]>(
          'select login, user_id, expires_at from sign_in_challenges where token_hash = ? and expires_at > now()',
          [digest(token)],
        )
      : [];
    if (!row) throw new DepotError('INVALID_TWO_FACTOR');
    return { login: row.login, userId: row.user_id, expiresAt: new Date(row.expires_at) };
  }

  /** The second step: the challenge and a code (or a recovery code) become a session. */
  async complete(
    token: string,
    factor: SecondFactor,
    meta: SessionMeta,
  ): Promise<{ userId: number; session: OpenedSession }> {
    const userId = await this.em().transactional(async (tx) => {
      const [challenge] = token
        ? await tx.execute<{ id: number; user_id: number }[]>(
            'select id, user_id from sign_in_challenges where token_hash = ? and expires_at > now() for update',
            [digest(token)],
          )
        : [];
      if (!challenge || !(await this.twoFactor.verifySecondFactor(tx, challenge.user_id, factor))) {
        throw new DepotError('INVALID_TWO_FACTOR');
      }
      await tx.execute('delete from sign_in_challenges where id = ?', [challenge.id]);
      return challenge.user_id;
    });
    return { userId, session: await this.sessions.open(userId, meta) };
  }

  /** Drops a challenge (a sign-in refused after all); an unknown one is no error. */
  async endChallenge(token: string): Promise<void> {
    if (token) await this.em().execute('delete from sign_in_challenges where token_hash = ?', [digest(token)]);
  }
}
