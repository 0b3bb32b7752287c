// Two-factor sign-in imported from Solder (Laravel Fortify), for the admin CLI's import-solder.
// Solder keeps the TOTP secret and the recovery codes encrypted with its APP_KEY: the import
// decrypts them with @depot/common `decryptFortifyTwoFactor` (when the operator passes that key;
// otherwise those users are reported as skipped and enrol again), then hands the plaintexts here,
// where they are stored Depot's way: the secret sealed with TOTP_ENCRYPTION_KEY, the codes as
// digests. A user keeps signing in with the authenticator and the codes they have.
//
// Entry points: `importAuth` (import.ts) with `twoFactor: { encryptionKey, users }` in its input,
// or `importTwoFactor(tx, box, users)` inside a transaction of one's own, after the users exist.
//
// Safe to run again: a user whose stored secret is the imported one is left as it is (recovery
// codes used in Depot stay used), and a user who set up another secret in Depot since is never
// overwritten (reported as skipped). Set-based: a constant number of statements for any count.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { recoveryCodeDigest } from './recovery-codes';
import { TwoFactorKeyError, type SecretBox } from './two-factor-secrets';

export interface ImportedTwoFactor {
  /** The Depot user, matched whatever its case: import the users first. */
  username: string;
  /** The TOTP secret in plaintext (base32), as `decryptFortifyTwoFactor` returns it. */
  secret: string;
  /** Unused recovery codes in plaintext; stored as digests only. */
  recoveryCodes: string[];
  /** Whether Solder had it confirmed (`two_factor_confirmed_at`): only then does sign-in ask for a code. */
  confirmed: boolean;
}

export interface TwoFactorImportResult {
  imported: number;
  unchanged: number;
  /** Users whose two-factor sign-in was not imported, and why (they enrol again in Depot). */
  skipped: { username: string; reason: string }[];
}

const BASE32_SECRET = /^[A-Z2-7]{16,128}$/;

export async function importTwoFactor(
  tx: SqlEntityManager,
  box: SecretBox,
  users: ImportedTwoFactor[],
): Promise<TwoFactorImportResult> {
  const result: TwoFactorImportResult = { imported: 0, unchanged: 0, skipped: [] };
  if (!users.length) return result;
  // Stored secrets sealed with another key would make the auth service refuse to start.
  const [foreign] = await tx.execute<{ n: string }[]>(
    'select count(*) as n from two_factor_secrets where key_id <> ?',
    [box.keyId],
  );
  if (Number(foreign.n) > 0) {
    throw new TwoFactorKeyError(
      "TOTP_ENCRYPTION_KEY is not the key of the two-factor secrets already stored: give the auth service's key",
    );
  }
  const names = [...new Set(users.map((u) => u.username.toLowerCase()))];
  const found = await tx.execute<{ id: number; name: string; secret: string | null }[]>(
    `select u.id, lower(u.username) as name, t.secret
       from users u left join two_factor_secrets t on t.user_id = u.id
      where lower(u.username) = any(?::text[])`,
    [pgArray(names)],
  );
  const byName = new Map(found.map((row) => [row.name, row]));

  const secrets: { user_id: number; secret: string; confirmed: boolean }[] = [];
  const codes: { user_id: number; code_hash: string }[] = [];
  const seen = new Set<number>();
  for (const u of users) {
    const row = byName.get(u.username.toLowerCase());
    const secret = u.secret.replace(/[\s=]/g, '').toUpperCase();
    const skip = (reason: string) => result.skipped.push({ username: u.username, reason });
    if (!row) skip('no such user in Depot');
    else if (seen.has(row.id)) skip('the same user appears twice');
    else if (!BASE32_SECRET.test(secret)) skip('the secret is not base32 (16 to 128 characters)');
    else if (row.secret !== null) {
      if (box.open(row.secret, row.id) === secret) result.unchanged++;
      else skip('has set up two-factor sign-in in Depot since; left as it is');
    } else {
      secrets.push({ user_id: row.id, secret: box.seal(secret, row.id), confirmed: u.confirmed });
      for (const hash of new Set(u.recoveryCodes.map(recoveryCodeDigest)))
        codes.push({ user_id: row.id, code_hash: hash });
      result.imported++;
    }
    if (row) seen.add(row.id);
  }
  if (secrets.length) {
    await tx.execute(
      `insert into two_factor_secrets (user_id, secret, key_id, confirmed_at)
       select s.user_id, s.secret, ?, case when s.confirmed then now() end
         from jsonb_to_recordset(?::jsonb) as s(user_id int, secret text, confirmed boolean)`,
      [box.keyId, JSON.stringify(secrets)],
    );
  }
  if (codes.length) {
    await tx.execute(
      `insert into recovery_codes (user_id, code_hash)
       select c.user_id, c.code_hash from jsonb_to_recordset(?::jsonb) as c(user_id int, code_hash text)
       on conflict do nothing`,
      [JSON.stringify(codes)],
    );
  }
  return result;
}

/** A PostgreSQL text[] literal of plain values (quoted, so commas and braces stay inside). */
function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
