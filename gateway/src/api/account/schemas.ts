// What the signed-in user's routes answer: the account, the session, two-factor sign-in.
import { z } from 'zod';
import { timestamp } from '../schemas';
import { email, modpackSlugs, permissions, username } from '../users/schemas';

/** The signed-in user's own account. */
export const account = z
  .strictObject({
    username,
    email,
    permissions,
    modpacks: modpackSlugs,
    has_password: z.boolean().meta({ description: 'Whether the user can sign in with a password.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Account' });

export const session = z
  .strictObject({
    user: account,
    csrf_token: z
      .string()
      .nullable()
      .meta({
        description:
          'Send it as `X-CSRF-Token` with every write made with the session cookie. Null when the request was ' +
          'authenticated by a bearer token (no session).',
      }),
  })
  .meta({ id: 'Session' });

// ---- two-factor sign-in ----

export const twoFactorRequired = z
  .strictObject({
    two_factor: z.literal(true),
    expires_at: timestamp.meta({ description: 'Until when the code may follow (5 minutes).' }),
  })
  .meta({ id: 'TwoFactorRequired' });

export const twoFactorStatus = z
  .strictObject({
    available: z
      .boolean()
      .meta({ description: 'False when the server cannot store secrets (no TOTP_ENCRYPTION_KEY).' }),
    enabled: z.boolean().meta({ description: 'Signing in asks for a code.' }),
    pending: z.boolean().meta({ description: 'Set up, waiting for a first code to confirm it.' }),
    confirmed_at: timestamp.nullable(),
    recovery_codes_left: z.number().int().meta({ description: 'Recovery codes not used yet.' }),
  })
  .meta({ id: 'TwoFactorStatus' });

export const twoFactorEnrolment = z
  .strictObject({
    secret: z.string().meta({ description: 'The TOTP secret (base32), shown this once, to type into an app.' }),
    otpauth_url: z.string().meta({ description: 'The `otpauth://totp/...` URI to show as a QR code.' }),
  })
  .meta({ id: 'TwoFactorEnrolment' });

export const recoveryCodes = z
  .strictObject({
    recovery_codes: z
      .array(z.string())
      .meta({ description: 'Shown this once: each signs in once instead of a code. Earlier ones stop working.' }),
  })
  .meta({ id: 'RecoveryCodes' });

export type Account = z.infer<typeof account>;
