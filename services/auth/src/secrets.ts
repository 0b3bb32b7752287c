// Tokens, platform keys and launcher ids are looked up by their SHA-256 digest, so the database
// never holds a token or key and an index lookup leaks nothing about how much of a guess matched.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DepotError } from '@depot/common';

export const TOKEN_PREFIX = 'depot_';

/** SHA-256 as 64 lowercase hex characters (the stored form). */
export function digest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A bearer token: 256 random bits, shown once. */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** A platform key when the caller does not choose one: 256 random bits. */
export function generateKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Launcher ids match whatever their case. */
export function clientIdDigest(uuid: string): string {
  return digest(uuid.toLowerCase());
}

/** Constant-time equality of two stored-form digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

// ---------------------------------------------------------------------------------------------
// Errors on their way to a log. The driver writes a failed statement into the error message with
// its values inlined (knex: "<statement> - <database message>"), and the error carries more of
// them (`detail`, `where`, `hint`, and `sql`/`bindings`/`query`/`params` on other shapes). Auth's
// statements hold token and key digests, launcher uuids and usernames, so no error leaves this
// service's code unscrubbed: the gRPC layer logs what it receives (`String(err)` for an outage,
// the whole object for anything unexpected).

/** Properties that name schema objects or classify the failure: kept, they hold no values. */
const KEPT_PROPERTIES = ['code', 'errno', 'sqlState', 'severity', 'routine', 'constraint', 'table', 'column', 'schema'];
/** A V8 stack frame line: `    at fn (/path/file.js:1:2)` or `    at /path/file.js:1:2`. */
const STACK_FRAME = /^ {4}at (?:[\w$.<>[\] ]+ \()?(?:node:|file:\/\/|\/)[^\s()'"]*:\d+:\d+\)?$/;
/**
 * Quoted text in a database or ORM message: values (`invalid input syntax for type uuid: "…"`),
 * an unterminated quote up to the end.
 */
const QUOTED = /'(?:[^'\\]|\\.)*(?:'|$)|"(?:[^"\\]|\\.)*(?:"|$)|`[^`]*(?:`|$)/g;
/** Codes and the names of schema objects (at most PostgreSQL's 63 characters). */
const IDENTIFIER = /^[A-Za-z0-9_$.]{1,63}$/;
/** Anything long and credential-like that is not quoted: digests, uuids, tokens, keys. */
const OPAQUE = /[A-Za-z0-9+/=_-]{20,}/g;

/** An error with nothing a statement carried: the class name, a value-free message, codes, frames. */
export class ScrubbedError extends Error {
  [property: string]: unknown;

  constructor(name: string, message: string, frames: string[], cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    // The original class name, so `isConnectionError` and `isUniqueViolation` still recognize it.
    this.name = name;
    this.stack = [`${name}: ${message}`, ...frames].join('\n');
  }
}

/** The database's own message without the statement in front and without quoted or opaque values. */
export function scrubMessage(message: string): string {
  const separator = message.lastIndexOf(' - ');
  const own = separator >= 0 ? message.slice(separator + 3) : message;
  return own
    .split('\n')[0]
    .replace(QUOTED, (q) => (q.length > 1 && q.endsWith(q[0]) ? `${q[0]}…${q[0]}` : `${q[0]}…`))
    .replace(OPAQUE, '…')
    .trim();
}

/**
 * A copy of `err` safe to log, whatever its shape (driver, ORM, pool or plain errors, causes,
 * aggregates, thrown non-errors). Depot errors pass through: they answer the caller, their
 * messages are the API's own. Name, codes and stack frames are kept, values never.
 */
export function scrubError(err: unknown, depth = 0): unknown {
  if (err instanceof DepotError) return err;
  const e = (err !== null && typeof err === 'object' ? err : {}) as Record<string, unknown>;
  const name = typeof e.name === 'string' && /^[A-Za-z_$][\w$]{0,63}$/.test(e.name) ? e.name : 'Error';
  const message =
    typeof e.message === 'string' ? scrubMessage(e.message) : typeof err === 'string' ? scrubMessage(err) : '';
  const stack = typeof e.stack === 'string' ? e.stack.split('\n') : [];
  const frames = stack.filter((line) => STACK_FRAME.test(line));
  const cause = depth < 5 && e.cause !== undefined ? scrubError(e.cause, depth + 1) : undefined;
  const scrubbed = new ScrubbedError(name, message, frames, cause);
  // AggregateError (e.g. a connection refused on every address of a host name)
  if (depth < 5 && Array.isArray(e.errors))
    scrubbed.errors = e.errors.slice(0, 10).map((x) => scrubError(x, depth + 1));
  for (const key of KEPT_PROPERTIES) {
    const value = e[key];
    if (typeof value === 'number' || (typeof value === 'string' && IDENTIFIER.test(value))) scrubbed[key] = value;
  }
  return scrubbed;
}

/** Handlers whose failures are scrubbed before anything (the gRPC layer) logs them. */
export function scrubbingFailures<H extends object>(handlers: H): H {
  const wrapped: Record<string, unknown> = {};
  for (const [method, handler] of Object.entries(handlers)) {
    wrapped[method] =
      typeof handler === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (handler as (...a: unknown[]) => Promise<unknown>)(...args);
            } catch (err) {
              throw scrubError(err);
            }
          }
        : handler;
  }
  return wrapped as H;
}
