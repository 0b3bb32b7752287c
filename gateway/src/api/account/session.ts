// Signing in to the console (docs/api.md#sessions): a username or e-mail address and a password
// open a session, carried by an httpOnly, SameSite=Strict cookie; every write made with it
// carries the CSRF token these routes answer (pipeline/checks.ts checks it). Sign-ins are counted per
// client address and per account before the password is judged (plugins/sign-in-limits.ts). Bearer
// tokens keep working for scripts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REASONS, type Reason } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import type { authV1 } from '@depot/proto';
import type { ServiceClients } from '../../clients';
import { HttpError } from '../../errors';
import { ANSWERS, fieldError } from '../../messages';
import * as schemas from '../schemas';
import * as res from './schemas';
import { answerWith } from '../../pipeline/answers';
import { route } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { accountOfLogin } from '../../plugins/sign-in-limits';
import {
  clearSessionCookie,
  csrfMismatch,
  csrfToken,
  fromAnotherSite,
  sessionCookie,
  setSessionCookie,
  setTwoFactorCookie,
} from '../../pipeline/session';
import { rules } from '../../pipeline/validation';
import { accountView } from './views';

/** One answer for an unknown login, a wrong password and an account without one (Laravel's words). */
const CREDENTIALS_REFUSED = REASONS.INVALID_CREDENTIALS.message;

const signInBody = z.object({
  login: rules.string().meta({ description: 'A username or an e-mail address (any case).' }),
  // Not held to the rules of new passwords: an imported Solder user signs in with the one they have.
  password: rules.string({ max: 1024 }).meta({ writeOnly: true }),
});

/** Whether a failed call says "not these credentials" (counted as a failed sign-in). */
export const isReason = (reason: Reason) => (err: unknown) => fromServiceError(err)?.reason === reason;

/**
 * A sign-in's last step: the session cookie set (the session this browser had before ends: a new
 * session never continues an old one, no fixation) and the answer with the user and a CSRF token.
 */
export async function signedIn(
  clients: ServiceClients,
  req: FastifyRequest,
  reply: FastifyReply,
  session: authV1.Session__Output,
  secure: boolean,
) {
  const previous = sessionCookie(req);
  if (previous && previous !== session.token) await clients.auth.EndSession({ token: previous });
  setSessionCookie(req, reply, { token: session.token, expiresAt: new Date(session.expires_at) }, secure);
  return { user: await accountOf(clients, session.user!), csrf_token: csrfToken(session.token) };
}

/** A user as the signed-in user sees themselves: modpack slugs from builds, one call. */
export async function accountOf(clients: ServiceClients, user: authV1.User__Output) {
  const ids = user.modpack_ids;
  const refs = ids.length ? (await clients.builds.GetModpacksByIds({ ids })).modpacks : [];
  return accountView(user, new Map(refs.map((r) => [r.id, r.slug])));
}

export function sessionRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { auth } = clients;
  const secure = config.SESSION_COOKIE_SECURE;
  const limits = app.signInLimits;

  return [
    route({
      method: 'POST',
      url: '/api/session',
      tag: 'Session',
      summary: 'Sign in',
      description:
        'Opens a session: sets the `depot_session` cookie (httpOnly, SameSite=Strict, Secure over HTTPS) and ' +
        'answers the user and the CSRF token to send as `X-CSRF-Token` with every write made with the cookie. ' +
        'A session this browser had before ends. Failed sign-ins are limited per client address and per account (429). ' +
        'For a user with two-factor sign-in the password opens no session: 202, and the `depot_two_factor` cookie ' +
        'for `POST /api/session/two-factor`, which takes the code.',
      access: 'public',
      body: signInBody,
      status: 201,
      response: res.session,
      returns: 'Signed in.',
      answers: {
        202: {
          description:
            'The password is right and the user has two-factor sign-in: send a code (or a recovery code) to ' +
            '`POST /api/session/two-factor` before `expires_at`. Sets the `depot_two_factor` cookie (httpOnly, ' +
            'SameSite=Strict, sent to that route only).',
          schema: res.twoFactorRequired,
        },
        403: `"${ANSWERS.csrfMismatch.message}": the request came from a page of another site (\`Sec-Fetch-Site\`, \`Origin\`).`,
        422: invalid(`\`{"error": {"login": ["${CREDENTIALS_REFUSED}"]}}\` for any credentials that do not sign in`),
      },
      handler: async ({ req, reply, body }) => {
        if (fromAnotherSite(req)) throw csrfMismatch();
        reply.header('cache-control', 'no-store');
        // The login's account: its username and e-mail address share one count.
        const account = async () =>
          accountOfLogin(body.login, (await auth.ResolveLogin({ login: body.login })).user_id);
        const session = await limits
          .attempt(
            req,
            account,
            () =>
              auth.CreateSession({
                login: body.login,
                password: body.password,
                user_agent: req.headers['user-agent'],
                address: req.ip,
              }),
            isReason('INVALID_CREDENTIALS'),
          )
          .catch((err: unknown) => {
            if (isReason('INVALID_CREDENTIALS')(err))
              throw new HttpError(422, fieldError('login', CREDENTIALS_REFUSED));
            throw err;
          });
        if (session.two_factor) {
          const { token, expires_at } = session.two_factor;
          setTwoFactorCookie(req, reply, { token, expiresAt: new Date(expires_at) }, secure);
          return answerWith(202, { two_factor: true, expires_at } satisfies z.input<typeof res.twoFactorRequired>);
        }
        return signedIn(clients, req, reply, session, secure);
      },
    }),
    route({
      method: 'GET',
      url: '/api/session',
      tag: 'Session',
      summary: 'The current session',
      description:
        'The signed-in user and a CSRF token for the session (a new one each time; all stay valid while the ' +
        'session lives). 401 without a session. With a bearer token: its user, and no CSRF token.',
      access: 'user',
      response: res.session,
      returns: 'Signed in.',
      handler: async ({ req, reply, principal }) => {
        reply.header('cache-control', 'no-store');
        const user = await auth.GetUser({ username: principal.username });
        return { user: await accountOf(clients, user), csrf_token: req.session ? csrfToken(req.session) : null };
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/session',
      tag: 'Session',
      summary: 'Sign out',
      description:
        'Ends the session on the server and clears the cookie (needs the CSRF token, as every write made with ' +
        'the cookie). With a bearer token there is no session to end: the token keeps working.',
      access: 'user',
      response: schemas.success('Signed out.'),
      returns: 'Signed out.',
      handler: async ({ req, reply }) => {
        if (req.session) {
          await auth.EndSession({ token: req.session });
          clearSessionCookie(req, reply, secure);
        }
        return { success: 'Signed out.' as const };
      },
    }),
  ];
}
