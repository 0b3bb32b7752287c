// Bearer tokens (docs/api.md#tokens): any user manages their own; `solder_users` issues them for
// others. The plaintext is shown once, at creation.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FULL, holds } from '@depot/common';
import * as res from '../response-schemas';
import { idSegment, invalid, notFound, route } from '../route';
import { rules } from '../validation';
import { tokenIssued, tokenList } from '../views';
import { guardedUser, userParams } from './users';

const tokenBody = z.object({ name: rules.string() });

export function tokensRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { auth } = clients;

  return [
    route({
      method: 'GET',
      url: '/api/token',
      tag: 'Tokens',
      summary: 'List your tokens',
      access: 'user',
      response: res.tokenList,
      returns: 'Your tokens.',
      handler: async ({ principal }) => tokenList((await auth.ListTokens({ user_id: principal.user_id })).tokens),
    }),
    route({
      method: 'POST',
      url: '/api/token',
      tag: 'Tokens',
      summary: 'Issue yourself a token',
      access: 'user',
      body: tokenBody,
      status: 201,
      response: res.tokenIssued,
      returns: 'The new token, with its value.',
      answers: { 422: invalid() },
      handler: async ({ principal, body }) =>
        tokenIssued(await auth.CreateToken({ user_id: principal.user_id, name: body.name })),
    }),
    route({
      method: 'POST',
      url: '/api/user/:username/token',
      tag: 'Tokens',
      summary: 'Issue a token for another user',
      description: "A token carries all of its user's rights: one for a `solder_full` user needs `solder_full`.",
      access: 'solder_users',
      params: userParams,
      target: ({ params, principal }) => guardedUser(clients, principal, params.username!),
      body: tokenBody,
      status: 201,
      response: res.tokenIssued,
      returns: 'The new token, with its value.',
      answers: { 404: notFound('User not found.'), 422: invalid() },
      handler: async ({ params, body, principal }) => {
        if (!holds(principal, FULL)) await guardedUser(clients, principal, params.username);
        return tokenIssued(await auth.CreateToken({ username: params.username, name: body.name }));
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/token/:id',
      tag: 'Tokens',
      summary: 'Revoke one of your tokens',
      description: "Another user's token answers 404, so token ids do not leak.",
      access: 'user',
      params: z.object({ id: idSegment('TOKEN_NOT_FOUND', 'Numeric id of the token.') }),
      response: res.success('Token revoked.'),
      returns: 'Revoked.',
      answers: { 404: notFound('Token not found.') },
      handler: async ({ params, principal }) => {
        await auth.RevokeToken({ user_id: principal.user_id, token_id: params.id });
        return { success: 'Token revoked.' as const };
      },
    }),
  ];
}
