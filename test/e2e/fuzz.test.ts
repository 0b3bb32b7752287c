/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are checked by value, not typed */
// Bad input (issue 6, item 3). fast-check fires generated requests at every route of the gateway
// (docs/api.md; gateway/src/api): bodies of every JSON type and many lengths,
// malformed JSON, text with control characters, U+0000 and lone surrogates, path segments
// percent-encoded in several ways or not valid at all, odd methods, headers and content types,
// bare OPTIONS. Properties: never a 5xx; every response carries CORS; every error is JSON
// `{"error": ...}` and nothing else; a write that must be refused is, and refused writes change
// nothing. Then the limits: 413 bodies, 431 headers, slow clients cut off.
//
// Deterministic: the seed is fixed (FUZZ_SEED replays another); a failure names it.
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as net from 'node:net';
import fc from 'fast-check';
import { VERSION_PATTERN } from '@depot/common';
import { md5Of, startTestStack, userWithToken, type Api, type Reply, type TestStack } from '../support';

const SEED = Number(process.env.FUZZ_SEED ?? 20260603);
/** Runs of the main property; each fires one batch. */
const BATCHES = Number(process.env.FUZZ_BATCHES ?? 200);
const BATCH_SIZE = 100;
const CONCURRENCY = 8;

const KEY_VALUE = 'fx-platform-key-0123456789abcdef';
const CLIENT_UUID = '5f0c6a2e-3b1d-4c8e-9a7f-2d4b6c8e0f13';
const TEXT_MESSAGE = (field: string) => `The ${field} field must not contain NUL characters or unpaired surrogates.`;

// ---------------------------------------------------------------------------------------------
// Raw HTTP: fetch would normalise paths (dot segments, backslashes) and add headers of its own.

interface RawRequest {
  method: string;
  /** Sent exactly as is (already percent-encoded). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent in two writes, as chunked transfer encoding. */
  chunked?: boolean;
}

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

let fired = 0;
/** The last request sent on each connection, to name a culprit when a connection goes wrong. */
const lastOnSocket = new WeakMap<object, RawRequest>();
const brief = (req: RawRequest) =>
  `${req.method} ${req.path.slice(0, 120)} ${JSON.stringify(req.headers).slice(0, 300)}` +
  (req.body
    ? ` body(${req.body.length} bytes${req.chunked ? ', chunked' : ''}): ${JSON.stringify(req.body.toString('utf8').slice(0, 200))}`
    : '');

function send(base: URL, agent: http.Agent, req: RawRequest, retried = false): Promise<RawReply> {
  fired++;
  return new Promise<RawReply>((resolve, reject) => {
    const r = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: framed(req),
        agent,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    let previous: RawRequest | undefined;
    r.on('socket', (socket) => {
      previous = lastOnSocket.get(socket);
      lastOnSocket.set(socket, req);
    });
    r.on('timeout', () => r.destroy(new Error('no answer within 60 s')));
    r.on('error', (err: NodeJS.ErrnoException) => {
      if (previous) err.message += ` (previous request on this connection: ${brief(previous)})`;
      // A kept-alive socket the server closed meanwhile: once more on a fresh one.
      if (!retried && r.reusedSocket && err.code === 'ECONNRESET') {
        fired--;
        send(base, agent, req, true).then(resolve, reject);
      } else reject(err);
    });
    if (req.body && req.chunked && req.body.length > 1) {
      const half = Math.floor(req.body.length / 2);
      r.write(req.body.subarray(0, half));
      r.end(req.body.subarray(half));
    } else r.end(req.body);
  });
}

/**
 * The headers with the body's framing. Node frames a GET, HEAD, DELETE or OPTIONS body with neither
 * Content-Length nor chunked encoding unless told: the server would read it as the next request.
 */
function framed(req: RawRequest): Record<string, string> {
  if (!req.body) return req.headers;
  if (req.chunked && req.body.length > 1) return { ...req.headers, 'transfer-encoding': 'chunked' };
  return { ...req.headers, 'content-length': String(req.body.length) };
}

/** Runs `work` over `items`, at most `limit` at a time, results in order. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Everything a socket received until the server closed it (or `ms` passed). */
function rawExchange(
  base: URL,
  payload: string | Buffer,
  ms: number,
): Promise<{ data: string; closed: boolean; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(base.port), base.hostname);
    let data = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ data, closed, afterMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), ms);
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}

/** Status and JSON body of a raw HTTP/1.1 response text. */
function parseRaw(data: string): { status: number; headers: string; body: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
  const split = data.indexOf('\r\n\r\n');
  let body: any;
  try {
    body = JSON.parse(data.slice(split + 4));
  } catch {
    body = undefined;
  }
  return { status, headers: data.slice(0, split).toLowerCase(), body };
}

// ---------------------------------------------------------------------------------------------
// What is generated.

type ParamKind = 'mod' | 'version' | 'pack' | 'build' | 'user' | 'uuid' | 'id' | 'key';
type FieldKind =
  | 'slug'
  | 'text'
  | 'long'
  | 'version'
  | 'md5'
  | 'url'
  | 'uint'
  | 'int'
  | 'bool'
  | 'uuid'
  | 'username'
  | 'permissions'
  | 'packSlugs'
  | 'packSlug'
  | 'packIds';
interface Field {
  name: string;
  kind: FieldKind;
  /** null and "" are valid (Laravel's nullable). */
  nullable?: boolean;
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With `{kind}` placeholders for path parameters. */
  path: string;
  fields?: Field[];
  /** Open to any authenticated user (own tokens); other writes need a permission. */
  anyUser?: boolean;
}

const f = (name: string, kind: FieldKind, nullable = false): Field => ({ name, kind, nullable });
const MOD_FIELDS = [
  f('name', 'slug'),
  f('pretty_name', 'text'),
  f('author', 'text', true),
  f('description', 'long', true),
  f('link', 'url', true),
];
const VERSION_FIELDS = [f('version', 'version'), f('md5', 'md5'), f('filesize', 'uint', true)];
const PACK_FIELDS = [
  f('name', 'text'),
  f('slug', 'slug'),
  f('url', 'url', true),
  f('hidden', 'bool'),
  f('private', 'bool'),
  f('order', 'int', true),
];
const BUILD_FIELDS = [
  f('version', 'version'),
  f('minecraft', 'text'),
  f('forge', 'text', true),
  f('is_published', 'bool'),
  f('private', 'bool'),
  f('min_java', 'text', true),
  f('min_memory', 'uint', true),
];
const USER_FIELDS = [f('username', 'username'), f('permissions', 'permissions'), f('modpacks', 'packSlugs')];

