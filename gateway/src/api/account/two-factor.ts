// Two-factor sign-in (docs/api.md#two-factor-sign-in): the second step of a sign-in, the signed-in
// user's own setup (a TOTP secret shown once as an otpauth:// URI for a QR code, confirmed with a
// first code, recovery codes shown once), and an administrator's reset. The auth service keeps
// the secrets and checks the codes; here, the cookie of the second step, and the counting of
// codes and passwords as sign-in attempts before they are judged (plugins/sign-in-limits.ts), so that
// neither the sign-in nor a borrowed session can be used to guess them.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CREDENTIAL_MESSAGES, TWO_FACTOR_MESSAGES } from '@depot/common';
import { fromServiceError } from '@depot/common/grpc';
import { HttpError } from '../../errors';
import { ANSWERS, FIELD_MESSAGES, fieldError } from '../../messages';
import * as schemas from '../schemas';
import * as res from './schemas';
import { route } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { clearTwoFactorCookie, csrfMismatch, fromAnotherSite, twoFactorCookie } from '../../pipeline/session';
import { accountOfUser } from '../../plugins/sign-in-limits';
import { rules } from '../../pipeline/validation';
import { isReason, signedIn } from './session';
import { userParams } from '../users/users';

/** A code as typed (6 digits, spaces allowed) or a recovery code: a short string. */
const code = () => rules.nullable(rules.string({ max: 64 }));
const password = () => rules.nullable(rules.string({ max: 1024 })).meta({ writeOnly: true });

const secondStepBody = z
  .object({
    code: code().meta({ description: 'The 6-digit code of the authenticator app.' }),
    recovery_code: code().meta({ description: 'A recovery code, instead of `code`: each works once.' }),
  })
  .superRefine((body, ctx) => {
    if (!body.code && !body.recovery_code) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: FIELD_MESSAGES.requiredWithout('recovery code'),
      });
    }
  });

/**
 * Proof that the caller is the user: the password, or else a current two-factor code (to turn it
 * off, to get new recovery codes, or for a session to mint a bearer token).
 */
export const proofFields = {
  password: password().meta({
    description: 'Your password (required when the account has one, unless `code` is sent).',
  }),
  code: code().meta({ description: 'A current code of your authenticator app, instead of the password.' }),
};
const proofBody = z.object(proofFields);

/** A wrong password or code (auth's field errors): counted like a failed sign-in. */
export function wrongProof(err: unknown): boolean {
  const fields = fromServiceError(err)?.details.fields;
  return (
    fields?.password?.[0] === CREDENTIAL_MESSAGES.currentPassword ||
    fields?.code?.[0] === TWO_FACTOR_MESSAGES.codeInvalid
  );
}

