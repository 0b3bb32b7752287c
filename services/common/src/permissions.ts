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

/**
 * The escalation guard: only a solder_full user may grant solder_full, or act on the rights of a
 * user who holds it (change their permissions, delete them, mint a token with their rights).
 * `held`: the target's current permissions when the action touches them; `granted`: those it gives.
 */
export function mayTouchFull(
  actor: Holder | null | undefined,
  change: { held?: readonly string[]; granted?: readonly unknown[] },
): boolean {
  if (actor?.permissions.includes(FULL)) return true;
  return !change.held?.includes(FULL) && !change.granted?.includes(FULL);
}

/** Deduplicated, unknown ones dropped, in the canonical order of PERMISSIONS. */
export function normalizePermissions(values: readonly string[]): Permission[] {
  return PERMISSIONS.filter((p) => values.includes(p));
}