/** Every route of gateway/src/api (docs, metrics and readiness aside). */
const ROUTES: Route[] = [
  { method: 'GET', path: '/api' },
  { method: 'GET', path: '/api/' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/api/mod' },
  { method: 'GET', path: '/api/mod/{mod}' },
  { method: 'GET', path: '/api/mod/{mod}/{version}' },
  { method: 'POST', path: '/api/mod', fields: MOD_FIELDS },
  { method: 'PUT', path: '/api/mod/{mod}', fields: MOD_FIELDS },
  { method: 'DELETE', path: '/api/mod/{mod}' },
  { method: 'POST', path: '/api/mod/{mod}/version', fields: VERSION_FIELDS },
  { method: 'PUT', path: '/api/mod/{mod}/{version}', fields: VERSION_FIELDS.slice(1) },
  { method: 'DELETE', path: '/api/mod/{mod}/{version}' },
  { method: 'GET', path: '/api/modpack' },
  { method: 'GET', path: '/api/modpack/{pack}' },
  { method: 'GET', path: '/api/modpack/{pack}/{build}' },
  { method: 'POST', path: '/api/modpack', fields: PACK_FIELDS },
  {
    method: 'PUT',
    path: '/api/modpack/{pack}',
    fields: [...PACK_FIELDS, f('recommended', 'version', true), f('latest', 'version', true)],
  },
  { method: 'DELETE', path: '/api/modpack/{pack}' },
  {
    method: 'POST',
    path: '/api/modpack/{pack}/clone',
    fields: [f('name', 'text'), f('slug', 'slug'), f('hidden', 'bool')],
  },
  {
    method: 'POST',
    path: '/api/modpack/{pack}/build',
    fields: [...BUILD_FIELDS, f('clone_from', 'text', true), f('clone_from_modpack', 'packSlug', true)],
  },
  { method: 'PUT', path: '/api/modpack/{pack}/{build}', fields: BUILD_FIELDS },
  { method: 'DELETE', path: '/api/modpack/{pack}/{build}' },
  {
    method: 'POST',
    path: '/api/modpack/{pack}/{build}/mod',
    fields: [f('mod_slug', 'text'), f('mod_version', 'text')],
  },
  { method: 'PUT', path: '/api/modpack/{pack}/{build}/mod/{mod}', fields: [f('mod_version', 'text')] },
  { method: 'DELETE', path: '/api/modpack/{pack}/{build}/mod/{mod}' },
  { method: 'GET', path: '/api/user' },
  { method: 'POST', path: '/api/user', fields: USER_FIELDS },
  { method: 'PUT', path: '/api/user/{user}', fields: USER_FIELDS },
  { method: 'DELETE', path: '/api/user/{user}' },
  { method: 'POST', path: '/api/user/{user}/token', fields: [f('name', 'text')] },
  { method: 'GET', path: '/api/token', anyUser: true },
  { method: 'POST', path: '/api/token', fields: [f('name', 'text')], anyUser: true },
  { method: 'DELETE', path: '/api/token/{id}', anyUser: true },
  { method: 'GET', path: '/api/key' },
  { method: 'POST', path: '/api/key', fields: [f('name', 'text'), f('api_key', 'text', true)] },
  { method: 'DELETE', path: '/api/key/{id}' },
  { method: 'GET', path: '/api/client' },
  { method: 'POST', path: '/api/client', fields: [f('name', 'text'), f('uuid', 'uuid')] },
  { method: 'PUT', path: '/api/client/{uuid}', fields: [f('name', 'text'), f('modpacks', 'packIds')] },
  { method: 'DELETE', path: '/api/client/{uuid}' },
  { method: 'GET', path: '/api/verify/{key}' },
];

/** Names of the fixture records, per path parameter. Ids are never generated as existing ones. */
const NAMES: Record<ParamKind, string[]> = {
  mod: ['fx-mod', 'fx-lib'],
  version: ['1.0', '2.0'],
  pack: ['fx-pack', 'fx-secret'],
  build: ['1.0', '2.0'],
  user: ['fx-nobody', 'admin'],
  uuid: [CLIENT_UUID],
  id: [],
  key: [KEY_VALUE],
};
const TAKEN = new Set(
  [
    ...Object.values(NAMES).flat(),
    'mod',
    'modpack',
    'user',
    'token',
    'key',
    'client',
    'verify',
    'openapi.json',
    'manage',
  ].map((s) => s.toLowerCase()),
);
/**
 * A generated value that could name something real: a fixture name (any case), a small id (which
 * could be a real token or key), or what a path could lose ('' would hit the parent route).
 */
const mayName = (s: string) =>
  s === '' || s === '.' || s === '..' || TAKEN.has(s.toLowerCase()) || (/^\d+$/.test(s) && Number(s) < 1e6);

const SPECIAL_STRINGS = [
  ...['\u0000', 'a\u0000b', 'fx-mod\u0000', '\u0000fx-pack', '1.0\u0000'],
  ...['\ud800', 'a\udc00b', '\udc00\ud800', '\udbff\udfff', '\ufffe\uffff', '\u202eevil', '\u200b'],
  ...[' ', '\t', '\r\n', '\u0085', '\u2028', '\u007f', '\u001b[31m'],
  ...['%', '%00', '%2F', '/', '\\', '?', '#', '&', '=', '+', ';', '...', '-', '~'],
  ...['null', 'undefined', 'NaN', 'true', '0', '-1', '1e3', '0x10', '2147483648', '99999999999999999999999'],
  ...["' OR 1=1 --", '"; DROP TABLE mods; --', '<script>alert(1)</script>', '../../etc/passwd', '..\\..\\boot.ini'],
  ...['${jndi:ldap://x}', '{{7*7}}', '%s%n%x', 'Ｆｘ－ｍｏｄ', 'fx\u2010mod', 'FX-MOD ', 'İı', 'ß', '😀', '👨‍👩‍👧'],
  ...['x'.repeat(255), 'x'.repeat(256), 'x'.repeat(1000), 'x'.repeat(1001), 'é'.repeat(400)],
];
/** Path segments the router cannot decode (bad percent-encoding, invalid UTF-8). */
const RAW_SEGMENTS = [
  ...['%', '%z', '%zz', 'a%', '%%', '%C0%80', '%FF', '%E2%82', '%ED%A0%80', '%ED%BF%BF', '%F4%90%80%80'],
  ...['%F0%80%80%80', '%C3%28'],
];

/** How a value becomes a path segment: percent-encoding only what must be, everything, or lower-case hex. */
type Style = 'minimal' | 'all' | 'lower';
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const SUB_DELIMS = "!$&'()*+,;=:@";

function encodeSegment(value: string, style: Style): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    let bytes: number[];
    if (code >= 0xd800 && code <= 0xdfff) {
      // A lone surrogate has no UTF-8: its CESU-8 bytes, which the router must refuse.
      bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    } else if (style !== 'all' && (UNRESERVED.test(ch) || (style === 'minimal' && SUB_DELIMS.includes(ch)))) {
      out += ch;
      continue;
    } else bytes = [...Buffer.from(ch, 'utf8')];
    for (const b of bytes) {
      const hex = b.toString(16).padStart(2, '0');
      out += `%${style === 'lower' ? hex : hex.toUpperCase()}`;
    }
  }
  return out;
}

interface Segment {
  kind: 'name' | 'fuzz' | 'raw';
  value: string;
  style: Style;
}
const segmentText = (s: Segment) => (s.kind === 'raw' ? s.value : encodeSegment(s.value, s.style));

const styleArb = fc.constantFrom<Style>('minimal', 'minimal', 'all', 'lower');
const fuzzStringArb = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
    {
      weight: 2,
      arbitrary: fc.string({
        unit: fc.constantFrom('\u0000', '\ud800', '\udfff', 'a', '%', '/', '.', 'é', ' ', '\n'),
        minLength: 1,
        maxLength: 8,
      }),
    },
    {
      // Near misses of real names.
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...Object.values(NAMES).flat()),
          fc.constantFrom('\u0000', '\ud800', ' ', '%00', '.', '/x', '\u200b', '\t'),
          fc.boolean(),
        )
        .map(([name, extra, before]) => (before ? extra + name : name + extra)),
    },
  )
  .filter((s) => !mayName(s));
const fuzzSegmentArb: fc.Arbitrary<Segment> = fc
  .tuple(fuzzStringArb, styleArb)
  .map(([value, style]) => ({ kind: 'fuzz', value, style }));
const rawSegmentArb: fc.Arbitrary<Segment> = fc
  .constantFrom(...RAW_SEGMENTS)
  .map((value) => ({ kind: 'raw', value, style: 'minimal' }));

function segmentArb(kind: ParamKind): fc.Arbitrary<Segment> {
  const names = NAMES[kind];
  const named: fc.Arbitrary<Segment> | undefined = names.length
    ? fc.tuple(fc.constantFrom(...names), styleArb).map(([value, style]) => ({ kind: 'name', value, style }))
    : undefined;
  return fc.oneof(
    ...(named ? [{ weight: 5, arbitrary: named }] : []),
    { weight: 4, arbitrary: fuzzSegmentArb },
    { weight: 1, arbitrary: rawSegmentArb },
  );
}

// Bodies.

