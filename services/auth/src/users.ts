// Users and their modpack access lists (docs/api.md#access-model, #users); their tokens are
// tokens.ts.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import {
  CREDENTIAL_MESSAGES,
  DepotError,
  covers,
  FULL,
  normalizePermissions,
  type Authority,
  passwordProblem,
} from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import { UserModpackSchema, UserSchema, type User } from './entities/user';
import { generatePassword, type Passwords } from './passwords';
import { endSessions } from './sessions';
import { assertAnotherSuperUser, assertFree, findUser, modpackIdsOf, replaceModpacks, takenError } from './user-store';
import { isForeignKeyViolation, normalizeIds, Violations } from './validation';

export interface UserRecord {
  user: User;
  modpackIds: number[];
}

export interface UserChanges {
  username?: string;
  permissions?: string[];
  modpackIds?: number[];
  /** null clears it. */
  email?: string | null;
  /** A new password ends the user's sessions (but `keepSession`, when it is one of them). */
  password?: string;
}

export interface NewUser {
  username: string;
  permissions: string[];
  modpackIds: number[];
  email?: string | null;
  password?: string;
}

/**
 * Whoever makes the request: their permissions and modpack access list, which must cover the user
 * acted on (`covers`, docs/api.md#acting-on-users). None (a call that forgot it) is refused.
 */
export type Actor = Authority | null | undefined;

/** The account's owner changing their own e-mail or password (PUT /api/account): no rights change. */
const OWNER = Symbol('the account owner');

