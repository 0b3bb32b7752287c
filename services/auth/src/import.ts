// Bulk import of platform keys, launcher clients with their modpack links, users with their
// access lists and their API tokens (the admin CLI's `import-solder`), set-based, in one
// transaction. Keys arrive in plaintext (Solder keeps them so) and are stored like every other
// key: only their SHA-256 digest. Matching is by natural keys: a key by its digest, a client by
// its uuid and a user by username (both case-insensitively), a token by its Solder (Sanctum) id.
// Changed fields are updated and nothing is duplicated, so a second identical run changes
// nothing. A client's and a user's links to the imported modpacks (`managedModpackIds`) become
// exactly the given ones; links to any other modpack are left alone.
//
// Users keep their bcrypt hash as it is (Solder's `$2y$` verifies here); a password already set
// in Depot is never overwritten. Tokens keep Sanctum's digest of their secret, so `{id}|{secret}`
// keeps working (credentials.ts); a token Solder no longer holds is revoked here too.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { scrubError } from '@depot/common/process';
import {
  importCounts,
  importQuery,
  importTransaction,
  isUniqueViolation,
  openImport,
  toColumns,
  upsertRows,
} from '@depot/common/runtime';
import type { Logger } from '@depot/common/process';
import type { Imported, ImportCounts, Orm } from '@depot/common/runtime';
import { entities } from './entities';
import { ApiKeySchema, type ApiKey } from './entities/api-key';
import { ClientSchema, type Client } from './entities/client';
import { importTokens, type ImportedToken } from './import-tokens';
import { importUsers, type ImportedUser } from './import-users';
import { migrations } from './migrations';
import { isBcryptHash } from './passwords';
import { clientIdDigest, digest } from './secrets';
import { importTwoFactor, type ImportedTwoFactor, type TwoFactorImportResult } from './two-factor-import';
import { SecretBox, TwoFactorKeyError } from './two-factor-secrets';

// What the admin CLI's import-solder needs of auth's import, from this one module.
export { isBcryptHash };
export type { ImportedToken, ImportedTwoFactor, ImportedUser };

export type ImportedKey = Imported<ApiKey, 'keyHash'> & {
  /** The key itself; only its digest is stored. */
  apiKey: string;
};

/** A client, matched by uuid whatever its case. */
export type ImportedClient = Imported<Client, 'uuidHash'> & {
  /** Depot modpack ids (from the builds import). */
  modpackIds: number[];
};

export interface AuthImport {
  keys: ImportedKey[];
  clients: ImportedClient[];
  users?: ImportedUser[];
  /**
   * The imported tokens; those of the source no longer there are revoked. Absent: tokens are
   * left as they are (the source had none to give).
   */
  tokens?: ImportedToken[];
  /** The modpacks the import is authoritative for: client links to these mirror the input. */
  managedModpackIds: number[];
  /**
   * Users' two-factor sign-in, decrypted from Solder (two-factor-import.ts), sealed with
   * `encryptionKey` (the auth service's TOTP_ENCRYPTION_KEY). Imported last: the users must exist.
   */
  twoFactor?: { encryptionKey: string; users: ImportedTwoFactor[] };
  /** Everything is done and counted, then rolled back. */
  dryRun?: boolean;
}

