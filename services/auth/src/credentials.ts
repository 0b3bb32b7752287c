// Answering "who is this?" for bearer tokens, platform keys and launcher ids. No caching: a
// revoked token or deleted key or client stops working with the next request.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError, FULL, holds } from '@depot/common';
import { type Orm } from '@depot/common/runtime';
import { ApiKeySchema, type ApiKey } from './entities/api-key';
import { principalOf, USER_PRINCIPAL_COLUMNS, type Principal, type PrincipalRow } from './principal';
import { clientIdDigest, digest, digestsEqual } from './secrets';
import type { Sessions } from './sessions';

export interface ReadAccess {
  all: boolean;
  modpackIds: number[];
}

// One statement: the token's user with its access list, and last_used_at refreshed when it is
// older than a minute (so a busy token does not write on every request). `where` finds the token;
// an imported one past its Sanctum expiry finds nothing (Depot's own have none).
const principalSql = (where: string) => `
  with t as (select id, user_id, token_hash from tokens
              where ${where} and (expires_at is null or expires_at > now())),
  touch as (
    update tokens set last_used_at = now()
     where id = (select id from t) and (last_used_at is null or last_used_at < now() - interval '1 minute'))
  select t.id as token_id, t.token_hash, ${USER_PRINCIPAL_COLUMNS}
    from t join users u on u.id = t.user_id`;

/** A token by the digest of all of it: Depot's own (and a Sanctum secret sent without its id). */
export const PRINCIPAL_SQL = principalSql('token_hash = ?');
/** A token imported from Solder, by the id of its plain form `{id}|{secret}` (Sanctum's lookup). */
const SANCTUM_PRINCIPAL_SQL = principalSql('sanctum_id = ?');

/** Sanctum's plain token: its id (digits, a bigint) and the secret whose SHA-256 is stored. */
const SANCTUM_TOKEN = /^(\d{1,18})\|(.+)$/s;

export const CLIENT_SQL = `
  select c.uuid_hash,
         array(select m.modpack_id from client_modpacks m where m.client_id = c.id order by m.modpack_id) as modpack_ids
    from clients c where c.uuid_hash = ?`;

export class Credentials {
  constructor(
    private readonly orm: Orm,
    private readonly sessions: Sessions,
  ) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async authenticate(token: string): Promise<Principal> {
    const principal = token ? await this.principal(this.em(), token) : null;
    if (!principal) throw new DepotError('UNAUTHENTICATED');
    return principal;
  }

  /** Never fails on bad credentials: they grant nothing. At most one query per credential. */
  async resolveReadAccess(creds: {
    key?: string;
    cid?: string;
    token?: string;
    session?: string;
  }): Promise<ReadAccess> {
    // Concurrent, each on its own fork: an entity manager is not safe to share between them.
    const [key, clientIds, principal] = await Promise.all([
      creds.key ? this.findKey(this.em(), creds.key) : null,
      creds.cid ? this.clientModpacks(this.em(), creds.cid) : [],
      creds.token
        ? this.principal(this.em(), creds.token)
        : creds.session
          ? this.sessions.principal(creds.session)
          : null,
    ]);
    const all = !!key || holds(principal, FULL);
    const ids = new Set([...clientIds, ...(principal?.modpackIds ?? [])]);
    return { all, modpackIds: [...ids].sort((a, b) => a - b) };
  }

  async verifyKey(key: string): Promise<ApiKey> {
    const found = key ? await this.findKey(this.em(), key) : null;
    if (!found) throw new DepotError('INVALID_KEY');
    return found;
  }

  private async principal(em: SqlEntityManager, token: string): Promise<Principal | null> {
    // Depot's own tokens never hold `|` (secrets.ts): only an imported one can take this way.
    const sanctum = SANCTUM_TOKEN.exec(token);
    const hash = digest(sanctum ? sanctum[2] : token);
    const [row] = sanctum
      ? await em.execute<PrincipalRow[]>(SANCTUM_PRINCIPAL_SQL, [sanctum[1]])
      : await em.execute<PrincipalRow[]>(PRINCIPAL_SQL, [hash]);
    return row && digestsEqual(row.token_hash, hash) ? principalOf(row) : null;
  }

  private async findKey(em: SqlEntityManager, key: string): Promise<ApiKey | null> {
    const hash = digest(key);
    const found = await em.findOne(ApiKeySchema, { keyHash: hash });
    return found && digestsEqual(found.keyHash, hash) ? found : null;
  }

  private async clientModpacks(em: SqlEntityManager, cid: string): Promise<number[]> {
    const hash = clientIdDigest(cid);
    const [row] = await em.execute<{ uuid_hash: string; modpack_ids: number[] }[]>(CLIENT_SQL, [hash]);
    return row && digestsEqual(row.uuid_hash, hash) ? row.modpack_ids : [];
  }
}
