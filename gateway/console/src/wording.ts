// The API's messages in the console's words, in this one place. The API's wording is frozen
// (Solder's clients match on it, docs/api.md#error-messages): it names fields as sent
// ("The pretty_name field is required."), and some messages speak to programs ("Use PUT to update
// it."). A person reads the form's labels and what to do in the console instead, so every message
// of the API is shown through `fieldMessage` (a field's error, with the label of that field) or
// `personMessage` (any other).

/** Refusals the console words by their status, whatever the API's text. */
export const STATUS_TEXT: Record<number, string> = {
  401: 'You are not signed in, or your session has ended. Sign in again.',
  403: 'You do not have permission to do this.',
  429: 'Too many requests: wait a minute and try again.',
  503: 'A Depot service is not answering right now. Try again in a moment.',
};

/** A version that has an archive already, other than the file uploaded: the row offers to replace it. */
export const ARCHIVE_EXISTS_TEXT =
  'This version already has another archive: tick “Replace its archive” to replace it, or give the file another version.';

const ARCHIVE_TOO_LARGE_TEXT = 'This file is larger than this Depot accepts: its operator sets the limit.';

/** Messages that are not about one field, as the API words them (docs/api.md) → as a person reads them. */
const MESSAGES: Record<string, string> = {
  'This action is unauthorized.': STATUS_TEXT[403],
  'Unauthenticated.': STATUS_TEXT[401],
  'Too many requests.': STATUS_TEXT[429],
  'Service unavailable.': STATUS_TEXT[503],
  'Internal error.': 'Depot failed to do this (an error of its own, logged for its operator). Try again later.',
  'CSRF token mismatch.': 'This page is out of date with your session: reload it and try again.',
  'Another version of this mod is already in the build. Use PUT to update it.':
    'Another version of this mod is already in the build: pick the version you want in its row of the table.',
  'Two-factor sign-in is not available on this server (TOTP_ENCRYPTION_KEY is not set).':
    'Two-factor sign-in is not available on this server: its operator has not set it up.',
  'Payload too large.': 'That is too much to send at once.',
  // Uploads of archives (files/upload.ts).
  'The version already has a different archive: ask to replace it.': ARCHIVE_EXISTS_TEXT,
  'Another upload to this version finished first.':
    'Another upload to this version finished first: reload the page to see which archive it has now.',
  'The upload was cut short.': 'The upload was cut short: try again.',
  'The file is not a zip or jar archive.': 'This file is not a .zip or .jar archive, or it is damaged.',
  'The archive is larger than the server accepts.': ARCHIVE_TOO_LARGE_TEXT,
  'The archive is larger than the server accepts (ARCHIVE_MAX_BYTES).': ARCHIVE_TOO_LARGE_TEXT,
  'The upload was cut short: the body ended before all of it arrived.': 'The upload was cut short: try again.',
  'Cannot take solder_full from the only remaining super user.':
    'Depot keeps one user who may do everything: give “Everything, every modpack” to another user before taking it from this one.',
};

