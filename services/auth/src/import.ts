// Bulk import of platform keys and launcher clients with their modpack links (the admin CLI's
// `import-solder`), set-based, in one transaction. Keys arrive in plaintext (Solder keeps them so)
// and are stored like every other key: only their SHA-256 digest. Matching is by natural keys: a
// key by its digest, a client by its uuid (case-insensitively). Changed names are updated and
// nothing is duplicated, so a second identical run changes nothing. A client's links to the
// imported modpacks (`managedModpackIds`) become exactly the given ones; its links to any other
// modpack are left alone.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { importCounts, isUniqueViolation, openImport, toColumns, upsertRows } from '@depot/common';
import type { Imported, ImportCounts, Logger, Orm } from '@depot/common';
import { entities } from './entities';
import { ApiKeySchema, type ApiKey } from './entities/api-key';
import { ClientSchema, type Client } from './entities/client';
import { migrations } from './migrations';
import { clientIdDigest, digest, scrubError } from './secrets';
import { importTwoFactor, type ImportedTwoFactor, type TwoFactorImportResult } from './two-factor-import';
import { SecretBox, TwoFactorKeyError } from './two-factor-secrets';

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
  /** The modpacks the import is authoritative for: client links to these mirror the input. */
  managedModpackIds: number[];
  /**
   * Users' two-factor sign-in, decrypted from Solder (two-factor-import.ts), sealed with
   * `encryptionKey` (the auth service's TOTP_ENCRYPTION_KEY). Imported last: the users must exist.
   */
  twoFactor?: { encryptionKey: string; users: ImportedTwoFactor[] };
}

export interface AuthImportResult {
  keys: ImportCounts;
  clients: ImportCounts;
  links: { inserted: number; removed: number; unchanged: number };
  twoFactor?: TwoFactorImportResult;
}

function checkInput({ keys, clients }: AuthImport): void {
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

  // Statements carry client uuids (read credentials): keep them out of SQL debug logs.
  const em = orm.em.fork({ loggerContext: { enabled: false } }) as SqlEntityManager;
  try {
    return await em.transactional(async (tx) => {
      // An operator's batch: no statement limit of the API's, but never wait long behind a stuck writer.
      await tx.execute("set local lock_timeout = '30s'");
      await tx.execute('set local statement_timeout = 0');
      await tx.execute('lock table keys, clients, client_modpacks in share row exclusive mode');

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
      const removedLinks = await tx.execute<{ client_id: number }[]>(
        `delete from client_modpacks cm
          using clients c, jsonb_to_recordset(?::jsonb) as i(uuid_hash text)
          where cm.client_id = c.id and c.uuid_hash = i.uuid_hash
            and cm.modpack_id = any(?::int[])
            and not exists (select 1 from jsonb_to_recordset(?::jsonb) as l(uuid_hash text, modpack_id int)
                             where l.uuid_hash = c.uuid_hash and l.modpack_id = cm.modpack_id)
         returning cm.client_id`,
        [clientsJson, managed, linksJson],
      );
      const insertedLinks = await tx.execute<{ client_id: number }[]>(
        `insert into client_modpacks (client_id, modpack_id)
         select c.id, l.modpack_id
           from jsonb_to_recordset(?::jsonb) as l(uuid_hash text, modpack_id int)
           join clients c on c.uuid_hash = l.uuid_hash
         on conflict do nothing
         returning client_id`,
        [linksJson],
      );
      const linkTotal = input.clients.reduce((n, c) => n + new Set(c.modpackIds).size, 0);
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
        ...(twoFactor ? { twoFactor } : {}),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Error('the import collides with an existing key or client (unique index)');
    if (err instanceof TwoFactorKeyError) throw err;
    throw scrubError(err);
  }
}

/** The auth database for an import, with the service's own entities and migrations. */
export const openAuthImport = (url: string, logger?: Logger) =>
  openImport({ url, entities, migrations, logger }, importAuth);
