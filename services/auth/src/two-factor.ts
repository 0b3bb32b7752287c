// Two-factor sign-in, per user (docs/api.md#two-factor-sign-in): a TOTP secret, encrypted at
// rest (two-factor-secrets.ts), that only counts once the user proved a first code; 8 recovery
// codes, stored hashed, each usable once; each TOTP code accepted once (the last step used is
// kept). Turning it on or off, or an administrator's reset, ends the user's other sessions.
// Changes to a user's secret take its row lock, so concurrent uses of one code accept one.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { CREDENTIAL_MESSAGES, DepotError, formatNullableTimestamp, covers, TWO_FACTOR_MESSAGES } from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import type { Passwords } from './passwords';
import { endSessions } from './sessions';
import { acceptedStep, newSecret, otpauthUrl, type Clock } from './totp';
import type { SecretBox } from './two-factor-secrets';
import {
  removeTwoFactor,
  replaceRecoveryCodes,
  secretRow,
  useRecoveryCode,
  userRow,
  type SecretRow,
  type UserRow,
} from './two-factor-store';
import type { Actor } from './users';

export interface TwoFactorSettings {
  /** Null without TOTP_ENCRYPTION_KEY: nobody can turn it on. */
  box: SecretBox | null;
  /** The name authenticator apps show beside the username. */
  issuer: string;
  clock: Clock;
}

export interface TwoFactorStatus {
  available: boolean;
  enabled: boolean;
  /** Started, not yet confirmed with a first code. */
  pending: boolean;
  confirmedAt: string | null;
  recoveryCodesLeft: number;
}

/** How a user proves themselves to turn it off or get new recovery codes. */
export interface Proof {
  password?: string;
  code?: string;
}

