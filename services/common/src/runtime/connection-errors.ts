// What a failed database call means, read from the error alone (no driver loaded): the gRPC
// server maps a connection error to UNAVAILABLE in every process, the gateway's included, which
// has no database and must not load one to ask.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled: statement_timeout, or cancelled by an operator; the database is overloaded
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

/** True when an error means the database (or another dependency) is unreachable. */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: string; message?: string; cause?: unknown; name?: string } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (e.code && CONNECTION_CODES.has(e.code)) return true;
    if (e.name === 'ConnectionException' || e.name === 'KnexTimeoutError') return true;
    const msg = typeof e.message === 'string' ? e.message : '';
    // A BEGIN that failed because the connection was lost (the database restarting): knex keeps
    // that error to itself and fails the transaction's first statement with this message instead.
    if (/^Transaction query already complete/.test(msg)) return true;
    if (
      /Timeout acquiring a connection|Connection terminated|connection error and is not queryable|connect ECONNREFUSED|the database system is (starting|shutting) up|terminating connection|is not currently accepting connections/i.test(
        msg,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** True for a unique-constraint violation (the loser of a race on a unique key). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; name?: string; message?: string };
  const unique = e?.code === '23505' || e?.name === 'UniqueConstraintViolationException';
  return unique && (!constraint || e.constraint === constraint || (e.message ?? '').includes(constraint));
}