const WRONG_TYPES: unknown[] = [0, 1.5, -1, true, false, [], ['x'], {}, { a: 1 }];
const BAD_TEXT = ['\u0000', 'a\u0000b', 'ok\u0000', '\ud800', 'x\udfffy', '\udc00\ud800'];

/** Values no rule of the field accepts. */
function poisonOf(field: Field): unknown[] {
  const absentish = field.nullable ? [] : [null, ''];
  const text = [...WRONG_TYPES, ...BAD_TEXT, ...absentish];
  switch (field.kind) {
    case 'text':
      return [...text, 'x'.repeat(256)];
    case 'long':
      return [...text, 'x'.repeat(65536)];
    case 'slug':
      return [...text, '-x', 'a b', 'ä', 'a/b', '.x', 'x'.repeat(256), 'fx-mod\u0000'];
    case 'username':
      return [...text, '-x', 'a b', 'a/b', 'x'.repeat(256)];
    case 'version':
      return [...text, 'a/b', 'a\tb', '.', '..', '\u007f', '\u0085x', 'x'.repeat(256)];
    case 'md5':
      return [...text, 'xyz', 'g'.repeat(32), 'a'.repeat(31), 'a'.repeat(33)];
    case 'url':
      return [
        ...text,
        'https://example.com/\u0000',
        'ftp://example.com',
        'not a url',
        'http://',
        'javascript:alert(1)',
        'http://a b',
        `https://e.com/${'a'.repeat(2048)}`,
      ];
    case 'uuid':
      return [...text, 'not-a-uuid', '123e4567e89b12d3a456426614174000', '123e4567-e89b-12d3-a456-42661417400g'];
    case 'uint':
      return [-1, 1.5, -0.5, '5', true, false, [], {}, 'x', 9007199254740992, 1e300];
    case 'int':
      return [1.5, '5', true, [], {}, 'x', 2147483648, -2147483649];
    case 'bool':
      return [0, 1, 'true', 'false', null, [], {}, 'yes'];
    case 'permissions':
      return ['solder_full', 5, {}, ['nope'], [1], [null], ['mods_create', 'nope'], [[]], ['solder_full\u0000']];
    case 'packSlugs':
      return ['fx-pack', 5, {}, [1], [null], ['no-such-pack-fz'], ['fx-pack\u0000'], ['\ud800']];
    case 'packSlug':
      return [...text, 'no-such-pack-fz', 'FX-PACK', 'fx-pack\u0000', 'x'.repeat(256)];
    case 'packIds':
      return ['x', 5, {}, [0], [-1], [1.5], ['1'], [null], [2147483648], [999999]];
  }
}

/** Values a field accepts (used around the poisoned one). */
function validOf(field: Field): unknown[] {
  switch (field.kind) {
    case 'text':
    case 'long':
      return ['Fuzz', 'ünï©ødé 🎉', 'tab\there\nand a newline', '\u0001\u001f\u007f'];
    case 'slug':
      return ['fz-new-1', 'FZ.x_2'];
    case 'username':
      return ['fz-user', 'fz@example.com'];
    case 'version':
      return ['9.9.9', 'v 1 (beta)'];
    case 'md5':
      return [md5Of('fz')];
    case 'url':
      return ['https://example.com/fz', null];
    case 'uuid':
      return ['123e4567-e89b-12d3-a456-426614174000'];
    case 'uint':
      return [0, 4096, null];
    case 'int':
      return [0, -5, null];
    case 'bool':
      return [true, false];
    case 'permissions':
      return [[], ['mods_create'], null];
    case 'packSlugs':
      return [[], ['fx-pack'], null];
    case 'packSlug':
      return ['fx-pack', null];
    case 'packIds':
      return [[], null];
  }
}

const jsonJunkArb = fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' });

/** A JSON object with at least one field no rule accepts; the others valid, poisoned, junk or absent. */
function poisonedArb(fields: Field[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: fields.length - 1 }),
      fc.tuple(...fields.map((field) => fc.constantFrom(...poisonOf(field)))),
      fc.tuple(
        ...fields.map((field) =>
          fc.option(fc.oneof(fc.constantFrom(...validOf(field)), fc.constantFrom(...poisonOf(field)), jsonJunkArb), {
            nil: undefined,
            freq: 3,
          }),
        ),
      ),
      fc.subarray([
        ['id', 5],
        ['created_at', 'x'],
        ['mod_id', 9],
        ['', 1],
        ['\u0000', '\u0000'],
        ['\ud800', 'k'],
      ] as [string, unknown][]),
    )
    .map(([poisoned, poisons, others, extra]) => {
      const body: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        if (i === poisoned) body[field.name] = poisons[i];
        else if (others[i] !== undefined) body[field.name] = others[i];
      });
      for (const [k, v] of extra) body[k] = v;
      return JSON.stringify(body);
    });
}

/** Texts JSON.parse refuses (and that are not blank, which counts as no body). */
const MALFORMED = [
  ...['{', '}', '{"a":', '[1,2', "{'a':1}", '{"a":1}}', '{"a" 1}', '{a:1}', 'undefined', 'NaN', '-Infinity'],
  ...['\u0000', '{"name":"\u0000"}', '{"name":"x\ny"}', '{"a":1,}', '[,]', '"unterminated', '01', '{"__proto__":'],
  ...['\u00ff\u00fe{}', '{"a":"\\x41"}', '{"a":"\\u12"}', ']'.repeat(100)],
];
/** Valid JSON of odd shapes and sizes. */
const ODD_JSON = [
  ...['[]', 'null', 'true', '0', '-0', '"string"', '"\\u0000"', '"\\ud800"', '1e400', '\ufeff{}', ' \n\t{} '],
  '{"filesize":1e400,"min_memory":-1e400}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '{"name":{"$gt":""},"pretty_name":{"$ne":null}}',
  '{"name":"a","name":"\\u0000"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  `[${'1,'.repeat(20000)}1]`,
  JSON.stringify({ description: 'd'.repeat(70_000) }),
  JSON.stringify({ name: 'n'.repeat(300_000) }),
  JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
];

interface BodyChoice {
  kind: 'none' | 'json' | 'odd' | 'malformed' | 'text' | 'bytes' | 'poisoned';
  data?: Buffer;
}
const utf8 = (s: string) => Buffer.from(s, 'utf8');

function bodyArb(fields: Field[] | undefined): fc.Arbitrary<BodyChoice> {
  const choices: fc.WeightedArbitrary<BodyChoice>[] = [
    { weight: 2, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }).map((v) => ({
        kind: 'json' as const,
        data: utf8(JSON.stringify(v) ?? 'null'),
      })),
    },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_JSON).map((s) => ({ kind: 'odd' as const, data: utf8(s) })) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...MALFORMED).map((s) => ({ kind: 'malformed' as const, data: utf8(s) })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((s) => ({ kind: 'text' as const, data: utf8(s) })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => ({ kind: 'bytes' as const, data: Buffer.from(b) })),
    },
  ];
  if (fields) {
    choices.push({
      weight: 8,
      arbitrary: poisonedArb(fields).map((s) => ({ kind: 'poisoned' as const, data: utf8(s) })),
    });
  }
  return fc.oneof(...choices);
}

