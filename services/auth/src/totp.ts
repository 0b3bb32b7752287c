// TOTP codes (RFC 6238) with otplib: HMAC-SHA-1, 6 digits, 30-second steps, a code of the step
// before or after the current one accepted (clocks drift), and never a code of a step at or before
// the last one accepted (each code signs in once). The clock is injected so tests can move it.
import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@depot/common';

/** Milliseconds since the epoch (Date.now, or a test's clock). */
export type Clock = () => number;

const OPTIONS = { algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;
// Laravel Fortify's secrets are 16 base32 characters (80 bits): imported ones must keep working.
// Depot's own are 160 bits, as RFC 4226 recommends.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
const CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** A new secret: 20 random bytes, base32 (32 characters), as authenticator apps take it. */
export function newSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI a QR code carries: `<issuer>:<account>` is what the app shows. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret, ...OPTIONS });
}

/** A code as typed: spaces (apps show "123 456") are dropped. */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '');

/**
 * The time step `code` belongs to, when it is the code of the current step, the one before or the
 * one after, and that step is later than `afterStep`; else null.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  now: number,
  afterStep: number | null,
): Promise<number | null> {
  const token = normalizeCode(code);
  if (!CODE.test(token)) return null;
  const result = await verify({
    secret,
    token,
    ...OPTIONS,
    guardrails,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
