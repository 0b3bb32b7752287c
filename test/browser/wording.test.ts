// No browser here: the console's words (gateway/console/src/wording.ts) checked against every
// message the API can give, read from where the API defines them, so that a message the console
// does not translate yet is found here rather than by a person reading "The pretty_name field is
// required." Each field message must come out naming the field by its label, never by its key;
// no message may name an HTTP method, an admin command or a key.
import { CREDENTIAL_MESSAGES, REASONS, SELECTED_INVALID, TWO_FACTOR_MESSAGES } from '@depot/common';
import { archiveFetchFailed, FIELD_MESSAGES as MESSAGES } from '../../gateway/src/messages';

// The console is an ES module package, which TypeScript lets these CommonJS tests import only by
// require (jest compiles it like any source).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { fieldMessage, personMessage } = require('../../gateway/console/src/wording') as {
  fieldMessage(message: string, field: string, label?: string): string;
  personMessage(message: string): string;
};

/** A message meant for a program: an HTTP method, a command, or a name with an underscore. */
const FOR_PROGRAMS = /\b(GET|PUT|POST|PATCH|DELETE)\b|npm run|\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b/;

/** Every field template of the API (`:attribute` the field's key), with sample limits. */
const TEMPLATES = [
  // (requiredWithout is given only as whole messages, which wording.ts words one by one)
  ...Object.entries(MESSAGES)
    .filter(([name]) => name !== 'requiredWithout')
    .map(([, m]) => (typeof m === 'string' ? m : (m as (n: number) => string)(255))),
  MESSAGES.minNumber(0),
  ...Object.values(CREDENTIAL_MESSAGES).filter((m) => m.includes(':attribute')),
  SELECTED_INVALID,
  'The :attribute field must be a valid UUID.',
  'The :attribute field must have a value.',
  'The :attribute has already been taken.',
];

describe("the console's words for the API's messages", () => {
  it.each(TEMPLATES)('"%s", for a field, names its label and not its key', (template) => {
    const message = template.replace(':attribute', 'pretty_name');
    const shown = fieldMessage(message, 'pretty_name', 'Display name');
    expect({ message, shown }).toEqual({ message, shown: expect.stringMatching(/^Display name\b/) });
    expect(shown).not.toMatch(FOR_PROGRAMS);
  });

  it('words a field message without naming the field when no field of the form has it', () => {
    expect(fieldMessage('The mod_slug field is required.', 'mod_slug')).toBe('A value you gave is required.');
    expect(fieldMessage('The name has already been taken.', 'name', 'Slug')).toBe(
      'Slug is already taken: choose another.',
    );
  });

  it.each([...Object.values(TWO_FACTOR_MESSAGES), CREDENTIAL_MESSAGES.currentPassword])(
    '"%s" (two-factor sign-in, passwords) is said without a key',
    (message) => {
      const shown = fieldMessage(message, message.includes('recovery') ? 'recovery_code' : 'code', 'Code');
      expect(shown).not.toMatch(FOR_PROGRAMS);
    },
  );

  it("says why an archive could not be fetched for a blank MD5, and what to do, without a setting's name", () => {
    const message = archiveFetchFailed(
      'The archive URL may not be fetched: the host cdn.example.com is not one archives may be fetched from (ARCHIVE_HOSTS).',
    );
    const shown = fieldMessage(message, 'md5', 'MD5 of the zip');
    expect(shown).toBe(
      'MD5 of the zip: Depot could not fetch the archive to compute it (the archive URL may not be fetched: the host ' +
        'cdn.example.com is not one archives may be fetched from). Upload the file instead (drop it on this page), or ' +
        'give its MD5.',
    );
    expect(shown).not.toMatch(FOR_PROGRAMS);
  });

  it('says a code refused as invalid may have been used already', () => {
    expect(fieldMessage(TWO_FACTOR_MESSAGES.codeInvalid, 'code', 'Code from your authenticator app')).toBe(
      'That code is wrong or was used already: wait for the next one.',
    );
  });

  // The field errors among the reasons ("The name has already been taken.") are judged above.
  const requestMessages = Object.values(REASONS)
    .map((r) => r.message)
    .filter((m) => !/has already been taken/.test(m));
  it.each(requestMessages)('"%s" (about the request) is said without a method or a key', (message) => {
    expect(personMessage(message)).not.toMatch(FOR_PROGRAMS);
  });
});
