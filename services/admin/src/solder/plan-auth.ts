// The auth service's share of a Solder import plan (plan.ts): users with their permissions, access
// lists and two-factor columns (decrypted later, import-solder.ts), and the Sanctum tokens that
// still work in Solder. Pure, like the rest of the plan.
import { PERMISSIONS, USERNAME_PATTERN } from '@depot/common';
import { isBcryptHash, type ImportedToken, type ImportedUser } from '#auth-import';
import type { FortifyColumns } from './laravel-crypt';
import { duplicatesCaseInsensitive, type Warnings } from './plan-report';
import type { SolderData } from './read';

export type PlannedUser = Omit<ImportedUser, 'modpackIds'> & { modpacks: string[] };

/** A user's two-factor sign-in as Solder stores it (encrypted with its APP_KEY). */
export interface PlannedTwoFactor {
  username: string;
  columns: FortifyColumns;
}

/** Users with their permissions and access lists; their two-factor columns apart (decrypted later). */
export function planUsers(
  data: SolderData,
  modpackById: Map<number, { slug: string }>,
  warnings: Warnings,
  errors: string[],
  refusedByApi: (what: string, example: string) => void,
) {
  const clashes = duplicatesCaseInsensitive(data.users.map((u) => u.username));
  if (clashes.length) errors.push(`usernames that differ only in case: ${clashes.slice(0, 10).join(', ')}`);
  const permissionsOf = new Map<number, SolderData['userPermissions'][number]>();
  for (const p of data.userPermissions) {
    if (permissionsOf.has(p.user_id)) {
      warnings.add('users with two permission rows (the first one kept, as Solder reads it)', `user id ${p.user_id}`);
    } else permissionsOf.set(p.user_id, p);
  }
  const emails = new Set<string>();
  const users: PlannedUser[] = [];
  const byId = new Map<number, PlannedUser>();
  const twoFactor: PlannedTwoFactor[] = [];
  for (const u of data.users) {
    if (!USERNAME_PATTERN.test(u.username)) refusedByApi('usernames', `"${u.username}"`);
    let email = u.email?.trim() || null;
    if (email && emails.has(email.toLowerCase())) {
      warnings.add('users sharing an e-mail address (imported without it after the first)', `"${u.username}"`);
      email = null;
    } else if (email && email.length > 255) {
      warnings.add('e-mail addresses too long to keep (imported without)', `"${u.username}"`);
      email = null;
    }
    if (email) emails.add(email.toLowerCase());
    let passwordHash = u.password || null;
    if (passwordHash && !isBcryptHash(passwordHash)) {
      warnings.add(
        'users whose password is no bcrypt hash (imported without one: set it with `user password`)',
        `"${u.username}"`,
      );
      passwordHash = null;
    }
    const perms = permissionsOf.get(u.id);
    if (!perms) warnings.add('users without a permissions row (imported with no permission)', `"${u.username}"`);
    // Solder's flag columns are Depot's permission names (one list, @depot/common), in its order.
    const permissions = perms ? PERMISSIONS.filter((p) => perms[p] === true) : [];
    const modpacks: string[] = [];
    // Solder keeps the managed modpacks' ids comma-separated; solder_full reaches all of them anyway.
    for (const part of (perms?.modpacks ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const modpack = /^\d+$/.test(part) ? modpackById.get(Number(part)) : undefined;
      if (!modpack) {
        warnings.add('access to a missing modpack, left out', `"${u.username}": modpack id ${part}`);
        continue;
      }
      if (!modpacks.includes(modpack.slug)) modpacks.push(modpack.slug);
    }
    const user: PlannedUser = {
      id: u.id,
      username: u.username,
      email,
      passwordHash,
      permissions,
      modpacks,
      createdAt: u.created_at,
      updatedAt: u.updated_at,
    };
    users.push(user);
    byId.set(u.id, user);
    if (u.two_factor_secret) {
      twoFactor.push({
        username: u.username,
        columns: {
          two_factor_secret: u.two_factor_secret,
          two_factor_recovery_codes: u.two_factor_recovery_codes,
          two_factor_confirmed_at: u.two_factor_confirmed_at,
        },
      });
    }
  }
  for (const p of permissionsOf.keys()) {
    if (!byId.has(p)) warnings.add('permission rows of a missing user, skipped', `user id ${p}`);
  }
  return { users, byId, twoFactor };
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Sanctum tokens of the imported users that still work in Solder. */
export function planTokens(data: SolderData, userById: Map<number, PlannedUser>, now: Date, warnings: Warnings) {
  const tokens: ImportedToken[] = [];
  for (const t of data.tokens) {
    const label = `token ${t.id} "${t.name}"`;
    // App\Models\User (App\User in older Solders): other models' tokens are none of a user's.
    if (!/(^|\\)User$/.test(t.tokenable_type)) {
      warnings.add('tokens of something other than a user, skipped', `${label} (${t.tokenable_type})`);
      continue;
    }
    const user = userById.get(t.tokenable_id);
    if (!user) {
      warnings.add('tokens of a missing user, skipped', `${label} (user id ${t.tokenable_id})`);
      continue;
    }
    if (t.expires_at !== null && new Date(t.expires_at) <= now) {
      warnings.add('expired tokens, skipped', `${label} of "${user.username}"`);
      continue;
    }
    const hash = t.token.trim().toLowerCase();
    if (!SHA256_HEX.test(hash)) {
      warnings.add('tokens whose stored digest is no SHA-256, skipped', `${label} of "${user.username}"`);
      continue;
    }
    // Sanctum's default is every ability; a narrower token would gain the user's every right here.
    if (t.abilities !== null && !isEveryAbility(t.abilities)) {
      warnings.add(
        "tokens limited to some abilities, skipped (Depot tokens carry their user's rights: issue a new one)",
        `${label} of "${user.username}"`,
      );
      continue;
    }
    tokens.push({
      sanctumId: t.id,
      username: user.username,
      name: t.name.trim() ? t.name.slice(0, 255) : 'imported token',
      tokenHash: hash,
      lastUsedAt: t.last_used_at,
      expiresAt: t.expires_at,
      createdAt: t.created_at,
    });
  }
  return tokens;
}

function isEveryAbility(abilities: string): boolean {
  try {
    const parsed: unknown = JSON.parse(abilities);
    return Array.isArray(parsed) && parsed.includes('*');
  } catch {
    return false;
  }
}