export class Users {
  constructor(
    private readonly orm: Orm,
    private readonly passwords: Passwords,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async listUsers(): Promise<UserRecord[]> {
    const em = this.em();
    const users = await em.find(UserSchema, {}, { orderBy: { id: 'asc' } });
    const links = await em.find(UserModpackSchema, {}, { orderBy: { modpackId: 'asc' } });
    const byUser = new Map<number, number[]>();
    for (const l of links) byUser.set(l.userId, [...(byUser.get(l.userId) ?? []), l.modpackId]);
    return users.map((user) => ({ user, modpackIds: byUser.get(user.id) ?? [] }));
  }

  async getUser(username: string): Promise<UserRecord> {
    const em = this.em();
    const user = await findUser(em, username);
    return { user, modpackIds: await modpackIdsOf(em, user.id) };
  }

  async getUserById(id: number): Promise<UserRecord> {
    const em = this.em();
    const user = await em.findOne(UserSchema, { id });
    if (!user) throw new DepotError('USER_NOT_FOUND');
    return { user, modpackIds: await modpackIdsOf(em, user.id) };
  }

  async createUser(actor: Actor, input: NewUser): Promise<UserRecord> {
    if (!covers(actor, { permissions: input.permissions, modpack_ids: input.modpackIds })) {
      throw new DepotError('FORBIDDEN');
    }
    const v = new Violations();
    v.username(input.username);
    v.permissions(input.permissions);
    v.modpacks(input.modpackIds);
    v.email(input.email);
    v.password(input.password);
    v.throwIfAny();
    const passwordHash = input.password === undefined ? null : await this.passwords.hash(input.password);
    try {
      return await this.em().transactional(async (tx) => {
        await assertFree(tx, { username: input.username, email: input.email ?? undefined });
        const user = tx.create(UserSchema, {
          username: input.username,
          permissions: normalizePermissions(input.permissions),
          email: input.email ?? null,
          passwordHash,
        } as User);
        await tx.flush();
        const modpackIds = normalizeIds(input.modpackIds);
        await replaceModpacks(tx, user.id, modpackIds);
        return { user, modpackIds };
      });
    } catch (err) {
      throw takenError(err);
    }
  }

  /**
   * Replaces the fields present in `changes`. The actor must cover the user as they are and as
   * they would be; the last solder_full user keeps it. A change that changes nothing writes
   * nothing (`updated_at` included).
   */
  async updateUser(
    actor: Actor | typeof OWNER,
    username: string,
    changes: UserChanges,
    keepSession?: string,
  ): Promise<UserRecord> {
    // Hashed before the row is locked (bcrypt takes a while); judged with the other fields below.
    const passwordHash = await this.hashIfAcceptable(changes.password);
    try {
      return await this.em().transactional(async (tx) => {
        const user = await findUser(tx, username, true);
        const modpackIds = await modpackIdsOf(tx, user.id);
        if (actor !== OWNER) {
          const before = { permissions: user.permissions, modpack_ids: modpackIds };
          const after = { permissions: changes.permissions, modpack_ids: changes.modpackIds };
          if (!covers(actor, before) || !covers(actor, after)) throw new DepotError('FORBIDDEN');
        }
        const v = new Violations();
        if ('username' in changes) v.username(changes.username);
        if (changes.permissions) v.permissions(changes.permissions);
        if (changes.modpackIds) v.modpacks(changes.modpackIds);
        v.email(changes.email);
        v.password(changes.password);
        v.throwIfAny();

        const permissions = changes.permissions && normalizePermissions(changes.permissions);
        if (user.permissions.includes(FULL) && permissions && !permissions.includes(FULL)) {
          await assertAnotherSuperUser(tx, user.id, 'LAST_SUPER_USER_DEMOTED');
        }
        await assertFree(tx, {
          username: renamed(user.username, changes.username),
          email: renamed(user.email, changes.email),
        });
        const newModpacks = changes.modpackIds && normalizeIds(changes.modpackIds);
        const changed =
          (changes.username !== undefined && changes.username !== user.username) ||
          (permissions !== undefined && !sameList(permissions, user.permissions)) ||
          (changes.email !== undefined && changes.email !== user.email) ||
          passwordHash !== undefined ||
          (newModpacks !== undefined && !sameList(newModpacks, modpackIds));
        if (!changed) return { user, modpackIds };
        if (changes.username !== undefined) user.username = changes.username;
        if (permissions) user.permissions = permissions;
        if (changes.email !== undefined) user.email = changes.email;
        if (passwordHash) user.passwordHash = passwordHash;
        user.updatedAt = new Date();
        await tx.flush();
        if (newModpacks) await replaceModpacks(tx, user.id, newModpacks);
        if (passwordHash) await endSessions(tx, user.id, keepSession);
        return { user, modpackIds: newModpacks ?? modpackIds };
      });
    } catch (err) {
      throw takenError(err);
    }
  }

  /**
   * The signed-in user's own e-mail address and password. Changing a password the account has
   * needs the current one; a current one sent is checked whatever changes (a wrong one is counted
   * by the gateway as a failed sign-in). The user's other sessions end; `keepSession` stays open.
   */
  async updateAccount(
    userId: number,
    changes: Pick<UserChanges, 'email' | 'password'>,
    currentPassword: string | undefined,
    keepSession?: string,
  ): Promise<UserRecord> {
    const v = new Violations();
    v.email(changes.email);
    v.password(changes.password);
    v.throwIfAny();
    const { user: current } = await this.getUserById(userId);
    const given = currentPassword !== undefined && currentPassword !== '';
    if (changes.password !== undefined && current.passwordHash !== null && !given) {
      throw DepotError.fields({ current_password: ['The current_password field is required.'] });
    }
    // A current password sent is judged whatever changes: a wrong one never passes unnoticed.
    if (given && !(await this.passwords.verify(currentPassword, current.passwordHash))) {
      throw DepotError.fields({ current_password: [CREDENTIAL_MESSAGES.currentPassword] });
    }
    return this.updateUser(OWNER, current.username, changes, keepSession);
  }

  /**
   * Sets a password (generated when none is given, and then returned once). `onlyIfUnset`: only
   * for a user without one, atomically (the launcher's first start).
   */
  async setPassword(
    username: string,
    password: string | undefined,
    onlyIfUnset: boolean,
  ): Promise<{ changed: boolean; generated?: string }> {
    const v = new Violations();
    v.password(password);
    v.throwIfAny();
    const generated = password === undefined ? generatePassword() : undefined;
    const passwordHash = await this.passwords.hash(password ?? generated!);
    return this.em().transactional(async (tx) => {
      const user = await findUser(tx, username, true);
      if (onlyIfUnset && user.passwordHash !== null) return { changed: false };
      user.passwordHash = passwordHash;
      user.updatedAt = new Date();
      await tx.flush();
      await endSessions(tx, user.id);
      return { changed: true, generated };
    });
  }

  private async hashIfAcceptable(password: string | undefined): Promise<string | undefined> {
    if (password === undefined || passwordProblem(password) !== null) return undefined;
    return this.passwords.hash(password);
  }

  /** Its tokens and access list go with it (foreign keys cascade). The last solder_full user stays. */
  async deleteUser(username: string, actor: Actor): Promise<void> {
    await this.em().transactional(async (tx) => {
      const user = await findUser(tx, username, true);
      if (!covers(actor, { permissions: user.permissions, modpack_ids: await modpackIdsOf(tx, user.id) })) {
        throw new DepotError('FORBIDDEN');
      }
      if (user.permissions.includes(FULL)) await assertAnotherSuperUser(tx, user.id, 'LAST_SUPER_USER_DELETED');
      await tx.nativeDelete(UserSchema, { id: user.id });
    });
  }

  /** Idempotent. */
  async grantModpackAccess(userId: number, modpackId: number): Promise<void> {
    try {
      await this.em().execute('insert into user_modpacks (user_id, modpack_id) values (?, ?) on conflict do nothing', [
        userId,
        modpackId,
      ]);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new DepotError('USER_NOT_FOUND');
      throw err;
    }
  }
}

/** Two lists of the same values in the same order (both are kept in a canonical order). */
const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The new value of a unique field when it really changes (not just its case), else undefined. */
function renamed(current: string | null, wanted: string | null | undefined): string | undefined {
  if (wanted === undefined || wanted === null) return undefined;
  return current !== null && current.toLowerCase() === wanted.toLowerCase() ? undefined : wanted;
}
