// Users, their modpack access lists and their tokens (docs/api.md#access-model, #users, #tokens).
import { LockMode, sql } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, isUniqueViolation, mayTouchFull, normalizePermissions, type Orm } from '@depot/common';
import { TokenSchema, type Token } from './entities/token';
import { UserModpackSchema, UserSchema, type User } from './entities/user';
import { digest, generateToken } from './secrets';
import { isForeignKeyViolation, normalizeIds, Violations } from './validation';

export interface UserRecord {
  user: User;
  modpackIds: number[];
}

export interface UserChanges {
  username?: string;
  permissions?: string[];
  modpackIds?: number[];
}

/** Whoever makes the request; only their permissions matter here. */
export type Actor = { permissions: string[] } | null;

const usernameTaken = () => DepotError.fields({ username: ['The username has already been taken.'] }, 'USERNAME_TAKEN');

export class Users {
  constructor(private readonly orm: Orm) {}

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
    const user = await this.findUser(em, username);
    return { user, modpackIds: await this.modpackIds(em, user.id) };
  }

  async createUser(actor: Actor, input: Required<UserChanges>): Promise<UserRecord> {
    if (!mayTouchFull(actor, { granted: input.permissions })) throw new DepotError('FORBIDDEN');
    const v = new Violations();
    v.username(input.username);
    v.permissions(input.permissions);
    v.modpacks(input.modpackIds);
    v.throwIfAny();
    try {
      return await this.em().transactional(async (tx) => {
        await this.assertUsernameFree(tx, input.username);
        const user = tx.create(UserSchema, {
          username: input.username,
          permissions: normalizePermissions(input.permissions),
        } as User);
        await tx.flush();
        const modpackIds = normalizeIds(input.modpackIds);
        await this.replaceModpacks(tx, user.id, modpackIds);
        return { user, modpackIds };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
  }

  /** Replaces the fields present in `changes`; granting or removing solder_full needs it. */
  async updateUser(actor: Actor, username: string, changes: UserChanges): Promise<UserRecord> {
    try {
      return await this.em().transactional(async (tx) => {
        const user = await this.findUser(tx, username, true);
        if (changes.permissions && !mayTouchFull(actor, { held: user.permissions, granted: changes.permissions })) {
          throw new DepotError('FORBIDDEN');
        }
        const v = new Violations();
        if ('username' in changes) v.username(changes.username);
        if (changes.permissions) v.permissions(changes.permissions);
        if (changes.modpackIds) v.modpacks(changes.modpackIds);
        v.throwIfAny();

        if (changes.username !== undefined && changes.username.toLowerCase() !== user.username.toLowerCase()) {
          await this.assertUsernameFree(tx, changes.username);
        }
        if (changes.username !== undefined) user.username = changes.username;
        if (changes.permissions) user.permissions = normalizePermissions(changes.permissions);
        user.updatedAt = new Date();
        await tx.flush();
        if (changes.modpackIds) await this.replaceModpacks(tx, user.id, normalizeIds(changes.modpackIds));
        return { user, modpackIds: await this.modpackIds(tx, user.id) };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
  }

  /** Its tokens and access list go with it (foreign keys cascade). */
  async deleteUser(username: string, actor: Actor): Promise<void> {
    const em = this.em();
    const user = await this.findUser(em, username);
    if (!mayTouchFull(actor, { held: user.permissions })) throw new DepotError('FORBIDDEN');
    const deleted = await em.nativeDelete(UserSchema, { id: user.id });
    if (!deleted) throw new DepotError('USER_NOT_FOUND');
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

  async listTokens(userId: number): Promise<Token[]> {
    return this.em().find(TokenSchema, { userId }, { orderBy: { id: 'asc' } });
  }

  /** The plaintext is returned once and never stored. */
  async createToken(owner: { userId: number } | { username: string }, name: string) {
    const v = new Violations();
    v.name('name', name);
    v.throwIfAny();
    const em = this.em();
    const userId = 'username' in owner ? (await this.findUser(em, owner.username)).id : owner.userId;
    const plaintext = generateToken();
    try {
      const token = em.create(TokenSchema, { userId, name, tokenHash: digest(plaintext), lastUsedAt: null } as Token);
      await em.flush();
      return { token, plaintext };
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new DepotError('USER_NOT_FOUND');
      throw err;
    }
  }

  /** Only the user's own: someone else's token id is TOKEN_NOT_FOUND, so ids do not leak. */
  async revokeToken(userId: number, tokenId: number): Promise<void> {
    const deleted = await this.em().nativeDelete(TokenSchema, { id: tokenId, userId });
    if (!deleted) throw new DepotError('TOKEN_NOT_FOUND');
  }

  private async findUser(em: SqlEntityManager, username: string, forUpdate = false): Promise<User> {
    const user = await em.findOne(
      UserSchema,
      { [sql.lower('username')]: username.toLowerCase() },
      forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    if (!user) throw new DepotError('USER_NOT_FOUND');
    return user;
  }

  private async modpackIds(em: SqlEntityManager, userId: number): Promise<number[]> {
    const rows = await em.find(UserModpackSchema, { userId }, { orderBy: { modpackId: 'asc' } });
    return rows.map((r) => r.modpackId);
  }

  private async replaceModpacks(em: SqlEntityManager, userId: number, modpackIds: number[]): Promise<void> {
    await em.nativeDelete(UserModpackSchema, { userId });
    if (modpackIds.length)
      await em.insertMany(
        UserModpackSchema,
        modpackIds.map((modpackId) => ({ userId, modpackId })),
      );
  }

  private async assertUsernameFree(em: SqlEntityManager, username: string): Promise<void> {
    if (await em.count(UserSchema, { [sql.lower('username')]: username.toLowerCase() })) throw usernameTaken();
  }
}