/** What completes a sign-in: a TOTP code, or else a recovery code. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

const invalidCode = () => DepotError.fields({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
const wrongPassword = () => DepotError.fields({ password: [CREDENTIAL_MESSAGES.currentPassword] });

export class TwoFactor {
  constructor(
    private readonly orm: Orm,
    private readonly passwords: Passwords,
    private readonly settings: TwoFactorSettings,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  private box(): SecretBox {
    if (!this.settings.box) throw new DepotError('TWO_FACTOR_UNAVAILABLE');
    return this.settings.box;
  }

  /**
   * Whether `code` is a current code of the user's secret not used before; when it is, its step
   * is remembered (so it is not accepted again). Call inside a transaction: the row is locked.
   */
  private async useCode(tx: SqlEntityManager, row: SecretRow, code: string): Promise<boolean> {
    const secret = this.box().open(row.secret, row.user_id);
    const last = row.last_used_step === null ? null : Number(row.last_used_step);
    const step = await acceptedStep(secret, code, this.settings.clock(), last);
    if (step === null) return false;
    await tx.execute('update two_factor_secrets set last_used_step = ?, updated_at = now() where user_id = ?', [
      step,
      row.user_id,
    ]);
    return true;
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const [row] = await this.em().execute<{ confirmed_at: Date | null; codes_left: number }[]>(
      `select t.confirmed_at,
              (select count(*)::int from recovery_codes r where r.user_id = t.user_id and r.used_at is null) as codes_left
         from two_factor_secrets t where t.user_id = ?`,
      [userId],
    );
    const enabled = !!row && row.confirmed_at !== null;
    return {
      available: this.settings.box !== null,
      enabled,
      pending: !!row && !enabled,
      confirmedAt: formatNullableTimestamp(row?.confirmed_at ? new Date(row.confirmed_at) : null) ?? null,
      recoveryCodesLeft: enabled ? row.codes_left : 0,
    };
  }

  /** The users (of `userIds`, or all) whose sign-in asks for a code. */
  async enabledUserIds(userIds?: number[]): Promise<Set<number>> {
    const rows = await this.em().execute<{ user_id: number }[]>(
      `select user_id from two_factor_secrets where confirmed_at is not null${userIds ? ' and user_id = any(?::int[])' : ''}`,
      userIds ? [`{${userIds.join(',')}}`] : [],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /** Whether the user's sign-in asks for a code. */
  async isEnabled(userId: number): Promise<boolean> {
    return (await this.enabledUserIds([userId])).has(userId);
  }

  /**
   * Starts (or starts over) setting it up: a new secret, returned this once with its otpauth://
   * URI. Needs the password when the account has one. Sign-in is unchanged until confirmed.
   */
  async start(userId: number, password: string | undefined): Promise<{ secret: string; otpauthUrl: string }> {
    const box = this.box();
    const em = this.em();
    const user = await userRow(em, userId);
    if ((await secretRow(em, userId))?.confirmed_at) throw new DepotError('TWO_FACTOR_ENABLED');
    if (user.password_hash !== null) {
      if (!password) throw DepotError.fields({ password: [TWO_FACTOR_MESSAGES.passwordRequired] });
      if (!(await this.passwords.verify(password, user.password_hash))) throw wrongPassword();
    }
    const secret = newSecret();
    await em.transactional(async (tx) => {
      const row = await secretRow(tx, userId, true);
      if (row?.confirmed_at) throw new DepotError('TWO_FACTOR_ENABLED');
      await tx.execute(
        `insert into two_factor_secrets (user_id, secret, key_id) values (?, ?, ?)
         on conflict (user_id) do update
           set secret = excluded.secret, key_id = excluded.key_id, last_used_step = null, updated_at = now()`,
        [userId, box.seal(secret, userId), box.keyId],
      );
    });
    return { secret, otpauthUrl: otpauthUrl(secret, user.username, this.settings.issuer) };
  }

  /** Proves the new secret with a code: it is on from now, with 8 new recovery codes (returned once). */
  async confirm(userId: number, code: string, keepSession?: string): Promise<string[]> {
    this.box();
    if (!code) throw DepotError.fields({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    return this.em().transactional(async (tx) => {
      const row = await secretRow(tx, userId, true);
      if (!row) throw new DepotError('TWO_FACTOR_NOT_STARTED');
      if (row.confirmed_at) throw new DepotError('TWO_FACTOR_ENABLED');
      if (!(await this.useCode(tx, row, code))) throw invalidCode();
      await tx.execute('update two_factor_secrets set confirmed_at = now(), updated_at = now() where user_id = ?', [
        userId,
      ]);
      const codes = await replaceRecoveryCodes(tx, userId);
      await endSessions(tx, userId, keepSession);
      return codes;
    });
  }

  /** Turns it off (or drops a setup not confirmed), with the password or a code. */
  async disable(userId: number, proof: Proof, keepSession?: string): Promise<void> {
    await this.withProof(userId, proof, false, async (tx) => {
      await removeTwoFactor(tx, userId);
      await endSessions(tx, userId, keepSession);
    });
  }

  /** New recovery codes (the old ones stop working), with the password or a code. */
  async regenerateRecoveryCodes(userId: number, proof: Proof): Promise<string[]> {
    return this.withProof(userId, proof, true, (tx) => replaceRecoveryCodes(tx, userId));
  }

  /**
   * The user proves it is them, whether or not they have two-factor sign-in: the password (when
   * the account has one) or a current code, used up. A wrong one is a field error the gateway
   * counts as a failed sign-in.
   */
  async prove(userId: number, proof: Proof): Promise<void> {
    const em = this.em();
    const user = await userRow(em, userId);
    if (proof.password) {
      if (!(await this.passwords.verify(proof.password, user.password_hash))) throw wrongPassword();
      return;
    }
    if (!proof.code) {
      if (user.password_hash !== null) throw DepotError.fields({ password: [TWO_FACTOR_MESSAGES.proofRequired] });
      return;
    }
    await em.transactional(async (tx) => {
      const row = await secretRow(tx, userId, true);
      if (!(row?.confirmed_at && (await this.useCode(tx, row, proof.code!)))) throw invalidCode();
    });
  }

  /**
   * `change` once the user proved themselves: with the password (when the account has one) or a
   * current code. A wrong one is a field error the gateway counts as a failed sign-in.
   */
  private async withProof<T>(
    userId: number,
    proof: Proof,
    confirmedOnly: boolean,
    change: (tx: SqlEntityManager) => Promise<T>,
  ): Promise<T> {
    const em = this.em();
    const user = await userRow(em, userId);
    const current = await secretRow(em, userId);
    if (!current || (confirmedOnly && !current.confirmed_at)) throw new DepotError('TWO_FACTOR_DISABLED');
    const byPassword = !!proof.password;
    if (byPassword) {
      if (!(await this.passwords.verify(proof.password!, user.password_hash))) throw wrongPassword();
    } else if (!proof.code && user.password_hash !== null) {
      throw DepotError.fields({ password: [TWO_FACTOR_MESSAGES.proofRequired] });
    }
    return em.transactional(async (tx) => {
      const row = await secretRow(tx, userId, true);
      if (!row || (confirmedOnly && !row.confirmed_at)) throw new DepotError('TWO_FACTOR_DISABLED');
      if (!byPassword && proof.code && !(row.confirmed_at && (await this.useCode(tx, row, proof.code)))) {
        throw invalidCode();
      }
      return change(tx);
    });
  }

  /**
   * An administrator's reset: the user signs in with the password alone until they set it up
   * again. The actor must cover the user (`covers`). Ends the user's sessions (but
   * `keepSession`, the actor's own).
   */
  async reset(actor: Actor, username: string, keepSession?: string): Promise<void> {
    await this.em().transactional(async (tx) => {
      const [user] = await tx.execute<(UserRow & { modpack_ids: number[] })[]>(
        `select id, username, permissions, password_hash,
                array(select modpack_id from user_modpacks m where m.user_id = users.id) as modpack_ids
           from users where lower(username) = ? for update`,
        [username.toLowerCase()],
      );
      if (!user) throw new DepotError('USER_NOT_FOUND');
      if (!covers(actor, { permissions: user.permissions, modpack_ids: user.modpack_ids })) {
        throw new DepotError('FORBIDDEN');
      }
      await removeTwoFactor(tx, user.id);
      await endSessions(tx, user.id, keepSession);
    });
  }

  /**
   * The second step of a sign-in, inside its transaction: a current TOTP code not used before,
   * or an unused recovery code (which is then used up). False for anything else.
   */
  async verifySecondFactor(tx: SqlEntityManager, userId: number, factor: SecondFactor): Promise<boolean> {
    const row = await secretRow(tx, userId, true);
    if (!row?.confirmed_at) return false;
    if (factor.code) return this.useCode(tx, row, factor.code);
    if (!factor.recoveryCode) return false;
    return useRecoveryCode(tx, userId, factor.recoveryCode);
  }
}
