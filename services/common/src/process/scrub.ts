// Errors on their way to a log. The driver writes a failed statement into the error message with
// its values inlined (knex: "<statement> - <database message>"), and the error carries more of
// them (`detail`, `where`, `hint`, and `sql`/`bindings`/`query`/`params` on other shapes).
// - Every service's logger drops the statement (`withoutStatements`, used by logger.ts).
// - A service whose statements hold secrets (auth: token and key digests, launcher uuids,
//   usernames) scrubs every error before it leaves its code (`scrubError`, `scrubbingFailures`):
//   no value at all survives, quoted or not.
import { DepotError } from '../domain/errors';

/**
 * A failed statement's error begins with its SQL, parameters inlined (knex's `<sql> - <reason>`,
 * kept by MikroORM): a token's or a client's digest, a user's e-mail address. Logs keep the
 * database's reason only.
 */
const FAILED_STATEMENT =
  /(^|: )\s*(?:select|insert|update|delete|with|begin|commit|rollback|savepoint|release|set|lock|create|alter|drop|truncate|copy)\b[\s\S]* - /gi;

/** The text of an error without the statement that failed. */
export function withoutStatements(text: string): string {
  return text.replace(FAILED_STATEMENT, '$1[statement] - ');
}

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
