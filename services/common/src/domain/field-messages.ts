// Laravel's validation messages (docs/api.md#validation-messages), which Solder's clients read:
// templates in which `:attribute` is the field's name as sent. Here, not in the gateway, because the
// services refuse what the REST API would in the same words (a version string, names.ts).
import { DepotError, type FieldErrors } from './errors';
import { versionProblem, VERSION_MAX_LENGTH } from './names';

export const FIELD_MESSAGES = {
  required: 'The :attribute field is required.',
  string: 'The :attribute field must be a string.',
  integer: 'The :attribute field must be an integer.',
  boolean: 'The :attribute field must be true or false.',
  array: 'The :attribute field must be an array.',
  url: 'The :attribute field must be a valid URL.',
  uuid: 'The :attribute field must be a valid UUID.',
  format: 'The :attribute field format is invalid.',
  text: 'The :attribute field must not contain NUL characters or unpaired surrogates.',
  maxString: (n: number) => `The :attribute field must not be greater than ${n} characters.`,
  minNumber: (n: number) => `The :attribute field must be at least ${n}.`,
  maxNumber: (n: number) => `The :attribute field must not be greater than ${n}.`,
  maxItems: (n: number) => `The :attribute field must not have more than ${n} items.`,
  minItems: (n: number) => `The :attribute field must have at least ${n} items.`,
  requiredWithout: (other: string) => `The :attribute field is required when ${other} is not present.`,
};

/** A template's message for `field`. */
export const fieldMessage = (template: string, field: string) => template.replace(':attribute', field);

/** A 422 body's `error` for one field: `{"<field>": ["<message>"]}` (the template filled in). */
export const fieldError = (field: string, template: string): FieldErrors => ({
  [field]: [fieldMessage(template, field)],
});

/** The refusal of a new version string under `field` (names.ts's rule), or undefined when it is one. */
export function versionFieldError(version: string, field = 'version'): FieldErrors | undefined {
  const problem = versionProblem(version);
  if (!problem) return undefined;
  const template = problem === 'maxString' ? FIELD_MESSAGES.maxString(VERSION_MAX_LENGTH) : FIELD_MESSAGES[problem];
  return fieldError(field, template);
}

/** Refuses a new version string that breaks the rule (VALIDATION, the field's message). */
export function refuseNewVersion(version: string, field = 'version'): void {
  const refused = versionFieldError(version, field);
  if (refused) throw DepotError.fields(refused);
}