const JSON_TYPES = [
  ...['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8'],
  'application/json ; charset=latin1',
];
const OTHER_TYPES = [
  ...[
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=zz',
  ],
  ...[
    'application/xml',
    'text/json',
    'application/json-patch+json',
    'application/jsonx',
    'application/json, text/plain',
  ],
  ...['application/json; charset=utf-8; charset=latin1', '', ';;;', 'a/b; c=d', '*/*', 'application/', '/json'],
];
const contentTypeArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Headers clients should not send, or not like this (latin-1 only: Node refuses anything else). */
const ODD_HEADERS: [string, string][] = [
  ['accept', '*/*'],
  ['accept', 'text/html'],
  ['accept', 'application/xml;q=0.9, */*;q=0.1'],
  ['accept-encoding', 'gzip, deflate, br'],
  ['accept-language', '*'],
  ['accept-version', '1.x'],
  ['if-none-match', '*'],
  ['if-none-match', '"x"'],
  ['if-none-match', 'W/"\u00e9"'],
  ['if-modified-since', 'yesterday'],
  ['origin', 'https://evil.example'],
  ['origin', 'null'],
  ['origin', '\u00ff'],
  ['referer', 'javascript:1'],
  ['x-forwarded-for', '1.2.3.4, ::1, garbage'],
  ['x-forwarded-for', ''],
  ['forwarded', 'for=unknown;proto=gopher'],
  ['x-real-ip', 'nope'],
  ['content-encoding', 'gzip'],
  ['content-encoding', 'identity'],
  ['expect', '100-continue'],
  ['expect', 'the-unexpected'],
  ['cookie', 'session=1; admin=true'],
  ['range', 'bytes=0-1'],
  ['te', 'trailers'],
  ['x-http-method-override', 'DELETE'],
  ['x-fuzz', 'caf\u00e9 \t tab'],
  ['user-agent', ''],
  ['access-control-request-method', 'DELETE'],
  ['access-control-request-headers', 'x-evil, authorization'],
  ['host', 'evil.example'],
];
const oddHeadersArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant<[string, string][]>([]) },
  { weight: 3, arbitrary: fc.subarray(ODD_HEADERS, { maxLength: 4 }) },
);

const queryArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...['?include=full', '?include=mods', '?include=FULL,mods', '?include=full&include=mods'],
      ...[`?k=${KEY_VALUE}`, `?cid=${CLIENT_UUID}`, `?k=${KEY_VALUE}&include=full`, '?k=', '?k=%00', '?cid=%00x'],
      ...['?k[]=a', '?k=a&k=b', '?include', '?=', '?&&', '?%zz=%zz', '?include=%ED%A0%80', '?k=%ED%A0%80'],
      ...['?cid=%C0%80', `?a=${'x'.repeat(5000)}`],
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('k', 'cid', 'include', 'x'), fuzzStringArb, styleArb)
      .map(([k, v, style]) => `?${k}=${encodeSegment(v, style)}`),
  },
);

type Cred = 'admin' | 'admin-lowercase' | 'admin-spaced' | 'nobody' | 'anon' | 'unknown' | 'basic' | 'bare' | 'junk';
const credArb = fc.constantFrom<Cred>(
  ...(['admin', 'admin', 'admin', 'admin-lowercase', 'admin-spaced', 'nobody', 'nobody', 'anon', 'anon'] as const),
  ...(['unknown', 'basic', 'bare', 'junk'] as const),
);

/** A request ready to send, with what the properties need to know about it. */
interface FuzzRequest extends RawRequest {
  /** The route pattern (or kind of request), for the report. */
  label: string;
  /** May change data if it succeeds. */
  write: boolean;
  /** Must answer >= 400: unauthenticated, forbidden, absent target or invalid body. */
  mustRefuse: boolean;
}

interface Tokens {
  admin: string;
  nobody: string;
}

function authorization(cred: Cred, tokens: Tokens): string | undefined {
  switch (cred) {
    case 'admin':
      return `Bearer ${tokens.admin}`;
    case 'admin-lowercase':
      return `bearer ${tokens.admin}`;
    case 'admin-spaced':
      return `Bearer    ${tokens.admin}   `;
    case 'nobody':
      return `Bearer ${tokens.nobody}`;
    case 'anon':
      return undefined;
    case 'unknown':
      return `Bearer ${md5Of(tokens.admin)}`;
    case 'basic':
      return 'Basic YWRtaW46YWRtaW4=';
    case 'bare':
      return 'Bearer';
    case 'junk':
      return `Bearer ${tokens.admin} extra \u00e9`;
  }
}

/** Whether a credential gets past authentication and the permission check of a route. */
const passes = (route: Route, cred: Cred) => cred.startsWith('admin') || (cred === 'nobody' && route.anyUser === true);

const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as ParamKind);

/** Content-Type goes with a body, or without one when `bare` says so. */
function headersOf(
  cred: Cred,
  tokens: Tokens,
  odd: [string, string][],
  contentType: string | undefined,
  body: Buffer | undefined,
  bare = false,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const auth = authorization(cred, tokens);
  if (auth !== undefined) headers.authorization = auth;
  if (contentType !== undefined && (body !== undefined || bare)) headers['content-type'] = contentType;
  for (const [name, value] of odd) headers[name] = value;
  return headers;
}

/** Requests at one route of the table. */
function routeRequestArb(route: Route, tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  const params = placeholders(route.path);
  return fc
    .record({
      cred: credArb,
      segments: fc.tuple(...params.map(segmentArb)),
      fallback: fuzzSegmentArb,
      body:
        route.method === 'GET'
          ? fc.oneof(
              { weight: 3, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) },
              { weight: 1, arbitrary: bodyArb(undefined) },
            )
          : bodyArb(route.fields),
      forcedBody: route.fields ? poisonedArb(route.fields) : fc.constant('{"x":1}'),
      contentType: contentTypeArb,
      bareType: fc.boolean(),
      jsonType: fc.constantFrom(...JSON_TYPES),
      odd: oddHeadersArb,
      query: route.method === 'GET' ? queryArb : fc.oneof(fc.constant(''), queryArb),
      head: fc.boolean(),
      chunked: fc.boolean(),
    })
    .map((r): FuzzRequest => {
      let segments: Segment[] = r.segments;
      let body = r.body;
      let contentType = r.contentType;
      const unexpected = r.odd.some(([name, value]) => name === 'expect' && value !== '100-continue');
      const authorized = passes(route, r.cred) && !unexpected;
      // Writes that could succeed are made to fail: a delete gets a target that does not exist,
      // an update a poisoned JSON body (a non-JSON type would leave an empty, valid update).
      if (route.method !== 'GET' && authorized && segments.every((s) => s.kind === 'name')) {
        if (route.method === 'DELETE') segments = [...segments.slice(0, -1), r.fallback];
        if (route.method === 'PUT' && body.kind !== 'poisoned' && body.kind !== 'malformed') {
          body = { kind: 'poisoned', data: utf8(r.forcedBody) };
        }
        if (route.method === 'PUT') contentType = r.jsonType;
      }
      let i = 0;
      const path = route.path.replace(/\{\w+\}/g, () => segmentText(segments[i++])) + r.query;
      const allNamed = segments.every((s) => s.kind === 'name');
      const method = route.method === 'GET' && r.head ? 'HEAD' : route.method;
      const data = method === 'HEAD' ? undefined : body.data;
      return {
        label: `${method} ${route.path}`,
        method,
        path,
        headers: headersOf(r.cred, tokens, r.odd, contentType, data, r.bareType),
        body: data,
        chunked: r.chunked,
        write: route.method !== 'GET',
        // Every create needs a field, so only a JSON object could succeed; updates and deletes
        // that could were made to fail above.
        mustRefuse:
          route.method !== 'GET' && (!authorized || !allNamed || route.method !== 'POST' || body.kind !== 'json'),
      };
    });
}

const ROUTE_PATHS = [...new Set(ROUTES.map((r) => r.path))];

/** OPTIONS, with and without the preflight headers, anywhere. */
function optionsArb(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.oneof(
        fc.constantFrom(...ROUTE_PATHS).chain((p) =>
          fc.tuple(...placeholders(p).map(segmentArb)).map((segs) => {
            let i = 0;
            return p.replace(/\{\w+\}/g, () => segmentText(segs[i++]));
          }),
        ),
        fc.constantFrom('*', '/', '/nowhere', '/api/%00', '/api/mod/%zz'),
      ),
      origin: fc.option(fc.constantFrom('https://app.example.org', 'null', '')),
      method: fc.option(fc.constantFrom('POST', 'DELETE', 'PATCH', 'get', '')),
      requestHeaders: fc.option(fc.constantFrom('authorization,content-type', 'x-evil', '')),
    })
    .map(({ path, origin, method, requestHeaders }) => {
      const headers: Record<string, string> = {};
      if (origin !== null) headers.origin = origin;
      if (method !== null) headers['access-control-request-method'] = method;
      if (requestHeaders !== null) headers['access-control-request-headers'] = requestHeaders;
      return { label: 'OPTIONS', method: 'OPTIONS', path, headers, write: false, mustRefuse: false };
    });
}

