// Structured JSON logs (pino); pretty in the local stack (LOG_PRETTY=true). Secrets never appear:
// authorization headers, tokens and keys are redacted wherever they sit in a log object.
import pino, { type DestinationStream, type Logger } from 'pino';
import { withoutStatements } from './scrub';
import { activeTraceIds, tracingEnabled } from './tracing';

export const REDACT_PATHS = [
  'authorization',
  'token',
  'plaintext',
  'api_key',
  'key',
  'password',
  'current_password',
  '*.authorization',
  '*.token',
  '*.plaintext',
  '*.api_key',
  '*.password',
  '*.current_password',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  // Launcher read credentials (?k=, ?cid=) when a parsed query is logged.
  'query.k',
  'query.cid',
  'req.query.k',
  'req.query.cid',
  '*.query.k',
  '*.query.cid',
];

/** Query parameters whose values are credentials: `k` (platform key), `cid` (launcher client)... */
const SECRET_QUERY = /([?&](?:k|cid|token|api_key|key)=)[^&#\s]*/gi;

/** A URL (or path) with the values of credential query parameters replaced. */
export function redactQuery(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Redacts credentials in the URL fields a log object may carry (`url`, `req.url`). */
function redactUrls(obj: Record<string, unknown>): Record<string, unknown> {
  let out = obj;
  if (typeof obj.url === 'string' && obj.url.includes('=')) out = { ...out, url: redactQuery(obj.url) };
  const req = obj.req as Record<string, unknown> | undefined;
  if (req && typeof req === 'object' && typeof req.url === 'string' && req.url.includes('=')) {
    out = { ...out, req: { ...req, url: redactQuery(req.url) } };
  }
  return out;
}

/** Pino's serializer of `err`, an Error or its text, without failed statements. */
function serializeError(err: unknown): unknown {
  if (typeof err === 'string') return withoutStatements(err);
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack']) {
    if (typeof out[key] === 'string') out[key] = withoutStatements(out[key] as string);
  }
  for (const key of ['sql', 'query', 'bindings', 'parameters', 'params']) delete out[key];
  return out;
}

/**
 * Colour in pretty logs only toward a terminal, never into a file or a pipe. LOG_COLOR=true|false
 * decides for a process whose output goes through a pipe on its way to a terminal (the services
 * under `npm start`, whose launcher knows); NO_COLOR (no-color.org) always turns it off.
 */
export function logColor(env: NodeJS.ProcessEnv = process.env, stdout: { isTTY?: boolean } = process.stdout): boolean {
  if (env.NO_COLOR) return false;
  if (env.LOG_COLOR === 'true' || env.LOG_COLOR === 'false') return env.LOG_COLOR === 'true';
  return stdout.isTTY === true;
}

/**
 * Standard output written in batches rather than one write per line: lines gather until 4 KiB are
 * waiting or 100 ms have passed, then go out in one write. For a process that logs every request
 * (the gateway's access log) a write per line is a system call per request in the process, and a
 * wake-up per request of whatever reads the output (docs/performance.md, the log in batches). Buffered lines are written on every exit that runs
 * the process's `exit` handlers (a stop by SIGTERM or SIGINT through runMain, an uncaught exception,
 * process.exit); one that does not (SIGKILL, an out-of-memory abort) loses at most the last 100 ms
 * of lines (docs/operations.md, logs).
 */
export function bufferedStdout(): DestinationStream {
  return bufferedDestination(1);
}

/**
 * Lines in batches, as bufferedStdout, to a file descriptor or a file (appended to; its folder
 * made if missing), flushed on exit.
 */
export function bufferedDestination(dest: number | string): DestinationStream {
  // pino's destination (sonic-boom) gathering lines and writing each batch synchronously. Its
  // asynchronous mode writes from libuv's thread pool, and a batch still in flight at exit landed
  // after the lines flushed at exit: a crash's last lines came out of order (buffered-log.test.ts).
  const stream = pino.destination({
    dest,
    sync: true,
    minLength: 4096,
    periodicFlush: 100,
    ...(typeof dest === 'string' ? { mkdir: true, append: true } : {}),
  });
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output closed (EPIPE): nothing can be written any more.
    }
  });
  return stream;
}

/**
 * A logger for one process. Every line inside a traced request or event carries `trace_id` and
 * `span_id` (the gateway's lines also carry Fastify's `reqId`). `output`: standard output, one
 * write per line (the default) or `buffered` (bufferedStdout), or a stream for tests. Pretty logs
 * (LOG_PRETTY) go through pino-pretty's worker thread whichever standard output is asked for.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  output: 'stdout' | 'buffered' | DestinationStream = 'stdout',
): Logger {
  const toStdout = output === 'stdout' || output === 'buffered';
  const pretty = process.env.LOG_PRETTY === 'true' && toStdout;
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: activeTraceIds,
    formatters: { log: redactUrls },
    serializers: { err: serializeError },
    transport: pretty
      ? { target: 'pino-pretty', options: { colorize: logColor(), translateTime: 'SYS:HH:MM:ss.l' } }
      : undefined,
  };
  if (!toStdout) return pino(options, output);
  return output === 'buffered' && !pretty ? pino(options, bufferedStdout()) : pino(options);
}

/**
 * The logger of a process's access lines (the gateway's one line per request): `logger`'s name,
 * pid, hostname and level, and its trace ids while tracing is on, written to `logger`'s own
 * destination (the same stream: lines stay in order) or, given `file`, appended to that file as
 * JSON lines in batches (bufferedDestination) whatever LOG_PRETTY says. A logger of its own rather
 * than a child: a child inherits its parent's per-line work (the URL formatter, the trace-id mixin
 * and its merge even while tracing is off; the redaction, unless turned off as the access log did),
 * none of which a line of flat, fixed fields needs (request id, method, route pattern, status, time:
 * never a secret) (docs/performance.md#the-production-settings-hot-path-2026-12).
 */
export function createAccessLogger(logger: Logger, file?: string): Logger {
  const destination = file
    ? bufferedDestination(file)
    : ((logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym] ?? pino.destination(1));
  // Every binding of `logger`, pid and hostname included (which bindings() leaves out), in its order.
  const chindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  const base = JSON.parse(`{${chindings.slice(1)}}`) as Record<string, unknown>;
  return pino({ level: logger.level, base, mixin: tracingEnabled() ? activeTraceIds : undefined }, destination);
}

export type { Logger };