export interface AuthImportResult {
  keys: ImportCounts;
  clients: ImportCounts;
  links: { inserted: number; removed: number; unchanged: number };
  /** With `users` in the input. */
  users?: ImportCounts;
  /** Users' modpack access lists. */
  userLinks?: { inserted: number; removed: number; unchanged: number };
  /** Imported users whose e-mail address another Depot user has: imported without it. */
  emailsTaken?: string[];
  /** Imported users who had a password in Depot already, other than Solder's: theirs is kept. */
  passwordsKept?: string[];
  /** With `tokens` in the input. */
  tokens?: ImportCounts & {
    removed: number;
    /** Tokens Solder holds that were imported before and revoked in Depot since: not brought back. */
    revokedInDepot: number;
  };
  twoFactor?: TwoFactorImportResult;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

function checkInput({ keys, clients, users, tokens }: AuthImport): void {
  const hashes = new Set<string>();
  for (const k of keys) {
    if (!k.apiKey) throw new Error(`key "${k.name}" has an empty value`);
    if (!k.name || k.name.length > 255) throw new Error(`key name "${k.name}" must be 1-255 characters`);
    const h = digest(k.apiKey);
    if (hashes.has(h)) throw new Error(`key "${k.name}": the same key value appears twice`);
    hashes.add(h);
  }
  const uuids = new Set<string>();
  for (const c of clients) {
    if (!c.uuid || c.uuid.length > 255) throw new Error(`client "${c.name}": uuid must be 1-255 characters`);
    if (!c.name || c.name.length > 255) throw new Error(`client name "${c.name}" must be 1-255 characters`);
    const u = c.uuid.toLowerCase();
    // The uuid is a read credential: never put it in a message.
    if (uuids.has(u)) throw new Error(`client "${c.name}": its uuid appears twice (uuids match whatever their case)`);
    uuids.add(u);
  }
  const usernames = new Set<string>();
  const emails = new Set<string>();
  for (const user of users ?? []) {
    if (!user.username || user.username.length > 255)
      throw new Error(`username "${user.username}" must be 1-255 characters`);
    const name = user.username.toLowerCase();
    if (usernames.has(name))
      throw new Error(`user "${user.username}" appears twice (usernames match whatever their case)`);
    usernames.add(name);
    if (user.email !== null) {
      if (user.email.length > 255)
        throw new Error(`user "${user.username}": e-mail address longer than 255 characters`);
      if (emails.has(user.email.toLowerCase())) throw new Error(`user "${user.username}": e-mail address used twice`);
      emails.add(user.email.toLowerCase());
    }
    if (user.passwordHash !== null && !isBcryptHash(user.passwordHash))
      throw new Error(`user "${user.username}": the password hash is not bcrypt`);
  }
  const sanctumIds = new Set<number>();
  for (const t of tokens ?? []) {
    if (!usernames.has(t.username.toLowerCase())) throw new Error(`token ${t.sanctumId} of an unknown user`);
    if (!SHA256_HEX.test(t.tokenHash)) throw new Error(`token ${t.sanctumId}: not a SHA-256 digest (64 hex digits)`);
    if (!t.name || t.name.length > 255) throw new Error(`token ${t.sanctumId}: name must be 1-255 characters`);
    if (sanctumIds.has(t.sanctumId)) throw new Error(`token ${t.sanctumId} appears twice`);
    sanctumIds.add(t.sanctumId);
  }
}

export async function importAuth(orm: Orm, input: AuthImport): Promise<AuthImportResult> {
  checkInput(input);
  // Rows keyed by column, read back as the table's own row type (upsertRows).
  const keysJson = JSON.stringify(
    input.keys.map(({ apiKey, ...k }) => toColumns(ApiKeySchema, { ...k, keyHash: digest(apiKey) })),
  );
  const clientsJson = JSON.stringify(
    input.clients.map(({ modpackIds: _ids, ...c }) =>
      toColumns(ClientSchema, { ...c, uuidHash: clientIdDigest(c.uuid) }),
    ),
  );
  const linksJson = JSON.stringify(
    input.clients.flatMap((c) =>
      [...new Set(c.modpackIds)].map((id) => ({ uuid_hash: clientIdDigest(c.uuid), modpack_id: id })),
    ),
  );
  const managed = `{${[...new Set(input.managedModpackIds)].join(',')}}`;
  const users = input.users ?? [];
  const userLinksJson = JSON.stringify(
    users.flatMap((u) => [...new Set(u.modpackIds)].map((id) => ({ username: u.username, modpack_id: id }))),
  );
  const tokensJson = JSON.stringify(
    (input.tokens ?? []).map((t, seq) => ({
      seq,
      sanctum_id: t.sanctumId,
      username: t.username,
      name: t.name,
      token_hash: t.tokenHash,
      last_used_at: t.lastUsedAt,
      expires_at: t.expiresAt,
      created_at: t.createdAt,
    })),
  );

  // Statements carry client uuids (read credentials): keep them out of SQL debug logs.
  const em = orm.em.fork({ loggerContext: { enabled: false } }) as SqlEntityManager;
  try {
    return await importTransaction(em, input.dryRun, async (tx) => {
      // An operator's batch: no statement limit of the API's, but never wait long behind a stuck writer.
      await tx.execute("set local lock_timeout = '30s'");
      await tx.execute('set local statement_timeout = 0');
      await tx.execute(
        'lock table keys, clients, client_modpacks, users, user_modpacks, tokens in share row exclusive mode',
      );

      const keys = await upsertRows<ApiKey, { id: number }>(tx, ApiKeySchema, {
        rowsJson: keysJson,
        match: 't.key_hash = i.key_hash',
        update: ['name'],
        insertOnly: ['keyHash'],
        returning: 't.id',
      });
      const clients = await upsertRows<Client, { id: number }>(tx, ClientSchema, {
        rowsJson: clientsJson,
        match: 't.uuid_hash = i.uuid_hash',
        update: ['name'],
        insertOnly: ['uuid', 'uuidHash'],
        returning: 't.id',
      });

      // Links: for the imported clients and the managed modpacks, exactly the given ones.
      const removedLinks = await importQuery<{ client_id: number }[]>(
        tx,
        `delete from client_modpacks cm
          using clients c, jsonb_to_recordset(?::jsonb) as i(uuid_hash text)
          where cm.client_id = c.id and c.uuid_hash = i.uuid_hash
            and cm.modpack_id = any(?::int[])
            and not exists (select 1 from jsonb_to_recordset(?::jsonb) as l(uuid_hash text, modpack_id int)
                             where l.uuid_hash = c.uuid_hash and l.modpack_id = cm.modpack_id)
         returning cm.client_id`,
        [clientsJson, managed, linksJson],
      );
      const insertedLinks = await importQuery<{ client_id: number }[]>(
        tx,
        `insert into client_modpacks (client_id, modpack_id)
         select c.id, l.modpack_id
           from jsonb_to_recordset(?::jsonb) as l(uuid_hash text, modpack_id int)
           join clients c on c.uuid_hash = l.uuid_hash
         on conflict do nothing
         returning client_id`,
        [linksJson],
      );
      const linkTotal = input.clients.reduce((n, c) => n + new Set(c.modpackIds).size, 0);

      const people = input.users ? await importUsers(tx, users, managed, userLinksJson) : {};
      const tokens = input.tokens ? await importTokens(tx, tokensJson, input.tokens.length) : undefined;

      const twoFactor = input.twoFactor
        ? await importTwoFactor(tx, new SecretBox(input.twoFactor.encryptionKey), input.twoFactor.users)
        : undefined;

      return {
        keys: importCounts(input.keys.length, keys.inserted.length, keys.updated.length),
        clients: importCounts(input.clients.length, clients.inserted.length, clients.updated.length),
        links: {
          inserted: insertedLinks.length,
          removed: removedLinks.length,
          unchanged: linkTotal - insertedLinks.length,
        },
        ...people,
        ...(tokens ? { tokens } : {}),
        ...(twoFactor ? { twoFactor } : {}),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new Error('the import collides with an existing key, client, user or token (unique index)');
    if (err instanceof TwoFactorKeyError) throw err;
    throw scrubError(err);
  }
}

/** The auth database for an import, with the service's own entities and migrations. */
export const openAuthImport = (url: string, logger?: Logger, dryRun?: boolean) =>
  openImport({ url, entities, migrations, logger, dryRun }, importAuth);