/** Methods the API does not have, some of which Node's parser refuses outright. */
function oddMethodArb(tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('PATCH', 'PROPFIND', 'TRACE', 'SEARCH', 'PURGE', 'LOCK', 'MKCOL', 'FOO', 'GETT'),
      path: fc.constantFrom('/api/mod/fx-mod', '/api/modpack/fx-pack/1.0', '/api/user/fx-nobody', '/api', '/x'),
      cred: credArb,
      // Small: Node's parser refuses some of these methods at once and closes the connection.
      body: fc.option(
        fc.jsonValue({ maxDepth: 2 }).map((v) => utf8(JSON.stringify(v) ?? 'null')),
        { nil: undefined },
      ),
    })
    .map(({ method, path, cred, body }) => ({
      label: `${method} (odd method)`,
      method,
      path,
      headers: headersOf(cred, tokens, [], body ? 'application/json' : undefined, body),
      body: method === 'TRACE' ? undefined : body,
      write: true,
      mustRefuse: true,
    }));
}

/** Paths that are no route: near misses, doubled slashes, other cases, traversal. */
function junkPathArb(tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.oneof(
        fc.tuple(fuzzStringArb, styleArb).map(([v, style]) => `/api/${encodeSegment(v, style)}`),
        // (Never a raw `#` or `?`: the router would cut the path there, and a delete could hit a real record.)
        fc.constantFrom(
          ...[
            '//api/mod',
            '/api//mod',
            '/API/MOD',
            '/api/mod/fx-mod/1.0/extra',
            '/api/modpack/fx-pack/1.0/mod/fx-mod/x',
          ],
          ...['/api/../api/mod', '/api/./mod', '/%2e%2e/api/mod', '/api/mod%2Ffx-mod', '/.env', '/api/mod/fx-mod%23x'],
          ...['/api;/mod', '/api/mod/fx-mod;jsessionid=1', `/${'a/'.repeat(300)}`],
        ),
      ),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'),
      cred: credArb,
      body: bodyArb(undefined),
    })
    .map(({ path, method, cred, body }) => {
      const data = method === 'GET' || method === 'HEAD' ? undefined : body.data;
      return {
        label: `${method} (no such route)`,
        method,
        path,
        headers: headersOf(cred, tokens, [], data ? 'application/json' : undefined, data),
        body: data,
        write: method !== 'GET' && method !== 'HEAD',
        mustRefuse: method !== 'GET' && method !== 'HEAD',
      };
    });
}

function requestArb(tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 40, arbitrary: fc.oneof(...ROUTES.map((route) => routeRequestArb(route, tokens))) },
    { weight: 2, arbitrary: optionsArb() },
    { weight: 1, arbitrary: oddMethodArb(tokens) },
    { weight: 1, arbitrary: junkPathArb(tokens) },
  );
}

// ---------------------------------------------------------------------------------------------
// The properties of one answer.

function isErrorBody(body: any): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  if (Object.keys(body).length !== 1) return false;
  const error = body.error;
  if (typeof error === 'string') return error.length > 0;
  return (
    !!error &&
    typeof error === 'object' &&
    !Array.isArray(error) &&
    Object.values(error).every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'))
  );
}

function problemsOf(req: FuzzRequest, res: RawReply): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`answered ${res.status}`);
  if (res.headers['access-control-allow-origin'] !== '*') out.push('no Access-Control-Allow-Origin: *');
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 204 && res.status !== 304 && !/^application\/json\b/.test(type)) {
    out.push(`content-type ${JSON.stringify(type)}`);
  }
  if (req.method !== 'HEAD' && res.status !== 204 && res.status !== 304) {
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      out.push('body is not JSON');
    }
    if (res.status >= 400 && !isErrorBody(body)) out.push('error body is not {"error": <message or field errors>}');
  }
  if (req.mustRefuse && res.status < 400) out.push('a write that must be refused succeeded');
  return out;
}

const show = (s: string, max = 300) => {
  const json = JSON.stringify(s);
  return json.length > max ? `${json.slice(0, max)}… (${s.length} chars)` : json;
};
const describeRequest = (req: FuzzRequest) =>
  `${req.method} ${show(req.path, 200)} headers=${JSON.stringify(req.headers)}` +
  (req.body ? ` body=${show(req.body.toString('utf8'))}${req.chunked ? ' (chunked)' : ''}` : '');

// ---------------------------------------------------------------------------------------------

