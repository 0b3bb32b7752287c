// From Solder's rows to what each Depot service imports, matched by natural keys: mod name,
// (mod name, version), modpack slug, (slug, build version), client uuid, key value, username,
// token id. Solder's ids go along as the ids new rows should take (launchers see version, build
// and modpack ids), Depot keeps them where they are free. Pure, so every rule is unit-tested. Rows
// Depot cannot represent are either refused (names that clash case-insensitively: the operator
// must choose) or dropped with a warning (dangling references, a second version of a mod in one
// build, ...); rows Depot's own API would refuse but Solder took (a mod name with a space) are
// imported as they are, and reported.
import { SLUG_PATTERN, VERSION_PATTERN } from '@depot/common';
import type { ImportedClient, ImportedKey, ImportedToken } from '#auth-import';
import type { ImportedBuild, ImportedModpack } from '#builds-import';
import type { ImportedMod, ImportedVersion } from '#catalog-import';
import { CliError } from '../errors';
import { planTokens, planUsers, type PlannedTwoFactor, type PlannedUser } from './plan-auth';
import { duplicatesCaseInsensitive, Warnings } from './plan-report';
import type { SolderData } from './read';

// What each service's import takes, but Solder's references by natural key (catalog's import
// gives the ids of versions, builds' those of modpacks).
export type PlannedBuild = Omit<ImportedBuild, 'mods'> & { mods: { mod: string; version: string }[] };
export type PlannedClient = Omit<ImportedClient, 'modpackIds'> & { modpacks: string[] };

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

const MD5_MAX = 32;

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
