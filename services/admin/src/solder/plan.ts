// From Solder's rows to what each Depot service imports, matched by natural keys: mod name,
// (mod name, version), modpack slug, (slug, build version), client uuid, key value, username,
// token id. Solder's ids go along as the ids new rows should take (launchers see version, build
// and modpack ids), Depot keeps them where they are free. Pure, so every rule is unit-tested. Rows
// Depot cannot represent are either refused (names that clash case-insensitively: the operator
// must choose) or dropped with a warning (dangling references, a second version of a mod in one
// build, ...); rows Depot's own API would refuse but Solder took (a mod name with a space) are
// imported as they are, and reported.
import { PERMISSIONS, SLUG_PATTERN, USERNAME_PATTERN, VERSION_PATTERN } from '@depot/common';
import {
  isBcryptHash,
  type ImportedClient,
  type ImportedKey,
  type ImportedToken,
  type ImportedUser,
} from '#auth-import';
import type { ImportedBuild, ImportedModpack } from '#builds-import';
import type { ImportedMod, ImportedVersion } from '#catalog-import';
import { CliError } from '../errors';
import type { FortifyColumns } from './laravel-crypt';
import type { SolderData } from './read';

// What each service's import takes, but Solder's references by natural key (catalog's import
// gives the ids of versions, builds' those of modpacks).
export type PlannedBuild = Omit<ImportedBuild, 'mods'> & { mods: { mod: string; version: string }[] };
export type PlannedClient = Omit<ImportedClient, 'modpackIds'> & { modpacks: string[] };
export type PlannedUser = Omit<ImportedUser, 'modpackIds'> & { modpacks: string[] };

/** A user's two-factor sign-in as Solder stores it (encrypted with its APP_KEY). */
export interface PlannedTwoFactor {
  username: string;
  columns: FortifyColumns;
}

export interface ImportPlan {
  mods: ImportedMod[];
  versions: ImportedVersion[];
  modpacks: ImportedModpack[];
  builds: PlannedBuild[];
  clients: PlannedClient[];
  keys: ImportedKey[];
  /** Undefined when the source has no users table (nothing to say about Depot's users). */
  users?: PlannedUser[];
  /** Undefined when the source has no token table (Depot's imported tokens are left alone). */
  tokens?: ImportedToken[];
  twoFactor: PlannedTwoFactor[];
  warnings: string[];
}

export interface PlanOptions {
  /** Which tables the source has (users and tokens are optional in older Solders). */
  hasUsers: boolean;
  hasTokens: boolean;
  /** Tokens that expired before this are left out. */
  now: Date;
}

/** Warnings of one kind are grouped: a count and the first few examples. */
export function groupedWarning(kind: string, examples: string[]): string {
  const shown = examples.slice(0, 5).join('; ');
  const more = examples.length > 5 ? `; and ${examples.length - 5} more` : '';
  return `${kind} (${examples.length}): ${shown}${more}`;
}

class Warnings {
  private readonly groups = new Map<string, string[]>();
  add(kind: string, example: string): void {
    const list = this.groups.get(kind) ?? [];
    list.push(example);
    this.groups.set(kind, list);
  }
  list(): string[] {
    return [...this.groups].map(([kind, examples]) => groupedWarning(kind, examples));
  }
}

const MD5_MAX = 32;

function duplicatesCaseInsensitive(values: string[]): string[] {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const v of values) {
    const prior = seen.get(v.toLowerCase());
    if (prior !== undefined) clashes.push(prior === v ? `"${v}" twice` : `"${prior}" and "${v}"`);
    else seen.set(v.toLowerCase(), v);
  }
  return clashes;
}

