// Request bodies are validated with zod and refused the Laravel way Solder clients expect:
// 422 `{"error": {"<field>": ["The <field> field is required."]}}`, one entry per failing field.
// Schemas carry message templates with `:attribute`; the field name is filled in from the path.
import { z } from 'zod';
import { DepotError, type FieldErrors, type Reason } from '@depot/common';
import { HttpError } from './errors';

export const MESSAGES = {
  required: 'The :attribute field is required.',
  string: 'The :attribute field must be a string.',
  integer: 'The :attribute field must be an integer.',
  boolean: 'The :attribute field must be true or false.',
  array: 'The :attribute field must be an array.',
  url: 'The :attribute field must be a valid URL.',
  format: 'The :attribute field format is invalid.',
  text: 'The :attribute field must not contain NUL characters or unpaired surrogates.',
  maxString: (n: number) => `The :attribute field must not be greater than ${n} characters.`,
  minNumber: (n: number) => `The :attribute field must be at least ${n}.`,
  maxNumber: (n: number) => `The :attribute field must not be greater than ${n}.`,
};

/** Slugs (mod name, modpack slug): compat.md §6. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
/**
 * Version strings: 1–255 characters, no `/`, no control characters, and not `.` or `..`, which
 * HTTP clients normalise out of a path, so such a version could never be read back.
 */
// eslint-disable-next-line no-control-regex
export const VERSION_PATTERN = /^(?!\.\.?$)[^/\u0000-\u001f\u007f-\u009f]{1,255}$/;
export const MD5_PATTERN = /^[0-9a-fA-F]{32}$/;

/**
 * U+0000, which PostgreSQL text cannot hold, or a UTF-16 surrogate without its pair (JSON's
 * `"\ud800"`), which is no text at all and would be stored as U+FFFD. In a `u` regex a surrogate
 * class matches only unpaired ones.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** Whether a string can be stored and read back as it is (see UNSTORABLE). */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

/**
 * A path segment that names a record, or the route's not-found error when it cannot name one
 * (a NUL or an unpaired surrogate): such a value never reaches a service or the database.
 */
export function named(value: string, reason: Reason): string {
  if (!isStorableText(value)) throw new DepotError(reason);
  return value;
}

const typeError = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? MESSAGES.required : message;

const isHttpUrl = (v: string) => {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !/\s/.test(v);
};

/** Empty strings count as absent for nullable fields (Laravel converts them to null). */
const emptyToNull = (v: unknown) => (v === '' ? null : v);

export const rules = {
  /** A required, non-empty string. */
  string: (opts: { max?: number; pattern?: RegExp } = {}) => {
    let s = z
      .string({ error: typeError(MESSAGES.string) })
      .min(1, MESSAGES.required)
      .max(opts.max ?? 255, MESSAGES.maxString(opts.max ?? 255))
      .refine(isStorableText, MESSAGES.text);
    if (opts.pattern) s = s.regex(opts.pattern, MESSAGES.format);
    return s;
  },
  slug: () => rules.string().regex(SLUG_PATTERN, MESSAGES.format),
  version: () => rules.string().regex(VERSION_PATTERN, MESSAGES.format),
  md5: () => rules.string({ max: 32 }).regex(MD5_PATTERN, MESSAGES.format),
  url: (max = 2048) =>
    z
      .string({ error: typeError(MESSAGES.string) })
      .max(max, MESSAGES.maxString(max))
      .refine(isStorableText, MESSAGES.text)
      .refine(isHttpUrl, MESSAGES.url)
      .meta({ format: 'uri', description: 'An http(s) URL.' }), // for the OpenAPI document
  integer: (opts: { min?: number; max?: number } = {}) =>
    z
      .number({ error: typeError(MESSAGES.integer) })
      .int(MESSAGES.integer)
      .min(opts.min ?? 0, MESSAGES.minNumber(opts.min ?? 0))
      .max(opts.max ?? 2147483647, MESSAGES.maxNumber(opts.max ?? 2147483647)),
  boolean: () => z.boolean({ error: typeError(MESSAGES.boolean) }),
  /** Optional and nullable: absent, null or "" (→ null). */
  nullable: <T extends z.ZodType>(schema: T) => z.preprocess(emptyToNull, schema.nullable().optional()),
};

/** zod issues → one Laravel message per field (the first that failed). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'body';
    if (out[field]) continue;
    const template = issue.message.includes(':attribute') ? issue.message : MESSAGES.format;
    out[field] = [template.replace(':attribute', field)];
  }
  return out;
}

/**
 * Bodies the content-type parsers could not take: not valid JSON, or of another media type and not
 * JSON either. They are refused (400, 415) only once the caller is authenticated and the target
 * found, like any invalid body (compat.md §6 order of checks).
 */
export const MALFORMED_JSON = Symbol('malformed JSON');
export const UNSUPPORTED_BODY = Symbol('unsupported media type');

/** The refusal of a body no schema can judge, if it is one. */
function unreadable(body: unknown): HttpError | undefined {
  if (body === MALFORMED_JSON) return new HttpError(400, 'The request body is not valid JSON.');
  if (body === UNSUPPORTED_BODY) return new HttpError(415, 'Unsupported media type: send application/json.');
  return undefined;
}

/**
 * Bodies that are not JSON objects are treated as empty input (every required field missing);
 * an unreadable one (see MALFORMED_JSON) fails with its own error and no field errors.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors; unreadable?: HttpError } {
  const refusal = unreadable(body);
  if (refusal) return { ok: false, errors: {}, unreadable: refusal };
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/**
 * The parsed body, or 422 (400/415 for an unreadable one). `precheck` runs first on failure, so a
 * missing or forbidden target answers 404/403 before a validation error (compat.md §6 order).
 */
export async function validBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  precheck?: () => Promise<unknown>,
): Promise<z.output<S>> {
  const result = validate(schema, body);
  if (result.ok) return result.data;
  if (precheck) await precheck();
  throw result.unreadable ?? new HttpError(422, result.errors);
}

/** Names of the body fields that were sent (the update mask of a partial update). */
export function presentFields(data: object): string[] {
  return Object.keys(data).filter((k) => (data as Record<string, unknown>)[k] !== undefined);
}

/** null → undefined, for optional proto fields (unset = null). */
export function orUnset<T>(v: T | null | undefined): T | undefined {
  return v === null ? undefined : v;
}
