// Two-factor sign-in (docs/api.md#two-factor-sign-in), the facts every part shares: the auth
// service checks codes with them, the gateway words and counts refusals with them.

/** RFC 6238 as authenticator apps expect it: HMAC-SHA-1, 6 digits, 30-second steps, ±1 step. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** Recovery codes issued at confirmation (and when regenerated), each usable once. */
export const RECOVERY_CODE_COUNT = 8;
/** How long the code may follow the password at sign-in. */
export const SIGN_IN_CHALLENGE_SECONDS = 300;

export const TWO_FACTOR_MESSAGES = {
  /** Any code that does not sign in or prove the user (wrong, used, expired sign-in): one answer. */
  codeInvalid: 'The provided two-factor code was invalid.',
  recoveryCodeInvalid: 'The provided recovery code was invalid.',
  codeRequired: 'The code field is required.',
  /** Turning it off or new recovery codes: the password, or a code. */
  proofRequired: 'The password field is required when code is not present.',
  passwordRequired: 'The password field is required.',
} as const;
