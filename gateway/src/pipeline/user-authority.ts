// Acting on another user (docs/api.md#acting-on-users): the caller must cover the user's rights,
// and the rights a body gives (@depot/common `covers`). Routes declare `actsOnUser`; checks.ts
// calls `judgeUserAuthority` for them after the path's 404s and before the body is judged, so a
// refusal (403) tells nothing about the body. The auth service applies the same rule again in the
// transaction that writes, so that a change of rights made meanwhile cannot slip between.
import type { FastifyRequest } from 'fastify';
import { covers, FULL, holds } from '@depot/common';
import type { authV1 } from '@depot/proto';
import type { Principal } from './auth';
import type { ServiceClients } from '../clients';
import { forbidden } from '../errors';
import type { AnyRoute } from './route';
import { rawField } from './validation';

/** Whether the caller may read or change anything of `user`. */
export function mayActOn(principal: Principal, user: authV1.User__Output): boolean {
  return covers(principal, { permissions: user.permissions, modpack_ids: user.modpack_ids });
}

export async function judgeUserAuthority(
  declaration: AnyRoute,
  req: FastifyRequest,
  clients: ServiceClients,
): Promise<void> {
  const acts = declaration.actsOnUser!;
  const principal = req.principal!;
  if (acts.named) {
    const { username } = req.params as { username: string };
    if (!mayActOn(principal, await clients.auth.GetUser({ username }))) throw forbidden();
  }
  if (acts.grants && !holds(principal, FULL) && !(await mayGrant(principal, req.body, clients))) throw forbidden();
}

/** Whether the caller holds every right the raw body gives (values that name none are the body's 422). */
async function mayGrant(principal: Principal, body: unknown, clients: ServiceClients): Promise<boolean> {
  const permissions = rawField(body, 'permissions');
  if (Array.isArray(permissions) && !covers(principal, { permissions })) return false;
  const slugs = rawField(body, 'modpacks');
  const named = Array.isArray(slugs) ? [...new Set(slugs.filter((s) => typeof s === 'string'))] : [];
  if (!named.length) return true;
  const { modpacks } = await clients.builds.GetModpacksBySlugs({ slugs: named });
  return covers(principal, { modpack_ids: modpacks.map((m) => m.id) });
}