describe('fuzzing every endpoint with bad input', () => {
  let t: TestStack;
  let base: URL;
  let agent: http.Agent;
  let tokens: Tokens;
  let nobody: Api;
  const exits: string[] = [];
  let gatewayPid: number | undefined;
  let stalledBody: Promise<{ data: string; closed: boolean; afterMs: number }>;
  let stalledHeaders: Promise<{ data: string; closed: boolean; afterMs: number }>;

  const ok = async (res: Promise<Reply>, status = 201) => {
    const r = await res;
    if (r.status !== status) throw new Error(`fixture: expected ${status}, got ${r.status} ${r.text}`);
    return r.body;
  };

  /** What the refused writes must leave alone, read back through the API. */
  async function snapshot() {
    const reads: [string, Api, string][] = [
      ['anon', t.anon, '/api/mod'],
      ['anon', t.anon, '/api/mod/fx-mod'],
      ['anon', t.anon, '/api/mod/fx-mod/1.0'],
      ['anon', t.anon, '/api/mod/fx-mod/2.0'],
      ['anon', t.anon, '/api/mod/fx-lib'],
      ['admin', t.admin, '/api/modpack?include=full'],
      ['admin', t.admin, '/api/modpack/fx-pack/1.0?include=mods'],
      ['admin', t.admin, '/api/modpack/fx-pack/2.0?include=mods'],
      ['admin', t.admin, '/api/modpack/fx-secret/1.0?include=mods'],
      ['admin', t.admin, '/api/user'],
      ['admin', t.admin, '/api/key'],
      ['admin', t.admin, '/api/client'],
      ['admin', t.admin, '/api/token'],
      ['nobody', nobody, '/api/token'],
    ];
    const replies = await Promise.all(reads.map(([, api, path]) => api.get(path)));
    const state: Record<string, unknown> = {};
    reads.forEach(([who, , path], i) => {
      const { status, body } = replies[i];
      // Using a token is no change of data.
      if (path === '/api/token' && status === 200) {
        body.tokens = body.tokens.map(({ last_used_at: _, ...rest }: any) => rest);
      }
      state[`${who} GET ${path}`] = { status, body };
    });
    return state;
  }

  beforeAll(async () => {
    t = await startTestStack({
      // FUZZ_CACHE=off: every read goes to the services (the response cache answers many otherwise).
      env: {
        VERIFY_RATE_LIMIT_PER_MINUTE: '1000000',
        ...(process.env.FUZZ_CACHE === 'off' ? { CACHE_ENABLED: 'false' } : {}),
      },
      onUnexpectedExit: (name, exit) => exits.push(`${name}: ${JSON.stringify(exit)}`),
    });
    base = new URL(t.url);
    agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    gatewayPid = t.stack.pid('gateway');

    // Slow clients, left to the server's timeouts while the rest runs: one sends its headers and
    // a part of the body, one only a part of its headers.
    stalledBody = rawExchange(
      base,
      'POST /api/mod HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
      120_000,
    );
    stalledHeaders = rawExchange(base, 'GET /api/mod HTTP/1.1\r\nHost: x\r\nX-Slow: 1', 120_000);

    const { admin } = t;
    await ok(
      admin.post('/api/mod', {
        name: 'fx-mod',
        pretty_name: 'FX Mod',
        author: 'Ann',
        description: 'A mod',
        link: 'https://example.com/fx',
      }),
    );
    await ok(admin.post('/api/mod/fx-mod/version', { version: '1.0', md5: md5Of('fx-mod-1.0'), filesize: 1024 }));
    await ok(admin.post('/api/mod/fx-mod/version', { version: '2.0', md5: md5Of('fx-mod-2.0') }));
    await ok(admin.post('/api/mod', { name: 'fx-lib', pretty_name: 'FX Lib' }));
    await ok(admin.post('/api/mod/fx-lib/version', { version: '1.0', md5: md5Of('fx-lib-1.0') }));
    await ok(admin.post('/api/modpack', { name: 'FX Pack', slug: 'fx-pack', hidden: false }));
    await ok(
      admin.post('/api/modpack/fx-pack/build', {
        version: '1.0',
        minecraft: '1.20.1',
        forge: '47.1.0',
        is_published: true,
        min_java: '17',
        min_memory: 2048,
      }),
    );
    await ok(admin.post('/api/modpack/fx-pack/build', { version: '2.0', minecraft: '1.20.1' }));
    await ok(admin.post('/api/modpack/fx-pack/1.0/mod', { mod_slug: 'fx-mod', mod_version: '1.0' }));
    await ok(admin.post('/api/modpack/fx-pack/1.0/mod', { mod_slug: 'fx-lib', mod_version: '1.0' }));
    const secret = await ok(admin.post('/api/modpack', { name: 'FX Secret', slug: 'fx-secret', private: true }));
    await ok(
      admin.post('/api/modpack/fx-secret/build', {
        version: '1.0',
        minecraft: '1.19.2',
        is_published: true,
        private: true,
      }),
    );
    await ok(admin.post('/api/modpack/fx-secret/1.0/mod', { mod_slug: 'fx-mod', mod_version: '2.0' }));
    const nobodyToken = await userWithToken(admin, 'fx-nobody', [], ['fx-secret']);
    await ok(admin.post('/api/key', { name: 'FX Key', api_key: KEY_VALUE }));
    await ok(admin.post('/api/client', { name: 'FX Client', uuid: CLIENT_UUID }));
    await ok(admin.put(`/api/client/${CLIENT_UUID}`, { modpacks: [secret.id] }), 200);
    tokens = { admin: t.adminToken, nobody: nobodyToken };
    nobody = t.anon.as(nobodyToken);
  }, 180_000);

  afterAll(async () => {
    agent?.destroy();
    await t?.stop();
  });

  const raw = (req: RawRequest) => send(base, agent, req);
  const json = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8');
  const auth = (token: string | undefined): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};

  it('generates what it should (pools and encodings)', () => {
    for (const text of MALFORMED) {
      expect(text.trim()).not.toBe('');
      expect(() => JSON.parse(text)).toThrow();
    }
    for (const text of ODD_JSON) expect(() => JSON.parse(text.replace(/^\ufeff/, ''))).not.toThrow();
    expect(encodeSegment('a b/ü', 'minimal')).toBe('a%20b%2F%C3%BC');
    expect(encodeSegment('ab', 'all')).toBe('%61%62');
    expect(encodeSegment('\ud800', 'minimal')).toBe('%ED%A0%80');
    expect(encodeSegment('é', 'lower')).toBe('%c3%a9');
    for (const name of Object.values(NAMES).flat()) expect(mayName(name.toUpperCase())).toBe(true);
    expect(mayName('01')).toBe(true);
  });

  describe('known defects stay fixed', () => {
    it('U+0000 or a lone surrogate in a path segment answers as an absent record would, and writes nothing', async () => {
      const before = await snapshot();
      const a = tokens.admin;
      const cases: [string, string, string | undefined, unknown, number, string][] = [
        ['GET', '/api/mod/fx%00mod', undefined, undefined, 404, 'Mod does not exist'],
        ['GET', '/api/mod/fx-mod%00', undefined, undefined, 404, 'Mod does not exist'],
        ['GET', '/api/mod/fx-mod/1.0%00', undefined, undefined, 404, 'Mod version does not exist'],
        ['GET', '/api/mod/no%00mod/1.0', undefined, undefined, 404, 'Mod does not exist'],
        ['GET', '/api/mod/absent-mod/%00', undefined, undefined, 404, 'Mod does not exist'],
        ['GET', '/api/modpack/fx-pack%00', undefined, undefined, 404, 'Modpack does not exist'],
        ['GET', '/api/modpack/fx-pack/1.0%00', undefined, undefined, 404, 'Build does not exist'],
        ['GET', '/api/modpack/fx-secret/1.0%00', undefined, undefined, 404, 'Modpack does not exist'],
        ['GET', '/api/modpack/fx-secret/1.0%00', tokens.nobody, undefined, 404, 'Build does not exist'],
        ['GET', '/api/verify/%00', undefined, undefined, 403, 'Invalid key provided.'],
        ['PUT', '/api/mod/fx-mod%00', undefined, { pretty_name: 'X' }, 401, 'Unauthenticated.'],
        ['PUT', '/api/mod/fx-mod%00', tokens.nobody, { pretty_name: 'X' }, 403, 'This action is unauthorized.'],
        ['PUT', '/api/mod/fx-mod%00', a, { pretty_name: 'X' }, 404, 'Mod not found.'],
        ['PUT', '/api/mod/fx-mod%00', a, { pretty_name: '' }, 404, 'Mod not found.'],
        ['DELETE', '/api/mod/%00', a, undefined, 404, 'Mod not found.'],
        ['POST', '/api/mod/fx-mod%00/version', a, { version: '3', md5: md5Of('3') }, 404, 'Mod not found.'],
        ['PUT', '/api/mod/fx-mod/1.0%00', a, { filesize: 1 }, 404, 'Mod version not found.'],
        ['DELETE', '/api/mod/fx-mod/%00', a, undefined, 404, 'Mod version not found.'],
        ['DELETE', '/api/mod/absent-mod/%00', a, undefined, 404, 'Mod not found.'],
        ['PUT', '/api/modpack/fx-pack%00', a, { name: 'X' }, 404, 'Modpack not found.'],
        ['DELETE', '/api/modpack/%00fx-pack', a, undefined, 404, 'Modpack not found.'],
        ['POST', '/api/modpack/fx-pack%00/clone', a, { name: 'C', slug: 'c' }, 404, 'Modpack not found.'],
        ['POST', '/api/modpack/fx-pack%00/build', a, { version: '9', minecraft: '1' }, 404, 'Modpack not found.'],
        ['PUT', '/api/modpack/fx-pack/1.0%00', a, { minecraft: '1' }, 404, 'Build not found.'],
        ['DELETE', '/api/modpack/fx-pack/%00', a, undefined, 404, 'Build not found.'],
        ['DELETE', '/api/modpack/absent-pack/%00', a, undefined, 404, 'Modpack not found.'],
        ['DELETE', '/api/modpack/fx-secret/%00', tokens.nobody, undefined, 403, 'This action is unauthorized.'],
        ['POST', '/api/modpack/fx-pack/1.0%00/mod', a, { mod_slug: 'fx-mod' }, 404, 'Build not found.'],
        ['PUT', '/api/modpack/fx-pack/1.0/mod/fx-mod%00', a, { mod_version: '2.0' }, 404, 'Mod not found.'],
        ['DELETE', '/api/modpack/fx-pack/1.0/mod/%00', a, undefined, 404, 'Mod not found.'],
        ['DELETE', '/api/modpack/fx-pack/9.9/mod/%00', a, undefined, 404, 'Build not found.'],
        ['PUT', '/api/user/fx-nobody%00', a, { permissions: [] }, 404, 'User not found.'],
        ['DELETE', '/api/user/admin%00', a, undefined, 404, 'User not found.'],
        ['POST', '/api/user/admin%00/token', a, { name: 't' }, 404, 'User not found.'],
        ['PUT', `/api/client/${CLIENT_UUID}%00`, a, { name: 'x' }, 404, 'Client not found.'],
        ['DELETE', '/api/client/%00', a, undefined, 404, 'Client not found.'],
        ['DELETE', '/api/token/1%00', a, undefined, 404, 'Token not found.'],
        ['DELETE', '/api/key/%00', a, undefined, 404, 'Key not found.'],
      ];
      const failures: string[] = [];
      for (const [method, path, token, body, status, error] of cases) {
        const headers: Record<string, string> = { ...auth(token) };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await raw({ method, path, headers, body: body === undefined ? undefined : json(body) });
        const got = { status: res.status, text: res.text, type: res.headers['content-type'] };
        const want = { status, text: JSON.stringify({ error }), type: 'application/json; charset=utf-8' };
        if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${method} ${path}: ${JSON.stringify(got)}`);
      }
      expect(failures).toEqual([]);
      // Segments that are not UTF-8 at all (a lone surrogate's bytes, bad escapes) or too long.
      for (const path of ['/api/mod/%ED%A0%80', '/api/modpack/fx-pack/%zz', '/api/user/%C0%80', '/api/mod/fx-mod/%']) {
        const res = await raw({ method: 'DELETE', path, headers: auth(a) });
        expect({ path, status: res.status, body: JSON.parse(res.text) }).toEqual({
          path,
          status: 400,
          body: { error: 'The URL is not valid: bad percent-encoding or UTF-8.' },
        });
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
      const long = await raw({ method: 'GET', path: `/api/mod/${'a'.repeat(1001)}`, headers: {} });
      expect({ status: long.status, body: JSON.parse(long.text) }).toEqual({
        status: 414,
        body: { error: 'URI too long.' },
      });
      expect(await snapshot()).toEqual(before);
    });

    it('U+0000 or a lone surrogate in a body string → 422 for that field, nothing written', async () => {
      const before = await snapshot();
      // [method, path, body, the one field refused]
      const cases: [string, string, Record<string, unknown>, string][] = [
        ['POST', '/api/mod', { name: 'nul-mod', pretty_name: 'a\u0000b' }, 'pretty_name'],
        ['POST', '/api/mod', { name: 'nul-mod', pretty_name: 'ok', link: 'https://e.com/\u0000' }, 'link'],
        ['PUT', '/api/mod/fx-mod', { author: '\ud800' }, 'author'],
        ['PUT', '/api/mod/fx-mod', { description: 'x\udfffy' }, 'description'],
        ['POST', '/api/mod/fx-mod/version', { version: '3.0\u0000', md5: md5Of('3') }, 'version'],
        ['PUT', '/api/modpack/fx-pack', { name: 'x\udc00' }, 'name'],
        ['PUT', '/api/modpack/fx-pack', { recommended: '1.0\u0000' }, 'recommended'],
        ['POST', '/api/modpack/fx-pack/build', { version: '9.0', minecraft: '1.20\u0000' }, 'minecraft'],
        [
          'POST',
          '/api/modpack/fx-pack/build',
          { version: '9.1', minecraft: '1', clone_from: '1.0\u0000' },
          'clone_from',
        ],
        ['PUT', '/api/modpack/fx-pack/2.0', { forge: '\u0000' }, 'forge'],
        ['POST', '/api/modpack/fx-pack/1.0/mod', { mod_slug: 'fx-mod\u0000', mod_version: '2.0' }, 'mod_slug'],
        ['PUT', '/api/modpack/fx-pack/1.0/mod/fx-mod', { mod_version: '2.0\u0000' }, 'mod_version'],
        ['POST', '/api/user', { username: 'nul-user', modpacks: ['fx-pack\u0000'] }, 'modpacks'],
        ['PUT', '/api/user/fx-nobody', { modpacks: ['\ud800'] }, 'modpacks'],
        ['POST', '/api/user/fx-nobody/token', { name: 'a\u0000' }, 'name'],
        ['POST', '/api/token', { name: '\u0000' }, 'name'],
        ['POST', '/api/key', { name: 'k', api_key: 'a\u0000' }, 'api_key'],
        ['POST', '/api/client', { name: 'c\u0000', uuid: randomUUID() }, 'name'],
        ['PUT', `/api/client/${CLIENT_UUID}`, { name: '\udbff' }, 'name'],
      ];
      const failures: string[] = [];
      for (const [method, path, body, field] of cases) {
        // Lists of slugs say which element is wrong the Laravel way.
        const message = field === 'modpacks' ? 'The selected modpacks is invalid.' : TEXT_MESSAGE(field);
        const res = await t.admin.request(method, path, body);
        if (res.status !== 422 || JSON.stringify(res.body) !== JSON.stringify({ error: { [field]: [message] } })) {
          failures.push(`${method} ${path} ${JSON.stringify(body)}: ${res.status} ${res.text}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });

    it('a bare OPTIONS (no Origin, no Access-Control-Request-Method) is answered, never with a text error', async () => {
      for (const [path, headers] of [
        ['/api/mod', {}],
        ['/api/mod/fx-mod/1.0', {}],
        ['/nowhere', {}],
        ['*', {}],
        ['/api/mod', { origin: 'https://app.example.org' }],
        ['/api/mod', { 'access-control-request-method': 'POST' }],
      ] as [string, Record<string, string>][]) {
        const res = await raw({ method: 'OPTIONS', path, headers });
        expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 204 });
        expect(res.text).toBe('');
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    });

    it('an Expect other than 100-continue → 417 JSON; unknown methods → JSON errors', async () => {
      const res = await raw({ method: 'GET', path: '/api/mod', headers: { expect: 'the-unexpected' } });
      expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
        status: 417,
        body: { error: 'Expectation failed.' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const cont = await raw({ method: 'GET', path: '/api/mod', headers: { expect: '100-continue' } });
      expect(cont.status).toBe(200);
      // Node's parser refuses a method it does not know before Fastify sees the request.
      const foo = await raw({ method: 'FOO', path: '/api/mod', headers: {} });
      expect({ status: foo.status, body: JSON.parse(foo.text) }).toEqual({
        status: 400,
        body: { error: 'Bad request.' },
      });
      const patch = await raw({ method: 'PATCH', path: '/api/mod/fx-mod', headers: auth(tokens.admin) });
      expect([404, 405]).toContain(patch.status);
      expect(isErrorBody(JSON.parse(patch.text))).toBe(true);
    });
  });

  it(`fires ${BATCHES * BATCH_SIZE} generated requests: no 5xx, JSON errors with CORS, refused writes change nothing`, async () => {
    const started = Date.now();
    const statuses = new Map<number, number>();
    let baseline = await snapshot();
    let verified = 0;
    let rebaselined = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(requestArb(tokens), { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }),
        async (batch) => {
          const replies = await pool(batch, CONCURRENCY, (req) =>
            raw(req).catch((err: Error) => ({ status: -1, headers: {}, text: String(err) }) as RawReply),
          );
          const failures: string[] = [];
          let wrote = false;
          batch.forEach((req, i) => {
            const res = replies[i];
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const problems = res.status === -1 ? [`no answer: ${res.text}`] : problemsOf(req, res);
            if (req.write && res.status > 0 && res.status < 400) wrote = true;
            if (problems.length) {
              failures.push(
                `${problems.join('; ')}\n    request: ${describeRequest(req)}\n    answer: ${res.status} ${show(res.text)}`,
              );
            }
          });
          let after = await snapshot();
          if (!wrote) {
            verified++;
            if (JSON.stringify(after) !== JSON.stringify(baseline)) {
              failures.push(
                `refused writes changed data:\n    before: ${show(JSON.stringify(baseline), 4000)}\n    after: ${show(
                  JSON.stringify(after),
                  4000,
                )}\n    writes: ${batch
                  .filter((r) => r.write)
                  .map(describeRequest)
                  .join('\n      ')}`,
              );
            }
          } else {
            // A write succeeded (random JSON that happened to be valid): its effects may travel by
            // events, so wait for a stable state before it becomes the new baseline.
            rebaselined++;
            for (let i = 0; i < 10; i++) {
              await new Promise((r) => setTimeout(r, 500));
              const again = await snapshot();
              if (JSON.stringify(again) === JSON.stringify(after)) break;
              after = again;
            }
          }
          baseline = after;
          if (process.env.FUZZ_PROGRESS) console.log(`batch done at ${((Date.now() - started) / 1000).toFixed(1)} s`);
          if (failures.length) {
            throw new Error(`seed ${SEED}: ${failures.length} failure(s):\n  ${failures.slice(0, 10).join('\n  ')}`);
          }
        },
      ),
      // No shrinking: a batch's report already names every failing request, and re-sending
      // batches to shrink would take minutes.
      { seed: SEED, numRuns: BATCHES, endOnFailure: true },
    );

    const seconds = (Date.now() - started) / 1000;
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b);
    console.log(
      `fuzz: seed ${SEED}, ${BATCHES * BATCH_SIZE} generated requests in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries(histogram))}; ` +
        `${verified} batches checked for unchanged data, ${rebaselined} with a successful write`,
    );
    // Most batches must have been checked for unchanged data, or the third property means little.
    expect(verified).toBeGreaterThanOrEqual(Math.ceil(BATCHES * 0.9));
    expect(statuses.get(-1) ?? 0).toBe(0);
  }, 600_000);

  it('round-trips valid but unusual text and versions, percent-encoded in paths as they come', async () => {
    let runs = 0;
    const mirror = t.mirrorUrl.replace(/\/+$/, '');
    const versionArb = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom(...' %+?#&\\;=."\'<€😀ßİ\u00a0\u200b\u2028'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        minLength: 1,
        maxLength: 30,
      })
      // what the version rule takes (a lone surrogate is no text at all)
      .filter((v) => VERSION_PATTERN.test(v) && !/[\ud800-\udfff]/u.test(v));
    const textArb = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 60 })
      // eslint-disable-next-line no-control-regex -- U+0000 and lone surrogates are refused (tested above)
      .filter((s) => !/[\u0000\ud800-\udfff]/u.test(s));
    const admin = auth(tokens.admin);
    const headers = { ...admin, 'content-type': 'application/json' };

    await fc.assert(
      fc.asyncProperty(versionArb, textArb, styleArb, async (version, text, style) => {
        // A mod of its own per run, deleted with its versions whatever happens.
        const mod = `fx-rt-${++runs}`;
        await ok(t.admin.post('/api/mod', { name: mod, pretty_name: 'Round trip' }));
        try {
          const at = `/api/mod/${mod}/${encodeSegment(version, style)}`;
          const md5 = md5Of(version);
          const created = await raw({
            method: 'POST',
            path: `/api/mod/${mod}/version`,
            headers,
            body: json({ version, md5 }),
          });
          expect({ status: created.status, text: created.text }).toMatchObject({ status: 201 });
          expect(JSON.parse(created.text).version).toBe(version);
          const read = await raw({ method: 'GET', path: at, headers: {} });
          expect({ status: read.status, body: JSON.parse(read.text) }).toMatchObject({
            status: 200,
            body: { md5, filesize: null, url: `${mirror}/mods/${mod}/${mod}-${encodeURIComponent(version)}.zip` },
          });
          const body = json({ pretty_name: text, description: text });
          const updated = await raw({ method: 'PUT', path: `/api/mod/${mod}`, headers, body });
          expect({ status: updated.status, text: updated.text }).toMatchObject({ status: 200 });
          const shown = JSON.parse((await raw({ method: 'GET', path: `/api/mod/${mod}`, headers: {} })).text);
          expect({ pretty_name: shown.pretty_name, description: shown.description, versions: shown.versions }).toEqual({
            pretty_name: text,
            description: text,
            versions: [version],
          });
          const deleted = await raw({ method: 'DELETE', path: at, headers: admin });
          expect({ status: deleted.status, text: deleted.text }).toEqual({
            status: 200,
            text: JSON.stringify({ success: 'Mod version deleted.' }),
          });
        } finally {
          await t.admin.delete(`/api/mod/${mod}`);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 300_000);

  describe('limits', () => {
    it('a body over 1 MiB → 413 {"error":"Payload too large."}, whoever sends it', async () => {
      const before = await snapshot();
      const big = json({ name: 'too-big', pretty_name: 'Too Big', description: 'x'.repeat(1024 * 1024) });
      for (const headers of [auth(tokens.admin), {}]) {
        const res = await raw({
          method: 'POST',
          path: '/api/mod',
          headers: { ...headers, 'content-type': 'application/json' },
          body: big,
        });
        expect({ status: res.status, type: res.headers['content-type'], body: JSON.parse(res.text) }).toEqual({
          status: 413,
          type: 'application/json; charset=utf-8',
          body: { error: 'Payload too large.' },
        });
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
      // Of unknown length (chunked) and far over: refused, maybe by closing the connection.
      const huge = Buffer.alloc(4 * 1024 * 1024, 'y');
      const chunked = await send(base, new http.Agent(), {
        method: 'PUT',
        path: '/api/mod/fx-mod',
        headers: { ...auth(tokens.admin), 'content-type': 'application/json' },
        body: huge,
        chunked: true,
      }).catch((err: NodeJS.ErrnoException) => err.code ?? String(err));
      if (typeof chunked === 'string') expect(['ECONNRESET', 'EPIPE']).toContain(chunked);
      else
        expect({ status: chunked.status, body: JSON.parse(chunked.text) }).toEqual({
          status: 413,
          body: { error: 'Payload too large.' },
        });
      expect(await snapshot()).toEqual(before);
    });

    it('headers over the limit → 431 JSON and the connection closed; the gateway stays up', async () => {
      const oneBig = await rawExchange(
        base,
        `GET /api/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(64 * 1024)}\r\n\r\n`,
        10_000,
      );
      const many = await rawExchange(
        base,
        `GET /api/ HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 300 }, (_, i) => `X-H${i}: ${'v'.repeat(100)}\r\n`).join('')}\r\n`,
        10_000,
      );
      for (const reply of [oneBig, many]) {
        expect(reply.closed).toBe(true);
        const { status, headers, body } = parseRaw(reply.data);
        expect({ status, body }).toEqual({ status: 431, body: { error: 'Request header fields too large.' } });
        expect(headers).toContain('content-type: application/json');
        expect(headers).toContain('access-control-allow-origin: *');
      }
      const root = await raw({ method: 'GET', path: '/api/', headers: {} });
      expect(root.status).toBe(200);
      expect(t.stack.pid('gateway')).toBe(gatewayPid);
    });

    it('slow clients (headers or body never finished) get 408 JSON and are disconnected', async () => {
      // requestTimeout is 30 s, checked every second: cut off 30-31 s after connecting (Node's default
      // check every 30 s let it come as late as 60 s); room above for a busy machine.
      for (const stalled of [await stalledBody, await stalledHeaders]) {
        expect(stalled.closed).toBe(true);
        expect(stalled.afterMs).toBeGreaterThanOrEqual(29_000);
        expect(stalled.afterMs).toBeLessThan(40_000);
        const { status, body } = parseRaw(stalled.data);
        expect({ status, body }).toEqual({ status: 408, body: { error: 'Request timeout.' } });
      }
      expect(await snapshot()).toMatchObject({ 'anon GET /api/mod': { status: 200 } });
    }, 150_000);

    it('no process of the stack exited, the gateway logged no unhandled error', async () => {
      expect(exits).toEqual([]);
      expect(t.stack.pid('gateway')).toBe(gatewayPid);
      expect(t.stack.logs('gateway')).not.toMatch(/unhandled error|router error/);
      console.log(`fuzz: ${fired} requests fired in this file`);
    });
  });
});
