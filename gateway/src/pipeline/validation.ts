// Request bodies are validated with zod and refused the Laravel way Solder clients expect:
// 422 `{"error": {"<field>": ["The <field> field is required."]}}`, one entry per failing field
// (docs/api.md#validation-messages). Schemas carry message templates with `:attribute`; the field name
// is filled in from the path. The shapes of names are defined once in @depot/common (names.ts).
import { z } from 'zod';
import {
  CREDENTIAL_MESSAGES,
  EMAIL_MAX_LENGTH,
  isEmail,
  isStorableText,
  MD5_PATTERN,
  passwordProblem,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  SLUG_PATTERN,
  VERSION_PATTERN,
  type FieldErrors,
} from '@depot/common';
import { answer, type HttpError } from '../errors';
import { FIELD_MESSAGES as MESSAGES, fieldMessage } from '../messages';

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
  /** An e-mail address (docs/api.md#passwords-and-e-mail). */
  email: () =>
    z
      .string({ error: typeError(MESSAGES.string) })
      .max(EMAIL_MAX_LENGTH, MESSAGES.maxString(EMAIL_MAX_LENGTH))
      .refine(isStorableText, MESSAGES.text)
      .refine(isEmail, CREDENTIAL_MESSAGES.email)
      .meta({ format: 'email' }),
  /** A new password: 8 characters to 72 bytes in UTF-8 (bcrypt's limit), write-only. */
  password: () =>
    z
      .string({ error: typeError(MESSAGES.string) })
      .superRefine((v, ctx) => {
        const problem = passwordProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({
        minLength: PASSWORD_MIN_LENGTH,
        description: `At least ${PASSWORD_MIN_LENGTH} characters and at most ${PASSWORD_MAX_BYTES} bytes in UTF-8; never shown back.`,
        writeOnly: true,
      }),
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
    out[field] = [fieldMessage(template, field)];
  }
  return out;
}

/**
 * Bodies the content-type parsers could not take: not valid JSON, or of another media type and not
 * JSON either. They are refused (400, 415) only once the caller is authenticated and the target
 * found, like any invalid body (docs/api.md#order-of-checks).
 */
export const MALFORMED_JSON = Symbol('malformed JSON');
export const UNSUPPORTED_BODY = Symbol('unsupported media type');

/** The refusal of a body no schema can judge, if it is one. */
function unreadable(body: unknown): HttpError | undefined {
  if (body === MALFORMED_JSON) return answer('malformedJson');
  if (body === UNSUPPORTED_BODY) return answer('unsupportedMediaType');
  return undefined;
}

/**
 * The judgement of a body: its parsed value, or why it is refused. Bodies that are not JSON objects
 * are treated as empty input (every required field missing); an unreadable one (see
 * MALFORMED_JSON) fails with its own error and no field errors. Asynchronous, since a field may be
 * checked against a service (the modpacks a user is given must exist).
 */
export async function judge<S extends z.ZodType>(
  schema: S,
  body: unknown,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors; unreadable?: HttpError }> {
  const refusal = unreadable(body);
  if (refusal) return { ok: false, errors: {}, unreadable: refusal };
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const result = await schema.safeParseAsync(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Names of the body fields that were sent (the update mask of a partial update). */
export function presentFields(data: object): string[] {
  return Object.keys(data).filter((k) => (data as Record<string, unknown>)[k] !== undefined);
}

/** A judged body as proto request fields: each null (cleared) becomes unset. */
export function unsetNulls<T extends object>(body: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null ? undefined : v])) as never;
}

/** A field of a raw body, whatever was sent (for a target lookup, before the body is judged). */
export const rawField = (body: unknown, field: string): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[field] : undefined;

/** A list of `item`s ("must be an array" otherwise). */
export const listOf = <T extends z.ZodType>(item: T) => z.array(item, { error: MESSAGES.array });

/** An optional list; null means an empty one (Laravel's nullable array). */
export const list = <T extends z.ZodType>(array: T) => z.preprocess((v) => (v === null ? [] : v), array).optional();

// Defined with the services' errors, which report it too (a modpack deleted while a build is created).
export { SELECTED_INVALID } from '@depot/common';
