// Solder's (Laravel Sanctum's) API tokens into auth (import.ts): Sanctum's digest of each secret is
// kept, so that a plain token `{id}|{secret}` keeps working (credentials.ts).
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { importCounts, importQuery, sequenceOf } from '@depot/common/runtime';

/** An API token of one of the imported users (Laravel Sanctum's), matched by `sanctumId`. */
export interface ImportedToken {
  /** Solder's id: the `{id}` of the plain token `{id}|{secret}`; kept as Depot's id when free. */
  sanctumId: number;
  /** One of the imported users. */
  username: string;
  name: string;
  /** SHA-256 (hex) of the secret, as Sanctum stores it. */
  tokenHash: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  createdAt: string | null;
}

/**
 * Sanctum tokens by their Solder id: new ones inserted (with Solder's id as Depot's when free),
 * renamed or re-dated ones updated, and imported tokens Solder no longer holds revoked. A token
 * once imported and revoked in Depot is not imported again (revoked_imported_tokens).
 */
export async function importTokens(tx: SqlEntityManager, tokensJson: string, total: number) {
  const columns = `seq int, sanctum_id bigint, username text, name text, token_hash text,
                   last_used_at timestamptz, expires_at timestamptz, created_at timestamptz`;
  const removed = await importQuery<{ id: number }[]>(
    tx,
    `delete from tokens t
      where t.sanctum_id is not null
        and not exists (select 1 from jsonb_to_recordset(?::jsonb) as i(${columns}) where i.sanctum_id = t.sanctum_id)
     returning t.id`,
    [tokensJson],
  );
  const updated = await importQuery<{ id: number }[]>(
    tx,
    `update tokens t set name = i.name, expires_at = i.expires_at
       from jsonb_to_recordset(?::jsonb) as i(${columns})
      where t.sanctum_id = i.sanctum_id and (t.name, t.expires_at) is distinct from (i.name, i.expires_at)
     returning t.id`,
    [tokensJson],
  );
  const sequence = await sequenceOf(tx, 'tokens');
  await importQuery(
    tx,
    `select setval(?, greatest(
       (select coalesce(max(i.sanctum_id), 0) from jsonb_to_recordset(?::jsonb) as i(${columns})),
       (select coalesce(max(id), 0) from tokens),
       (select last_value from ${sequence})))`,
    [sequence, tokensJson],
  );
  const inserted = await importQuery<{ id: number }[]>(
    tx,
    `insert into tokens (id, user_id, name, token_hash, last_used_at, sanctum_id, expires_at, created_at)
     select case when not exists (select 1 from tokens x where x.id = i.sanctum_id) then i.sanctum_id
                 else nextval('${sequence.replace(/'/g, "''")}') end,
            u.id, i.name, i.token_hash, i.last_used_at, i.sanctum_id, i.expires_at, coalesce(i.created_at, now())
       from jsonb_to_recordset(?::jsonb) as i(${columns})
       join users u on lower(u.username) = lower(i.username)
      where not exists (select 1 from tokens t where t.sanctum_id = i.sanctum_id)
        and not exists (select 1 from revoked_imported_tokens r where r.sanctum_id = i.sanctum_id)
      order by i.seq
     returning id`,
    [tokensJson],
  );
  const [{ count: revokedHere }] = await importQuery<{ count: number }[]>(
    tx,
    `select count(*)::int as count from jsonb_to_recordset(?::jsonb) as i(${columns})
      where exists (select 1 from revoked_imported_tokens r where r.sanctum_id = i.sanctum_id)
        and not exists (select 1 from tokens t where t.sanctum_id = i.sanctum_id)`,
    [tokensJson],
  );
  return {
    ...importCounts(total - revokedHere, inserted.length, updated.length),
    removed: removed.length,
    revokedInDepot: revokedHere,
  };
}
