// The permissions of a user (docs/api.md, "Access model"), defined once: auth stores and checks
// them, the gateway enforces the one each route declares, the admin CLI and the console offer them.

/** Every permission, in their canonical order (the order users' lists are stored and shown in). */
export const PERMISSIONS = [
  'solder_full',
  'solder_users',
  'solder_keys',
  'solder_clients',
  'mods_create',
  'mods_manage',
  'mods_delete',
  'modpacks_create',
  'modpacks_manage',
  'modpacks_delete',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Passes every check. */
export const FULL: Permission = 'solder_full';

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

interface Holder {
  permissions: readonly string[];
}

/** Whether `who` holds `permission` (solder_full holds them all). */
export function holds(who: Holder | null | undefined, permission: Permission): boolean {
  return !!who && (who.permissions.includes(FULL) || who.permissions.includes(permission));
}

/** What a user may do: their permissions and the modpacks on their access list. */
export interface Authority {
  permissions: readonly string[];
  modpack_ids?: readonly number[];
}

/**
 * What a user holds, or is being given: permissions and modpack access. Values that name no
 * permission or no modpack id are not rights (the request's validation refuses them, 422).
 */
export interface Rights {
  permissions?: readonly unknown[];
  modpack_ids?: readonly unknown[];
}

/**
 * The rule for acting on another user (docs/api.md#acting-on-users): a caller may read or change
 * anything of a user (password, e-mail, username, rights, tokens, two-factor, the account itself),
 * and give a user rights, only within its own: every permission and every modpack the user holds,
 * or is given, the caller holds too. solder_full covers all. Otherwise a user allowed to manage
 * users could set an administrator's password and sign in as them, or make themselves a second
 * account with the rights they lack.
 */
export function covers(actor: Authority | null | undefined, rights: Rights): boolean {
  if (!actor) return false;
  if (actor.permissions.includes(FULL)) return true;
  const permissions: readonly unknown[] = actor.permissions;
  const modpacks: readonly unknown[] = actor.modpack_ids ?? [];
  return (
    (rights.permissions ?? []).every((p) => typeof p !== 'string' || !isPermission(p) || permissions.includes(p)) &&
    (rights.modpack_ids ?? []).every((id) => typeof id !== 'number' || modpacks.includes(id))
  );
}

/** Deduplicated, unknown ones dropped, in the canonical order of PERMISSIONS. */
export function normalizePermissions(values: readonly string[]): Permission[] {
  return PERMISSIONS.filter((p) => values.includes(p));
}
