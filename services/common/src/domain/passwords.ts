// Users' passwords and e-mail addresses (docs/api.md#passwords-and-e-mail), defined once: the
// gateway validates bodies with them, auth refuses what the REST API would, the admin CLI checks
// its input. Messages are Laravel's, with `:attribute` for the field's name.
import { isStorableText } from './names';

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads no further than 72 bytes: a longer password is refused, never silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const EMAIL_MAX_LENGTH = 255;

/**
 * An e-mail address as browsers check `<input type="email">` (the WHATWG definition): the
 * console's forms and the API accept the same addresses.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const CREDENTIAL_MESSAGES = {
  email: 'The :attribute field must be a valid email address.',
  emailTaken: 'The email has already been taken.',
  passwordMin: `The :attribute field must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordMaxBytes: `The :attribute field must not be greater than ${PASSWORD_MAX_BYTES} bytes.`,
  text: 'The :attribute field must not contain NUL characters or unpaired surrogates.',
  /** A wrong `current_password` (Laravel's `current_password` rule). */
  currentPassword: 'The password is incorrect.',
} as const;

const utf8 = new TextEncoder();

/** Why a new password is refused (a message template), or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (!isStorableText(password)) return CREDENTIAL_MESSAGES.text;
  if (password.length < PASSWORD_MIN_LENGTH) return CREDENTIAL_MESSAGES.passwordMin;
  if (utf8.encode(password).length > PASSWORD_MAX_BYTES) return CREDENTIAL_MESSAGES.passwordMaxBytes;
  return null;
}

/** Whether an e-mail address is acceptable (the pattern and the length). */
export function isEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
