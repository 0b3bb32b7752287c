import { z } from 'zod';
import { isStorableText, MD5_PATTERN, SLUG_PATTERN, VERSION_PATTERN } from '@depot/common';
import {
  fieldErrors,
  judge,
  MALFORMED_JSON,
  UNSUPPORTED_BODY,
  presentFields,
  rules,
  unsetNulls,
} from '../../src/pipeline/validation';

/** The Laravel messages a single rule gives for `value` in field `f`. */
async function messages(schema: z.ZodType, value: unknown): Promise<string[] | undefined> {
  const result = await judge(z.object({ f: schema }), value === undefined ? {} : { f: value });
  return result.ok ? undefined : result.errors.f;
}

describe('rules', () => {
  it.each([
    [undefined, ['The f field is required.']],
    [null, ['The f field is required.']],
    ['', ['The f field is required.']],
    [3, ['The f field must be a string.']],
    [['a'], ['The f field must be a string.']],
    ['x'.repeat(256), ['The f field must not be greater than 255 characters.']],
    ['x'.repeat(255), undefined],
  ])('string: %j → %j', async (value, expected) => {
    expect(await messages(rules.string(), value)).toEqual(expected);
  });

  it('string honours max and pattern', async () => {
    expect(await messages(rules.string({ max: 3 }), 'abcd')).toEqual([
      'The f field must not be greater than 3 characters.',
    ]);
    expect(await messages(rules.string({ pattern: /^a+$/ }), 'ab')).toEqual(['The f field format is invalid.']);
    expect(await messages(rules.string({ pattern: /^a+$/ }), 'aa')).toBeUndefined();
  });

  it.each([
    [undefined, ['The f field is required.']],
    [null, ['The f field is required.']],
    ['2048', ['The f field must be an integer.']],
    [true, ['The f field must be an integer.']],
    [1.5, ['The f field must be an integer.']],
    [-1, ['The f field must be at least 0.']],
    [2147483648, ['The f field must not be greater than 2147483647.']],
    [0, undefined],
    [2048, undefined],
  ])('integer: %j → %j', async (value, expected) => {
    expect(await messages(rules.integer(), value)).toEqual(expected);
  });

  it('integer honours min and max', async () => {
    expect(await messages(rules.integer({ min: 1, max: 10 }), 0)).toEqual(['The f field must be at least 1.']);
    expect(await messages(rules.integer({ min: 1, max: 10 }), 11)).toEqual([
      'The f field must not be greater than 10.',
    ]);
  });

  it.each([
    [undefined, ['The f field is required.']],
    [0, ['The f field must be true or false.']],
    [1, ['The f field must be true or false.']],
    ['true', ['The f field must be true or false.']],
    [true, undefined],
    [false, undefined],
  ])('boolean: %j → %j', async (value, expected) => {
    expect(await messages(rules.boolean(), value)).toEqual(expected);
  });

  it.each([
    ['https://example.com/x', undefined],
    ['http://localhost:8080', undefined],
    ['ftp://example.com', ['The f field must be a valid URL.']],
    ['not a url', ['The f field must be a valid URL.']],
    ['http://exa mple.com', ['The f field must be a valid URL.']],
    ['javascript:alert(1)', ['The f field must be a valid URL.']],
    [5, ['The f field must be a string.']],
    [`https://e.com/${'a'.repeat(2048)}`, ['The f field must not be greater than 2048 characters.']],
  ])('url: %j → %j', async (value, expected) => {
    expect(await messages(rules.url(), value)).toEqual(expected);
  });

  it.each([
    ['my-mod_1.2', undefined],
    ['-leading', ['The f field format is invalid.']],
    ['with space', ['The f field format is invalid.']],
    ['a/b', ['The f field format is invalid.']],
    ['', ['The f field is required.']],
  ])('slug: %j → %j', async (value, expected) => {
    expect(await messages(rules.slug(), value)).toEqual(expected);
  });

  it.each([
    ['1.7.10-10.13.4.1614', undefined],
    ['v 1 (beta)', undefined],
    ['1/2', ['The f field format is invalid.']],
    ['tab\there', ['The f field format is invalid.']],
  ])('version: %j → %j', async (value, expected) => {
    expect(await messages(rules.version(), value)).toEqual(expected);
  });

  it.each([
    ['d41d8cd98f00b204e9800998ecf8427e', undefined],
    ['D41D8CD98F00B204E9800998ECF8427E', undefined],
    ['d41d8cd98f00b204e9800998ecf8427', ['The f field format is invalid.']],
    ['g41d8cd98f00b204e9800998ecf8427e', ['The f field format is invalid.']],
    [`${'a'.repeat(33)}`, ['The f field must not be greater than 32 characters.']],
  ])('md5: %j → %j', async (value, expected) => {
    expect(await messages(rules.md5(), value)).toEqual(expected);
  });

  it('nullable: absent, null and "" are accepted, "" as null', async () => {
    const schema = z.object({ f: rules.nullable(rules.string()) });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ f: null })).toEqual({ f: null });
    expect(schema.parse({ f: '' })).toEqual({ f: null });
    expect(await messages(rules.nullable(rules.url()), 'nope')).toEqual(['The f field must be a valid URL.']);
  });

  it('uses the name patterns of @depot/common (docs/api.md#names-and-values)', () => {
    expect(SLUG_PATTERN.test('a'.repeat(255))).toBe(true);
    expect(SLUG_PATTERN.test('a'.repeat(256))).toBe(false);
    expect(VERSION_PATTERN.test('v'.repeat(256))).toBe(false);
    expect(VERSION_PATTERN.test('\u007f')).toBe(false);
    expect(VERSION_PATTERN.test('.')).toBe(false);
    expect(VERSION_PATTERN.test('..')).toBe(false);
    expect(VERSION_PATTERN.test('1.0.')).toBe(true);
    expect(VERSION_PATTERN.test('...')).toBe(true);
    // the launcher's cache file is {name}-{version}.zip: no path separator of any system
    expect(VERSION_PATTERN.test('a/b')).toBe(false);
    expect(VERSION_PATTERN.test('a\\..\\b')).toBe(false);
    // no C1 control (U+0085 is a line break to Java), no bidirectional control or line separator
    for (const c of [
      '\u0085',
      '\u061c',
      '\u200e',
      '\u200f',
      '\u2028',
      '\u2029',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    ]) {
      expect(VERSION_PATTERN.test(`1${c}0`)).toBe(false);
    }
    expect(VERSION_PATTERN.test('1.20.1-15.2.0.27+fabric (beta) €')).toBe(true);
    expect(MD5_PATTERN.test('0'.repeat(32))).toBe(true);
  });
});

