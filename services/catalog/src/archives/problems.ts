// Why an archive could not be fetched and hashed (fetch.ts), and how each cause answers
// as a Depot error.
import { DepotError, REASONS, type Reason } from '@depot/common';

/** Why an archive could not be hashed; each answers differently (see the gateway's rehash route). */
export type ArchiveProblem =
  /** The URL is not one Depot may fetch: scheme, host not allowed, private address. */
  | 'refused'
  /** The server answered 404 or 410. */
  | 'missing'
  /** Another answer than 200 (or too many redirects, or a body cut short). */
  | 'upstream'
  /** Larger than the size limit. */
  | 'too_large'
  /** No connection within the connect timeout, or not complete within the transfer timeout. */
  | 'timeout'
  /** No connection at all: unknown host, refused, reset, TLS failure. */
  | 'unreachable';

export class ArchiveFetchError extends Error {
  constructor(
    readonly problem: ArchiveProblem,
    message: string,
    /** The HTTP status the server answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ArchiveFetchError';
  }
}

const REASON_OF: Record<ArchiveProblem, Reason> = {
  refused: 'ARCHIVE_REFUSED',
  missing: 'ARCHIVE_MISSING',
  upstream: 'ARCHIVE_UPSTREAM',
  too_large: 'ARCHIVE_TOO_LARGE',
  timeout: 'ARCHIVE_TIMEOUT',
  unreachable: 'ARCHIVE_UNREACHABLE',
};

/** The failure as the Depot error a service answers: "The archive is missing: <url> answered 404." */
export function archiveError(err: ArchiveFetchError): DepotError {
  const reason = REASON_OF[err.problem];
  return new DepotError(reason, {}, `${REASONS[reason].message.replace(/\.$/, '')}: ${err.message}.`);
}
