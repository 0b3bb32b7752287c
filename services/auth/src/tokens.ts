// API tokens (docs/api.md#tokens): a user's own, or one made for another user by someone whose
// rights cover theirs. The plaintext is returned once and never stored: only its digest is.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { covers, DepotError } from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import { TokenSchema, type Token } from './entities/token';
import { digest, generateToken } from './secrets';
import { findUser, modpackIdsOf } from './user-store';
import type { Actor } from './users';
import { isForeignKeyViolation, Violations } from './validation';

export class Tokens {
  constructor(private readonly orm: Orm) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async list(userId: number): Promise<Token[]> {
    return this.em().find(TokenSchema, { userId }, { orderBy: { id: 'asc' } });
  }

  /** A token for another user (by `username`) carries all of their rights: the actor must cover them. */
  async create(owner: { userId: number } | { username: string; actor: Actor }, name: string) {
    const em = this.em();
    let userId: number;
    if ('username' in owner) {
      const target = await findUser(em, owner.username);
      const rights = { permissions: target.permissions, modpack_ids: await modpackIdsOf(em, target.id) };
      if (!covers(owner.actor, rights)) throw new DepotError('FORBIDDEN');
      userId = target.id;
    } else userId = owner.userId;
    const v = new Violations();
    v.name('name', name);
    v.throwIfAny();
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
  async revoke(userId: number, tokenId: number): Promise<void> {
    const deleted = await this.em().nativeDelete(TokenSchema, { id: tokenId, userId });
    if (!deleted) throw new DepotError('TOKEN_NOT_FOUND');
  }
}