describe('text that cannot be stored (U+0000, unpaired surrogates)', () => {
  const TEXT = (f: string) => [`The ${f} field must not contain NUL characters or unpaired surrogates.`];

  it.each([
    ['\u0000', false],
    ['a\u0000b', false],
    ['\ud800', false],
    ['x\udfffy', false],
    ['\udc00\ud800', false],
    ['😀 \ud83d\ude00', true],
    ['\u0001\t\n\u007f\u0085\ufffe', true],
    ['', true],
  ])('isStorableText(%j) → %j', (value, expected) => {
    expect(isStorableText(value)).toBe(expected);
  });

  it('every string rule refuses it with its own message, before its pattern', async () => {
    for (const schema of [rules.string(), rules.slug(), rules.version(), rules.md5(), rules.nullable(rules.string())]) {
      expect(await messages(schema, 'a\u0000b')).toEqual(TEXT('f'));
      expect(await messages(schema, '\ud800')).toEqual(TEXT('f'));
    }
    expect(await messages(rules.url(), 'https://example.com/\u0000')).toEqual(TEXT('f'));
    expect(await messages(rules.url(), 'https://example.com/\udbff')).toEqual(TEXT('f'));
  });

  it('other control characters and surrogate pairs stay valid text', async () => {
    expect(await messages(rules.string(), 'tab\there\u0001\u007f')).toBeUndefined();
    expect(await messages(rules.string(), '🎉')).toBeUndefined();
    expect(await messages(rules.nullable(rules.string({ max: 65535 })), 'line\nbreak')).toBeUndefined();
  });

  it('names the field in the 422', async () => {
    const result = await judge(z.object({ pretty_name: rules.string() }), { pretty_name: 'x\u0000' });
    expect(result).toEqual({ ok: false, errors: { pretty_name: TEXT('pretty_name') } });
  });
});

describe('fieldErrors', () => {
  const schema = z.object({ name: rules.slug(), pretty_name: rules.string(), filesize: rules.integer() });

  it('gives one entry per failing field, the first message of each, with the name as sent', () => {
    const result = schema.safeParse({ name: '-'.repeat(300), filesize: '1' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
      pretty_name: ['The pretty_name field is required.'],
      filesize: ['The filesize field must be an integer.'],
    });
  });

  it('names nested issues after their top-level field and falls back to the format message', () => {
    const result = z.object({ list: z.array(z.string()) }).safeParse({ list: ['a', 1] });
    expect(fieldErrors(result.error!)).toEqual({ list: ['The list field format is invalid.'] });
  });
});

describe('judge', () => {
  const schema = z.object({ name: rules.string() });

  it('treats non-object bodies as empty input', async () => {
    for (const body of [undefined, null, 'text', 5, ['name']]) {
      expect(await judge(schema, body)).toEqual({ ok: false, errors: { name: ['The name field is required.'] } });
    }
  });

  it('refuses malformed JSON with 400 and other media types with 415, without field errors', async () => {
    for (const [body, status, error] of [
      [MALFORMED_JSON, 400, 'The request body is not valid JSON.'],
      [UNSUPPORTED_BODY, 415, 'Unsupported media type: send application/json.'],
    ] as const) {
      expect(await judge(schema, body)).toMatchObject({ ok: false, errors: {}, unreadable: { status, error } });
    }
  });

  it('drops unknown fields', async () => {
    expect(await judge(schema, { name: 'a', id: 5, created_at: 'x' })).toEqual({ ok: true, data: { name: 'a' } });
  });

  it('runs asynchronous checks of fields and reports them among the others', async () => {
    const known = z.string().refine(async (v) => v === 'tekkit', 'The selected :attribute is invalid.');
    const result = await judge(z.object({ name: rules.string(), pack: known }), { pack: 'nope' });
    expect(result).toEqual({
      ok: false,
      errors: { name: ['The name field is required.'], pack: ['The selected pack is invalid.'] },
    });
  });
});

describe('presentFields / unsetNulls', () => {
  it('lists the fields that were sent, null included', () => {
    expect(presentFields({ a: 1, b: undefined, c: null, d: '' })).toEqual(['a', 'c', 'd']);
  });

  it('turns null into unset, keeping every other value', () => {
    expect(unsetNulls({ a: null, b: undefined, c: '', d: 0, e: false, f: 'x' })).toEqual({
      a: undefined,
      b: undefined,
      c: '',
      d: 0,
      e: false,
      f: 'x',
    });
  });
});