/** Everything to import, or a CliError listing what must be fixed at the source first. */
export function planImport(
  data: SolderData,
  options: PlanOptions = { hasUsers: data.users.length > 0, hasTokens: data.tokens.length > 0, now: new Date() },
): ImportPlan {
  const warnings = new Warnings();
  const errors: string[] = [];
  const refusedByApi = (what: string, example: string) =>
    warnings.add(`${what} imported as Solder has them, though Depot's API would refuse them`, example);

  // Mods: names unique case-insensitively in Depot (launchers cache {name}-{version}.zip).
  const modClashes = duplicatesCaseInsensitive(data.mods.map((m) => m.name));
  if (modClashes.length) errors.push(`mod names that differ only in case: ${modClashes.slice(0, 10).join(', ')}`);
  const modById = new Map(data.mods.map((m) => [m.id, m]));
  for (const m of data.mods) if (!SLUG_PATTERN.test(m.name)) refusedByApi('mod names', `"${m.name}"`);
  const mods: ImportedMod[] = data.mods.map((m) => ({
    id: m.id,
    name: m.name,
    prettyName: m.pretty_name ?? '',
    author: m.author,
    description: m.description,
    link: m.link,
    notes: m.notes,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  }));

  // Versions: (mod, version) exactly; Solder id → natural key for the assignments.
  const versionKeyById = new Map<number, { mod: string; version: string }>();
  const versionSeen = new Set<string>();
  const versions: ImportedVersion[] = [];
  const longMd5: string[] = [];
  for (const v of data.modversions) {
    const mod = modById.get(v.mod_id);
    if (!mod) {
      warnings.add('versions of a missing mod, skipped', `modversion ${v.id} (${v.version}) of mod id ${v.mod_id}`);
      continue;
    }
    const natural = { mod: mod.name, version: v.version };
    versionKeyById.set(v.id, natural);
    const key = `${mod.name}\u0000${v.version}`;
    if (versionSeen.has(key)) {
      warnings.add('duplicate versions merged (the first one kept)', `${mod.name} ${v.version} (modversion ${v.id})`);
      continue;
    }
    versionSeen.add(key);
    if (!VERSION_PATTERN.test(v.version)) refusedByApi('versions', `${mod.name} "${v.version}"`);
    const md5 = (v.md5 ?? '').trim().toLowerCase();
    if (md5.length > MD5_MAX) longMd5.push(`${mod.name} ${v.version}`);
    versions.push({
      id: v.id,
      mod: mod.name,
      version: v.version,
      md5,
      filesize: v.filesize,
      url: v.url,
      notes: v.notes,
      createdAt: v.created_at,
      updatedAt: v.updated_at,
    });
  }
  if (longMd5.length) errors.push(`md5 longer than 32 characters: ${longMd5.slice(0, 10).join(', ')}`);

  // Modpacks: slug and display name unique case-insensitively.
  const slugClashes = duplicatesCaseInsensitive(data.modpacks.map((m) => m.slug));
  if (slugClashes.length) errors.push(`modpack slugs that differ only in case: ${slugClashes.join(', ')}`);
  const nameClashes = duplicatesCaseInsensitive(data.modpacks.map((m) => m.name));
  if (nameClashes.length) errors.push(`modpack names that differ only in case: ${nameClashes.join(', ')}`);
  const modpackById = new Map(data.modpacks.map((m) => [m.id, m]));
  const modpacks: ImportedModpack[] = data.modpacks.map((m) => {
    for (const field of ['icon_md5', 'logo_md5', 'background_md5'] as const) {
      if ((m[field]?.length ?? 0) > MD5_MAX) errors.push(`modpack ${m.slug}: ${field} longer than 32 characters`);
    }
    if (!SLUG_PATTERN.test(m.slug)) refusedByApi('modpack slugs', `"${m.slug}"`);
    return {
      id: m.id,
      name: m.name,
      slug: m.slug,
      url: m.url,
      // A column an old schema lacks means the feature did not exist: visible, public.
      hidden: m.hidden ?? false,
      private: m.private ?? false,
      order: m.order,
      recommended: m.recommended,
      latest: m.latest,
      iconUrl: m.icon_url,
      iconMd5: m.icon_md5,
      logoUrl: m.logo_url,
      logoMd5: m.logo_md5,
      backgroundUrl: m.background_url,
      backgroundMd5: m.background_md5,
      createdAt: m.created_at,
      updatedAt: m.updated_at,
    };
  });

  // Builds in id order (their creation order, the order of the launcher's `builds` array).
  const buildById = new Map<number, PlannedBuild>();
  const builds: PlannedBuild[] = [];
  const buildSeen = new Set<string>();
  for (const b of [...data.builds].sort((x, y) => x.id - y.id)) {
    const modpack = modpackById.get(b.modpack_id);
    if (!modpack) {
      warnings.add(
        'builds of a missing modpack, skipped',
        `build ${b.id} (${b.version}) of modpack id ${b.modpack_id}`,
      );
      continue;
    }
    const key = `${modpack.slug}\u0000${b.version}`;
    if (buildSeen.has(key)) {
      warnings.add(
        'duplicate builds skipped (the first one kept, as Solder serves it)',
        `${modpack.slug} ${b.version} (build ${b.id})`,
      );
      continue;
    }
    buildSeen.add(key);
    if (!VERSION_PATTERN.test(b.version)) refusedByApi('build versions', `${modpack.slug} "${b.version}"`);
    const build: PlannedBuild = {
      id: b.id,
      modpack: modpack.slug,
      version: b.version,
      minecraft: b.minecraft ?? '',
      forge: b.forge,
      isPublished: b.is_published ?? true,
      private: b.private ?? false,
      minJava: b.min_java,
      minMemory: b.min_memory,
      createdAt: b.created_at,
      updatedAt: b.updated_at,
      mods: [],
    };
    buildById.set(b.id, build);
    builds.push(build);
  }

  // Assignments: one version per mod and build in Depot; the most recently added one wins.
  const solderBuildIds = new Set(data.builds.map((b) => b.id));
  const chosen = new Map<PlannedBuild, Map<string, { mod: string; version: string }>>();
  for (const a of [...data.buildModversions].sort((x, y) => x.id - y.id)) {
    const build = buildById.get(a.build_id);
    const version = versionKeyById.get(a.modversion_id);
    if (!build) {
      if (!solderBuildIds.has(a.build_id)) {
        warnings.add('assignments to a missing build, skipped', `build_modversion ${a.id} (build id ${a.build_id})`);
      }
      continue;
    }
    if (!version) {
      warnings.add(
        'assignments of a missing mod version, skipped',
        `${build.modpack} ${build.version}: modversion id ${a.modversion_id}`,
      );
      continue;
    }
    const perBuild = chosen.get(build) ?? new Map<string, { mod: string; version: string }>();
    chosen.set(build, perBuild);
    const prior = perBuild.get(version.mod);
    if (prior && prior.version !== version.version) {
      warnings.add(
        'builds holding two versions of one mod (the last added kept)',
        `${build.modpack} ${build.version}: ${version.mod} ${prior.version} → ${version.version}`,
      );
      perBuild.delete(version.mod); // re-inserted below, so the order is that of the last addition
    }
    perBuild.set(version.mod, version);
  }
  for (const [build, perBuild] of chosen) build.mods = [...perBuild.values()];

  // Clients: a uuid matches whatever its case in Depot; same uuid twice → one client, links merged.
  const clientsByUuid = new Map<string, PlannedClient>();
  const clientById = new Map<number, PlannedClient>();
  for (const c of data.clients) {
    if (!c.uuid) {
      warnings.add('clients without a uuid, skipped', `"${c.name}"`);
      continue;
    }
    const key = c.uuid.toLowerCase();
    let client = clientsByUuid.get(key);
    if (client) {
      warnings.add('clients with the same uuid merged', `"${client.name}" and "${c.name}"`);
    } else {
      client = {
        name: c.name.trim() ? c.name : 'imported client',
        uuid: c.uuid,
        modpacks: [],
        createdAt: c.created_at,
        updatedAt: c.updated_at,
      };
      clientsByUuid.set(key, client);
    }
    clientById.set(c.id, client);
  }
  for (const link of data.clientModpacks) {
    const client = clientById.get(link.client_id);
    const modpack = modpackById.get(link.modpack_id);
    if (!client || !modpack) {
      warnings.add(
        'client links to a missing client or modpack, skipped',
        `client id ${link.client_id}, modpack id ${link.modpack_id}`,
      );
      continue;
    }
    if (!client.modpacks.includes(modpack.slug)) client.modpacks.push(modpack.slug);
  }

  // Keys: matched by value (stored hashed); the first name of a repeated value is kept.
  const keys: ImportedKey[] = [];
  const keyValues = new Set<string>();
  for (const k of data.keys) {
    if (!k.api_key) {
      warnings.add('keys without a value, skipped', `"${k.name}"`);
      continue;
    }
    if (keyValues.has(k.api_key)) {
      warnings.add('keys with the same value merged (the first name kept)', `"${k.name}"`);
      continue;
    }
    keyValues.add(k.api_key);
    keys.push({
      name: k.name.trim() ? k.name : 'imported key',
      apiKey: k.api_key,
      createdAt: k.created_at,
      updatedAt: k.updated_at,
    });
  }

  const people = options.hasUsers ? planUsers(data, modpackById, warnings, errors, refusedByApi) : undefined;
  const tokens = options.hasTokens && people ? planTokens(data, people.byId, options.now, warnings) : undefined;

  if (errors.length) {
    throw new CliError(
      `the Solder data cannot be imported as it is:\n${errors.map((e) => `  - ${e}`).join('\n')}\n` +
        'Fix these rows in Solder (or a copy of its database) and run the import again.',
    );
  }
  return {
    mods,
    versions,
    modpacks,
    builds,
    clients: [...clientsByUuid.values()],
    keys,
    users: people?.users,
    tokens,
    twoFactor: people?.twoFactor ?? [],
    warnings: warnings.list(),
  };
}

/** Users with their permissions and access lists; their two-factor columns apart (decrypted later). */
function planUsers(
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
function planTokens(data: SolderData, userById: Map<number, PlannedUser>, now: Date, warnings: Warnings) {
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
