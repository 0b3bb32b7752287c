// Bearer tokens (docs/api.md#tokens): any user manages their own; `solder_users` issues them for
// others. The plaintext is shown once, at creation. A token outlives every session, so a session
// mints one only with the password or a two-factor code (a borrowed browser cannot keep access).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TWO_FACTOR_MESSAGES } from '@depot/common';
import * as schemas from '../schemas';
import * as res from './schemas';
import { idSegment, route } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { rules } from '../../pipeline/validation';
import { tokenIssued, tokenList } from './views';
import { accountOfUser } from '../../plugins/sign-in-limits';
import { proofFields, wrongProof } from '../account/two-factor';
import { userParams } from '../users/users';

const tokenBody = z.object({ name: rules.string() });
const ownTokenBody = tokenBody.extend(proofFields);

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
      description:
        'With the session cookie (the console), `password` (or, with two-factor sign-in, a current `code`) is ' +
        'needed too: a wrong one counts towards the limits of failed sign-ins (429). With a bearer token, `name` alone.',
      access: 'user',
      body: ownTokenBody,
      status: 201,
      response: res.tokenIssued,
      returns: 'The new token, with its value.',
      answers: {
        422: invalid(
          `\`{"error": {"password": ["The password is incorrect."]}}\`, \`{"error": {"code": ["${TWO_FACTOR_MESSAGES.codeInvalid}"]}}\``,
        ),
      },
      handler: async ({ req, principal, body }) => {
        if (req.session) {
          const prove = () =>
            auth.ProveIdentity({
              user_id: principal.user_id,
              password: body.password ?? undefined,
              code: body.code ?? undefined,
            });
          await app.signInLimits.attempt(req, () => accountOfUser(principal.user_id), prove, wrongProof);
        }
        return tokenIssued(await auth.CreateToken({ user_id: principal.user_id, name: body.name }));
      },
    }),
    route({
      method: 'POST',
      url: '/api/user/:username/token',
      tag: 'Tokens',
      summary: 'Issue a token for another user',
      description:
        "A token carries all of its user's rights: the caller must cover them (403 otherwise; docs/api.md#acting-on-users).",
      access: 'solder_users',
      params: userParams,
      actsOnUser: { named: true },
      body: tokenBody,
      status: 201,
      response: res.tokenIssued,
      returns: 'The new token, with its value.',
      answers: { 422: invalid() },
      handler: async ({ params, body, principal }) =>
        tokenIssued(await auth.CreateToken({ username: params.username, name: body.name, actor: principal })),
    }),
    route({
      method: 'DELETE',
      url: '/api/token/:id',
      tag: 'Tokens',
      summary: 'Revoke one of your tokens',
      description: "Another user's token answers 404, so token ids do not leak.",
      access: 'user',
      params: z.object({ id: idSegment('TOKEN_NOT_FOUND', 'Numeric id of the token.') }),
      response: schemas.success('Token revoked.'),
      returns: 'Revoked.',
      handler: async ({ params, principal }) => {
        await auth.RevokeToken({ user_id: principal.user_id, token_id: params.id });
        return { success: 'Token revoked.' as const };
      },
    }),
  ];
}
