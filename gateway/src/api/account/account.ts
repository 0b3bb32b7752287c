// The signed-in user's own account (docs/api.md#account): their e-mail address and password.
// Changing a password needs the current one; a wrong one counts as a failed sign-in (plugins/sign-in-limits.ts),
// so a borrowed session or token cannot be used to guess it. The user's other sessions end.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CREDENTIAL_MESSAGES } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import * as res from './schemas';
import { route } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { accountOfUser } from '../../plugins/sign-in-limits';
import { presentFields, rules } from '../../pipeline/validation';
import { accountOf } from './session';

const accountBody = z.object({
  email: rules.nullable(rules.email()),
  password: rules.nullable(rules.password()),
  current_password: rules
    .nullable(rules.string({ max: 1024 }))
    .meta({ description: 'Required to change a password the account has.', writeOnly: true }),
});

/** A wrong current password (auth's answer): counted like a failed sign-in. */
const wrongCurrentPassword = (err: unknown) =>
  fromServiceError(err)?.details.fields?.current_password?.[0] === CREDENTIAL_MESSAGES.currentPassword;

export function accountRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { auth } = clients;

  return [
    route({
      method: 'GET',
      url: '/api/account',
      tag: 'Account',
      summary: 'Your account',
      access: 'user',
      response: res.account,
      returns: 'Your account.',
      handler: async ({ principal }) => accountOf(clients, await auth.GetUser({ username: principal.username })),
    }),
    route({
      method: 'PUT',
      url: '/api/account',
      tag: 'Account',
      summary: 'Change your e-mail address or password',
      description:
        '`email` null or "" removes the address. A new `password` needs `current_password` when the account has ' +
        'one; it ends your other sessions (the one making the change stays) and leaves your bearer tokens alone. ' +
        'Wrong current passwords count towards the limits of failed sign-ins (429).',
      access: 'user',
      body: accountBody,
      response: res.account,
      returns: 'Your account.',
      answers: {
        422: invalid('`{"error": {"current_password": ["The password is incorrect."]}}`'),
      },
      handler: async ({ req, body, principal }) => {
        const password = body.password ?? undefined;
        const update = () =>
          auth.UpdateAccount({
            user_id: principal.user_id,
            update_mask: presentFields({ email: body.email, password }),
            email: body.email ?? undefined,
            password,
            current_password: body.current_password ?? undefined,
            keep_session: req.session,
          });
        // Whatever changes, a current password sent is judged (auth) and so counted here.
        const judged = password !== undefined || !!body.current_password;
        const user = judged
          ? await app.signInLimits.attempt(req, () => accountOfUser(principal.user_id), update, wrongCurrentPassword)
          : await update();
        return accountOf(clients, user);
      },
    }),
  ];
}
