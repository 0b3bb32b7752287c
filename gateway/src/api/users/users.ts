// Users (docs/api.md#users, `solder_users`): modpack access lists travel as slugs over REST and
// as ids to auth; each direction is one batched call to builds. A caller acts only on users whose
// rights it covers, and gives only rights it holds (docs/api.md#acting-on-users): the routes
// declare `actsOnUser`, the checks enforce it (pipeline/user-authority.ts), auth again as it writes.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isStorableText, PERMISSIONS, USERNAME_PATTERN } from '@depot/common';
import type { authV1 } from '@depot/proto';
import * as schemas from '../schemas';
import * as res from './schemas';
import { route, segment } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { mayActOn } from '../../pipeline/user-authority';
import { list, listOf, presentFields, rules, SELECTED_INVALID } from '../../pipeline/validation';
import { userView, userWithDetailsView } from './views';
import { includes } from '../launcher/routes';

type User = authV1.User__Output;

export const userParams = z.object({ username: segment('USER_NOT_FOUND', 'Username.') });

export function usersRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { auth, builds } = clients;

  /**
   * Modpack slugs → a map of their ids to slugs, checked against builds in one call; unknown slugs
   * are reported among the other field errors (looked up even when other fields fail).
   */
  const modpacks = list(
    listOf(z.string({ error: SELECTED_INVALID }).refine(isStorableText, SELECTED_INVALID))
      .transform(async (slugs, ctx) => {
        const wanted = [...new Set(slugs)];
        const refs = wanted.length ? (await builds.GetModpacksBySlugs({ slugs: wanted })).modpacks : [];
        if (refs.length < wanted.length) {
          ctx.addIssue({ code: 'custom', message: SELECTED_INVALID });
          return z.NEVER;
        }
        return new Map(refs.map((ref) => [ref.id, ref.slug]));
      })
      .meta({ description: 'Slugs of the modpacks the user may manage.' }),
  );
  const createUserBody = z.object({
    username: rules.string({ pattern: USERNAME_PATTERN }),
    permissions: list(listOf(z.enum(PERMISSIONS, { error: SELECTED_INVALID }))),
    modpacks,
    // Write-only: the answers stay as they are (GET /api/user?include=email lists addresses).
    email: rules.nullable(rules.email()),
    password: rules.nullable(rules.password()),
  });
  const updateUserBody = createUserBody.partial();

  /** Modpack ids → slugs for a whole list of users, in one call (`known`: those the request resolved already). */
  async function modpackSlugs(users: User[], known: ReadonlyMap<number, string> = new Map()) {
    const slugs = new Map(known);
    const missing = [...new Set(users.flatMap((u) => u.modpack_ids))].filter((id) => !slugs.has(id));
    if (missing.length) {
      for (const ref of (await builds.GetModpacksByIds({ ids: missing })).modpacks) slugs.set(ref.id, ref.slug);
    }
    return slugs;
  }

  async function userViews(users: User[], known?: ReadonlyMap<number, string>) {
    const slugs = await modpackSlugs(users, known);
    return users.map((u) => userView(u, slugs));
  }

  /** Fields of an update to send: a password sent as null or "" changes nothing. */
  const updateMask = (body: z.output<typeof updateUserBody>) =>
    presentFields(body).filter((field) => field !== 'password' || body.password !== null);

  return [
    route({
      method: 'GET',
      url: '/api/user',
      tag: 'Users',
      summary: 'List users',
      description:
        'The users whose rights the caller covers (all of them for `solder_full`; docs/api.md#acting-on-users). ' +
        'With `?include=email`, each user also has its `email` (null when it has none); with `?include=two_factor`, ' +
        'whether signing in asks for a second factor (`two_factor`). Both: `?include=email,two_factor`.',
      access: 'solder_users',
      query: z.object({
        include: z
          .string()
          .optional()
          .meta({
            description:
              "`email` adds each user's e-mail address, `two_factor` whether it has two-factor sign-in " +
              '(comma-separated for both).',
          }),
      }),
      response: z.union([
        res.userList,
        res.userListWithEmails,
        res.userListWithTwoFactor,
        res.userListWithEmailsAndTwoFactor,
      ]),
      returns: 'The users.',
      handler: async ({ req, principal }) => {
        const users = (await auth.ListUsers({})).users.filter((user) => mayActOn(principal, user));
        const details = { email: includes(req.query, 'email'), twoFactor: includes(req.query, 'two_factor') };
        if (!details.email && !details.twoFactor) return { users: await userViews(users) };
        const slugs = await modpackSlugs(users);
        return { users: users.map((u) => userWithDetailsView(u, slugs, details)) };
      },
    }),
    route({
      method: 'POST',
      url: '/api/user',
      tag: 'Users',
      summary: 'Create a user',
      description:
        'Only rights the caller holds may be given: permissions and modpacks (403 otherwise, before the ' +
        "body's other errors). `email` and `password` (to sign in to the console) are optional and never shown back.",
      access: 'solder_users',
      actsOnUser: { grants: true },
      body: createUserBody,
      status: 201,
      response: res.user,
      returns: 'The new user.',
      answers: { 422: invalid() },
      handler: async ({ body, principal }) => {
        const user = await auth.CreateUser({
          actor: principal,
          username: body.username,
          permissions: body.permissions ?? [],
          modpack_ids: [...(body.modpacks?.keys() ?? [])],
          email: body.email ?? undefined,
          password: body.password ?? undefined,
        });
        return (await userViews([user], body.modpacks))[0];
      },
    }),
    route({
      method: 'PUT',
      url: '/api/user/:username',
      tag: 'Users',
      summary: 'Update a user (fields sent replace the old values)',
      description:
        'A new `password` ends the user\'s sessions (bearer tokens keep working); `email` null or "" removes ' +
        "the address. The caller must cover the user's rights and those it gives (403 otherwise, before the " +
        "body's errors). A change that changes nothing writes nothing. The last `solder_full` user keeps it (409).",
      access: 'solder_users',
      params: userParams,
      actsOnUser: { named: true, grants: true },
      body: updateUserBody,
      response: res.user,
      returns: 'The updated user.',
      answers: {
        409: '"Cannot take solder_full from the only remaining super user."',
        422: invalid(),
      },
      handler: async ({ req, params, body, principal }) => {
        const user = await auth.UpdateUser({
          actor: principal,
          username: params.username,
          new_username: body.username,
          permissions: body.permissions ?? [],
          modpack_ids: [...(body.modpacks?.keys() ?? [])],
          email: body.email ?? undefined,
          password: body.password ?? undefined,
          // A new password ends the user's sessions, but the one making the change if it is theirs.
          keep_session: req.session,
          update_mask: updateMask(body),
        });
        return (await userViews([user], body.modpacks))[0];
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/user/:username',
      tag: 'Users',
      summary: 'Delete a user',
      description:
        "Its tokens go with it. The caller must cover the user's rights (403 otherwise); the last `solder_full` " +
        'user stays (409).',
      access: 'solder_users',
      params: userParams,
      actsOnUser: { named: true },
      response: schemas.success('User deleted.'),
      returns: 'Deleted.',
      answers: { 409: '"Cannot delete the only remaining super user."' },
      handler: async ({ params, principal }) => {
        await auth.DeleteUser({ username: params.username, actor: principal });
        return { success: 'User deleted.' as const };
      },
    }),
  ];
}
