// Technic Platform API keys (docs/api.md#platform-keys): stored hashed, shown once at creation.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import { isUniqueViolation, type Orm } from '@depot/common/runtime';
import { ApiKeySchema, type ApiKey } from './entities/api-key';
import { digest, generateKey } from './secrets';
import { Violations } from './validation';

const keyTaken = () => DepotError.fields({ api_key: ['The api_key has already been taken.'] }, 'KEY_TAKEN');

export class Keys {
  constructor(private readonly orm: Orm) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async listKeys(): Promise<ApiKey[]> {
    return this.em().find(ApiKeySchema, {}, { orderBy: { id: 'asc' } });
  }

  /** Generates the key when none is given; the value is returned once and never stored. */
  async createKey(name: string, apiKey?: string): Promise<{ key: ApiKey; plaintext: string }> {
    const v = new Violations();
    v.name('name', name);
    if (apiKey !== undefined && apiKey.trim() === '') v.add('api_key', 'The api_key field must have a value.');
    else if (apiKey !== undefined && apiKey.length > 255) {
      v.add('api_key', 'The api_key field must not be greater than 255 characters.');
    }
    v.throwIfAny();
    const plaintext = apiKey ?? generateKey();
    const keyHash = digest(plaintext);
    const em = this.em();
    if (await em.count(ApiKeySchema, { keyHash })) throw keyTaken();
    try {
      const key = em.create(ApiKeySchema, { name, keyHash } as ApiKey);
      await em.flush();
      return { key, plaintext };
    } catch (err) {
      if (isUniqueViolation(err)) throw keyTaken();
      throw err;
    }
  }

  async deleteKey(id: number): Promise<void> {
    const deleted = await this.em().nativeDelete(ApiKeySchema, { id });
    if (!deleted) throw new DepotError('KEY_NOT_FOUND');
  }
}