/** Field messages whose words do not follow a template below, by their exact text. */
const FIELD_MESSAGES: Record<string, string> = {
  // The API answers a wrong code, a code used already and a sign-in that expired alike
  // (docs/api.md#two-factor-sign-in): the console cannot tell them apart, so it says both.
  'The provided two-factor code was invalid.': 'That code is wrong or was used already: wait for the next one.',
  'The provided recovery code was invalid.': 'That recovery code is wrong or was used already.',
  'The password field is required when code is not present.':
    'Give your password, or a code from your authenticator app.',
  'The code field is required when recovery code is not present.': 'Give the code from your authenticator app.',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The API's field templates (docs/api.md#validation-messages, #error-messages), with `<field>` the
 * field's key as sent, and how a person reads each, given the field's label.
 */
const TEMPLATES: [(field: string) => RegExp, (label: string, m: RegExpExecArray) => string][] = [
  [(f) => new RegExp(`^The ${f} field is required\\.$`), (l) => `${l} is required.`],
  [(f) => new RegExp(`^The ${f} field must be a string\\.$`), (l) => `${l} must be text.`],
  [(f) => new RegExp(`^The ${f} field must be an integer\\.$`), (l) => `${l} must be a whole number.`],
  [(f) => new RegExp(`^The ${f} field must be true or false\\.$`), (l) => `${l} must be ticked or not.`],
  [(f) => new RegExp(`^The ${f} field must be an array\\.$`), (l) => `${l} must be a list.`],
  [
    (f) => new RegExp(`^The ${f} field must be a valid URL\\.$`),
    (l) => `${l} must be a web address starting with http:// or https://.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must be a valid UUID\\.$`),
    (l) => `${l} must be a client id such as 123e4567-e89b-12d3-a456-426614174000.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must be a valid email address\\.$`),
    (l) => `${l} must be an e-mail address, such as ann@example.com.`,
  ],
  [(f) => new RegExp(`^The ${f} field format is invalid\\.$`), (l) => `${l} is not in the form it must have.`],
  [
    (f) => new RegExp(`^The ${f} field must not contain NUL characters or unpaired surrogates\\.$`),
    (l) => `${l} holds characters that cannot be stored.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must not be greater than (\\d+) characters\\.$`),
    (l, m) => `${l} may be at most ${Number(m[1]).toLocaleString('en')} characters long.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must not be greater than (\\d+) bytes\\.$`),
    (l, m) => `${l} may be at most ${m[1]} bytes long (accented letters and symbols take more than one).`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must be at least (\\d+) characters\\.$`),
    (l, m) => `${l} must be at least ${m[1]} characters long.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must be at least (-?\\d+)\\.$`),
    (l, m) => `${l} must be at least ${Number(m[1]).toLocaleString('en')}.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must not be greater than (-?\\d+)\\.$`),
    (l, m) => `${l} must be at most ${Number(m[1]).toLocaleString('en')}.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must not have more than (\\d+) items\\.$`),
    (l, m) => `${l}: at most ${Number(m[1]).toLocaleString('en')} at once.`,
  ],
  [
    (f) => new RegExp(`^The ${f} field must have at least (\\d+) items\\.$`),
    (l, m) => `${l}: at least ${Number(m[1]).toLocaleString('en')}.`,
  ],
  [(f) => new RegExp(`^The ${f} field must have a value\\.$`), (l) => `${l} must not be blank.`],
  [(f) => new RegExp(`^The selected ${f} is invalid\\.$`), (l) => `${l}: what you chose does not exist (any more).`],
  [(f) => new RegExp(`^The ${f} has already been taken\\.$`), (l) => `${l} is already taken: choose another.`],
  // A version added with its md5 left blank whose archive Depot could not fetch
  // (gateway/src/api/manage/versions.ts): why, without the settings' names, and what to do here.
  [
    () =>
      /^(.*?)\.? Depot computes the md5 from the archive when it is left blank: upload the file instead, or give its md5\.$/s,
    (l, m) =>
      `${l}: Depot could not fetch the archive to compute it (${lowerFirst(m[1].replace(/ \([A-Z_]+\)/g, ''))}). ` +
      'Upload the file instead (drop it on this page), or give its MD5.',
  ],
];

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * A message the API gave for the field `field` (its key as sent), worded for the person who
 * filled in the field labelled `label`; without a label (no such field on screen), without naming it.
 */
export function fieldMessage(message: string, field: string, label?: string): string {
  const exact = FIELD_MESSAGES[message];
  if (exact) return exact;
  const f = escape(field);
  for (const [pattern, words] of TEMPLATES) {
    const m = pattern(f).exec(message);
    if (m) return words(label ?? 'A value you gave', m);
  }
  // Words of the API this table does not know yet: at least the label instead of the key.
  return message.replace(new RegExp(`\\bthe ${f} field\\b`, 'gi'), label ? `“${label}”` : 'a value you gave');
}

/** A message the API gave about the request as a whole, worded for a person. */
export function personMessage(message: string): string {
  const exact = MESSAGES[message];
  if (exact) return exact;
  // "<a message of the table without its period>: <detail>." (the API says more about a refusal):
  // the console's words, with the detail after them.
  const colon = message.indexOf(': ');
  const known = colon > 0 ? MESSAGES[`${message.slice(0, colon)}.`] : undefined;
  if (known) return `${known.replace(/[.:]$/, '')} (${message.slice(colon + 2).replace(/\.$/, '')}).`;
  return message;
}