export function twoFactorRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;
  const { auth } = clients;
  const secure = config.SESSION_COOKIE_SECURE;
  const limits = app.signInLimits;

  return [
    route({
      method: 'POST',
      url: '/api/session/two-factor',
      tag: 'Session',
      summary: 'Sign in: the second step',
      description:
        'After `POST /api/session` answered 202: a code of the authenticator app (`code`) or a recovery code ' +
        '(`recovery_code`) opens the session, as a sign-in does (201, the `depot_session` cookie). The ' +
        '`depot_two_factor` cookie carries the pending sign-in, for 5 minutes and one session. A wrong or used ' +
        'code, and a sign-in that expired, get the same answer; wrong codes count as failed sign-ins (429).',
      access: 'public',
      body: secondStepBody,
      status: 201,
      response: res.session,
      returns: 'Signed in.',
      answers: {
        403: `"${ANSWERS.csrfMismatch.message}": the request came from a page of another site (\`Sec-Fetch-Site\`, \`Origin\`).`,
        422: invalid(
          `\`{"error": {"code": ["${TWO_FACTOR_MESSAGES.codeInvalid}"]}}\` (\`recovery_code\`: ` +
            `"${TWO_FACTOR_MESSAGES.recoveryCodeInvalid}") for anything that does not sign in`,
        ),
      },
      handler: async ({ req, reply, body }) => {
        if (fromAnotherSite(req)) throw csrfMismatch();
        reply.header('cache-control', 'no-store');
        const refused = () =>
          body.code
            ? new HttpError(422, fieldError('code', TWO_FACTOR_MESSAGES.codeInvalid))
            : new HttpError(422, fieldError('recovery_code', TWO_FACTOR_MESSAGES.recoveryCodeInvalid));
        const invalidTwoFactor = isReason('INVALID_TWO_FACTOR');
        const challenge = twoFactorCookie(req);
        // Failed codes count against the account whose password was accepted.
        const pending = challenge
          ? await auth.GetSignInChallenge({ token: challenge }).catch((err: unknown) => {
              if (invalidTwoFactor(err)) return undefined;
              throw err;
            })
          : undefined;
        if (!pending) {
          if (challenge) clearTwoFactorCookie(req, reply, secure);
          throw refused();
        }
        const session = await limits
          .attempt(
            req,
            () => accountOfUser(pending.user_id),
            () =>
              auth.CompleteSignIn({
                challenge: challenge!,
                code: body.code ?? undefined,
                recovery_code: body.code ? undefined : (body.recovery_code ?? undefined),
                user_agent: req.headers['user-agent'],
                address: req.ip,
              }),
            invalidTwoFactor,
          )
          .catch((err: unknown) => {
            if (invalidTwoFactor(err)) throw refused();
            throw err;
          });
        clearTwoFactorCookie(req, reply, secure);
        return signedIn(clients, req, reply, session, secure);
      },
    }),
    route({
      method: 'GET',
      url: '/api/account/two-factor',
      tag: 'Account',
      summary: 'Your two-factor sign-in',
      access: 'user',
      response: res.twoFactorStatus,
      returns: 'Whether it is on.',
      handler: async ({ principal }) => {
        const s = await auth.GetTwoFactor({ user_id: principal.user_id });
        return { ...s, confirmed_at: s.confirmed_at ?? null };
      },
    }),
    route({
      method: 'POST',
      url: '/api/account/two-factor',
      tag: 'Account',
      summary: 'Set up two-factor sign-in',
      description:
        'A new TOTP secret, shown this once with its `otpauth://` URI (show it as a QR code). Nothing changes at ' +
        'sign-in until `POST /api/account/two-factor/confirm` proves a first code. Starting again replaces a ' +
        'secret not confirmed yet. Needs `password` when the account has one; wrong passwords count as failed ' +
        'sign-ins (429).',
      access: 'user',
      body: z.object({ password: password().meta({ description: 'Your password (when the account has one).' }) }),
      status: 201,
      response: res.twoFactorEnrolment,
      returns: 'The secret, this once.',
      answers: {
        409: '"Two-factor sign-in is already on." (turn it off first); "Two-factor sign-in is not available on this server (TOTP_ENCRYPTION_KEY is not set)."',
        422: invalid('`{"error": {"password": ["The password is incorrect."]}}`'),
      },
      handler: async ({ req, reply, body, principal }) => {
        reply.header('cache-control', 'no-store');
        const start = () => auth.StartTwoFactor({ user_id: principal.user_id, password: body.password ?? undefined });
        const { secret, otpauth_url } = await limits.attempt(
          req,
          () => accountOfUser(principal.user_id),
          start,
          wrongProof,
        );
        return { secret, otpauth_url };
      },
    }),
    route({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      tag: 'Account',
      summary: 'Turn on two-factor sign-in',
      description:
        'A code of the new secret turns it on: from now on signing in asks for a code. Answers 8 recovery codes, ' +
        'shown this once. Your other sessions end.',
      access: 'user',
      body: z.object({ code: rules.string({ max: 64 }).meta({ description: 'The 6-digit code the app shows.' }) }),
      response: res.recoveryCodes,
      returns: 'On; the recovery codes, this once.',
      answers: {
        409: '"Two-factor sign-in is not being set up: start again."; "Two-factor sign-in is already on."',
        422: invalid(`\`{"error": {"code": ["${TWO_FACTOR_MESSAGES.codeInvalid}"]}}\``),
      },
      handler: async ({ req, reply, body, principal }) => {
        reply.header('cache-control', 'no-store');
        const { codes } = await auth.ConfirmTwoFactor({
          user_id: principal.user_id,
          code: body.code,
          keep_session: req.session,
        });
        return { recovery_codes: codes };
      },
    }),
    route({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      tag: 'Account',
      summary: 'New recovery codes',
      description:
        '8 new recovery codes, shown this once; the earlier ones stop working. With `password` (when the account ' +
        'has one) or a current `code`; wrong ones count as failed sign-ins (429).',
      access: 'user',
      body: proofBody,
      response: res.recoveryCodes,
      returns: 'The recovery codes, this once.',
      answers: {
        409: '"Two-factor sign-in is off."',
        422: invalid(
          `\`{"error": {"password": ["The password is incorrect."]}}\`, \`{"error": {"code": ["${TWO_FACTOR_MESSAGES.codeInvalid}"]}}\``,
        ),
      },
      handler: async ({ req, reply, body, principal }) => {
        reply.header('cache-control', 'no-store');
        const regenerate = () =>
          auth.RegenerateRecoveryCodes({
            user_id: principal.user_id,
            password: body.password ?? undefined,
            code: body.code ?? undefined,
          });
        const { codes } = await limits.attempt(req, () => accountOfUser(principal.user_id), regenerate, wrongProof);
        return { recovery_codes: codes };
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/account/two-factor',
      tag: 'Account',
      summary: 'Turn off two-factor sign-in',
      description:
        'Signing in takes the password alone again; the recovery codes stop working (a setup not confirmed is ' +
        'dropped too). With `password` (when the account has one) or a current `code`; wrong ones count as ' +
        'failed sign-ins (429). Your other sessions end.',
      access: 'user',
      body: proofBody,
      response: schemas.success('Two-factor sign-in turned off.'),
      returns: 'Off.',
      answers: {
        409: '"Two-factor sign-in is off."',
        422: invalid(
          `\`{"error": {"password": ["The password is incorrect."]}}\`, \`{"error": {"code": ["${TWO_FACTOR_MESSAGES.codeInvalid}"]}}\``,
        ),
      },
      handler: async ({ req, body, principal }) => {
        const disable = () =>
          auth.DisableTwoFactor({
            user_id: principal.user_id,
            password: body.password ?? undefined,
            code: body.code ?? undefined,
            keep_session: req.session,
          });
        await limits.attempt(req, () => accountOfUser(principal.user_id), disable, wrongProof);
        return { success: 'Two-factor sign-in turned off.' as const };
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/user/:username/two-factor',
      tag: 'Users',
      summary: "Reset a user's two-factor sign-in",
      description:
        'For a user who lost their authenticator and recovery codes: they sign in with the password alone until ' +
        "they set it up again. Their sessions end. The caller must cover the user's rights (403 otherwise; " +
        'docs/api.md#acting-on-users). A user without two-factor sign-in: the same answer.',
      access: 'solder_users',
      params: userParams,
      actsOnUser: { named: true },
      response: schemas.success('Two-factor sign-in reset.'),
      returns: 'Reset.',
      handler: async ({ req, params, principal }) => {
        await auth.ResetTwoFactor({ username: params.username, actor: principal, keep_session: req.session });
        return { success: 'Two-factor sign-in reset.' as const };
      },
    }),
  ];
}
