// Bearer tokens (compat.md §4 tokens): any user manages their own; `solder_users` issues them for
// others. The plaintext is shown once, at creation.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError } from '@depot/common';
import type { authV1 } from '@depot/proto';
import { can, requirePermission } from '../auth';
import { named, rules, validBody } from '../validation';
import { guardedUser } from './users';

export const tokenBody = z.object({ name: rules.string() });

/** A positive int32 from a path segment, else null (such an id names nothing). */
export function pathId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2147483647 ? id : null;
}

const issued = (t: authV1.IssuedToken__Output) => ({
  token: { id: t.id, name: t.name, plaintext: t.plaintext, created_at: t.created_at },
});

export async function tokensRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { auth } = clients;

  app.get('/api/token', async (req) => {
    const principal = await requirePermission(req, clients);
    const { tokens } = await auth.ListTokens({ user_id: principal.user_id });
    return {
      tokens: tokens.map((t) => ({
        id: t.id,
        name: t.name,
        last_used_at: t.last_used_at ?? null,
        created_at: t.created_at,
      })),
    };
  });

  app.post('/api/token', async (req, reply) => {
    const principal = await requirePermission(req, clients);
    const body = await validBody(tokenBody, req.body);
    return reply.status(201).send(issued(await auth.CreateToken({ user_id: principal.user_id, name: body.name })));
  });

  app.post<{ Params: { username: string } }>('/api/user/:username/token', async (req, reply) => {
    const actor = await requirePermission(req, clients, 'solder_users');
    const username = named(req.params.username, 'USER_NOT_FOUND');
    const target = () => guardedUser(clients, actor, username);
    const body = await validBody(tokenBody, req.body, target);
    // A token carries all of its user's rights: minting one for a solder_full user needs solder_full.
    if (!can(actor, 'solder_full')) await target();
    return reply.status(201).send(issued(await auth.CreateToken({ username, name: body.name })));
  });

  app.delete<{ Params: { id: string } }>('/api/token/:id', async (req) => {
    const principal = await requirePermission(req, clients);
    const id = pathId(req.params.id);
    if (id === null) throw new DepotError('TOKEN_NOT_FOUND');
    await auth.RevokeToken({ user_id: principal.user_id, token_id: id });
    return { success: 'Token revoked.' };
  });
}
