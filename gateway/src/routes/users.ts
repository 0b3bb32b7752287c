// Users (compat.md §4 users, `solder_users`): modpack access lists travel as slugs over REST and
// as ids to auth; each direction is one batched call to builds.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FieldErrors } from '@depot/common';
import type { authV1 } from '@depot/proto';
import { can, requirePermission, type Permission, type Principal } from '../auth';
import type { ServiceClients } from '../clients';
import { forbidden, HttpError } from '../errors';
import { isStorableText, MESSAGES, named, presentFields, rules, validate } from '../validation';

/** Every permission, spelled out so that adding one to `Permission` fails to compile here. */
const KNOWN_PERMISSIONS: Record<Permission, true> = {
  solder_full: true,
  solder_users: true,
  solder_keys: true,
  solder_clients: true,
  mods_create: true,
  mods_manage: true,
  mods_delete: true,
  modpacks_create: true,
  modpacks_manage: true,
  modpacks_delete: true,
};
const PERMISSIONS = Object.keys(KNOWN_PERMISSIONS) as [Permission, ...Permission[]];
const FULL: Permission = 'solder_full';

export const SELECTED_INVALID = 'The selected :attribute is invalid.';
const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,254}$/;

/** An optional list; null means an empty one (Laravel's nullable array). */
export const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === null ? [] : v), z.array(item, { error: MESSAGES.array })).optional();

const modpackSlugs = list(z.string({ error: SELECTED_INVALID }).refine(isStorableText, SELECTED_INVALID));
export const createUserBody = z.object({
  username: rules.string({ pattern: USERNAME_PATTERN }),
  permissions: list(z.enum(PERMISSIONS, { error: SELECTED_INVALID })),
  modpacks: modpackSlugs,
});
export const updateUserBody = createUserBody.partial();

type UserInput = { username?: string; permissions?: Permission[]; modpacks?: string[] };
type User = authV1.User__Output;
type UserParams = { username: string };

/** A field of a raw body, whatever was sent. */
export const rawField = (body: unknown, field: string): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[field] : undefined;

/**
 * The target user, or 404; 403 when it holds solder_full and the actor does not (only a
 * solder_full user may act on another one's rights: take them away, or mint a token with them).
 */
export async function guardedUser(clients: ServiceClients, actor: Principal, username: string): Promise<User> {
  const user = await clients.auth.GetUser({ username });
  if (user.permissions.includes(FULL) && !can(actor, FULL)) throw forbidden();
  return user;
}

export async function usersRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { auth, builds } = clients;

  /** Modpack ids → slugs for a whole list of users, in one call; ids gone meanwhile are skipped. */
  async function userViews(users: User[], known = new Map<number, string>()) {
    const missing = [...new Set(users.flatMap((u) => u.modpack_ids))].filter((id) => !known.has(id));
    if (missing.length) {
      for (const ref of (await builds.GetModpacksByIds({ ids: missing })).modpacks) known.set(ref.id, ref.slug);
    }
    return users.map((u) => ({
      username: u.username,
      permissions: u.permissions,
      modpacks: u.modpack_ids.flatMap((id) => known.get(id) ?? []),
      created_at: u.created_at,
      updated_at: u.updated_at,
    }));
  }

  /**
   * The body, with modpack slugs turned into ids. Unknown slugs are reported among the other
   * field errors (so they are looked up even when other fields fail); `precheck` runs before a 422.
   */
  async function userBody<T extends UserInput>(schema: z.ZodType<T>, body: unknown, precheck: () => Promise<unknown>) {
    const result = validate(schema, body);
    if (!result.ok && result.unreadable) {
      await precheck();
      throw result.unreadable;
    }
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    const slugs = result.ok
      ? result.data.modpacks
      : errors.modpacks
        ? undefined
        : modpackSlugs.parse(rawField(body, 'modpacks'));
    const known = new Map<number, string>();
    let modpackIds: number[] | undefined;
    if (slugs) {
      const wanted = [...new Set(slugs)];
      const refs = wanted.length ? (await builds.GetModpacksBySlugs({ slugs: wanted })).modpacks : [];
      if (refs.length < wanted.length) errors.modpacks = [SELECTED_INVALID.replace(':attribute', 'modpacks')];
      for (const ref of refs) known.set(ref.id, ref.slug);
      modpackIds = [...known.keys()];
    }
    if (!result.ok || errors.modpacks) {
      await precheck();
      throw new HttpError(422, errors);
    }
    return { data: result.data, modpackIds, known };
  }

  app.get('/api/user', async (req) => {
    await requirePermission(req, clients, 'solder_users');
    return { users: await userViews((await auth.ListUsers({})).users) };
  });

  app.post('/api/user', async (req, reply) => {
    const actor = await requirePermission(req, clients, 'solder_users');
    const { data, modpackIds, known } = await userBody(createUserBody, req.body, async () => {
      const permissions = rawField(req.body, 'permissions');
      if (Array.isArray(permissions) && permissions.includes(FULL) && !can(actor, FULL)) throw forbidden();
    });
    const user = await auth.CreateUser({
      actor,
      username: data.username,
      permissions: data.permissions ?? [],
      modpack_ids: modpackIds ?? [],
    });
    return reply.status(201).send((await userViews([user], known))[0]);
  });

  app.put<{ Params: UserParams }>('/api/user/:username', async (req) => {
    const actor = await requirePermission(req, clients, 'solder_users');
    const username = named(req.params.username, 'USER_NOT_FOUND');
    const { data, modpackIds, known } = await userBody(updateUserBody, req.body, async () => {
      const user = await auth.GetUser({ username });
      const permissions = rawField(req.body, 'permissions');
      const touchesFull =
        permissions !== undefined &&
        (user.permissions.includes(FULL) || (Array.isArray(permissions) && permissions.includes(FULL)));
      if (touchesFull && !can(actor, FULL)) throw forbidden();
    });
    const user = await auth.UpdateUser({
      actor,
      username,
      new_username: data.username,
      permissions: data.permissions ?? [],
      modpack_ids: modpackIds ?? [],
      update_mask: presentFields(data),
    });
    return (await userViews([user], known))[0];
  });

  app.delete<{ Params: UserParams }>('/api/user/:username', async (req) => {
    const actor = await requirePermission(req, clients, 'solder_users');
    const username = named(req.params.username, 'USER_NOT_FOUND');
    if (!can(actor, FULL)) await guardedUser(clients, actor, username);
    await auth.DeleteUser({ username, actor });
    return { success: 'User deleted.' };
  });
}
