// The gateway alone turns failures into HTTP: Depot reasons from the services, its own
// authentication and validation failures, and outages (503), always as `{"error": ...}`.
import * as grpc from '@grpc/grpc-js';
import { DepotError, type FieldErrors, type Reason } from '@depot/common';
import { fromServiceError, isUnavailable } from '@depot/common/grpc';
import { ANSWERS, type AnswerName } from './messages';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof error === 'string' ? error : 'validation failed');
    this.name = 'HttpError';
  }
}

/** One of the gateway's own answers (messages.ts). */
export const answer = (name: AnswerName, headers?: Record<string, string>) =>
  new HttpError(ANSWERS[name].status, ANSWERS[name].message, headers);

export const unauthenticated = () => answer('unauthenticated');
export const forbidden = () => answer('forbidden');
export const unavailable = () => answer('unavailable');
/** Over a limit, or shed under load (docs/api.md#rate-limits): try again in `seconds`. */
export const tooManyRequests = (seconds: number) =>
  answer('tooManyRequests', { 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

/**
 * How long a request shed by a full queue (BUSY) should wait: auth's password queue empties in
 * about a second (services/auth/src/passwords.ts).
 */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const STATUS_BY_CODE: Partial<Record<grpc.status, number>> = {
  [grpc.status.INVALID_ARGUMENT]: 422,
  [grpc.status.ALREADY_EXISTS]: 422,
  [grpc.status.NOT_FOUND]: 404,
  [grpc.status.FAILED_PRECONDITION]: 409,
  [grpc.status.PERMISSION_DENIED]: 403,
  [grpc.status.UNAUTHENTICATED]: 401,
  [grpc.status.UNAVAILABLE]: 503,
};

/** Reasons whose HTTP status differs from their gRPC code's usual one. */
const STATUS_BY_REASON: Partial<Record<Reason, number>> = {
  INVALID_KEY: 403,
  // The archive server failed a rehash (docs/api.md#rehash-a-version): a bad gateway, not Depot's outage.
  ARCHIVE_MISSING: 502,
  ARCHIVE_UPSTREAM: 502,
  ARCHIVE_TOO_LARGE: 502,
  ARCHIVE_UNREACHABLE: 502,
  ARCHIVE_TIMEOUT: 504,
  // An upload over ARCHIVE_MAX_BYTES, or cut short (docs/api.md#upload-an-archive).
  ARCHIVE_OVER_MAX: 413,
  ARCHIVE_INCOMPLETE: 400,
  // A failed sign-in is a refused form, as Laravel answers it (api/account/session.ts).
  INVALID_CREDENTIALS: 422,
  INVALID_TWO_FACTOR: 422,
};

/**
 * Any thrown value → HTTP error, or null when it is a bug (logged and answered 500); `wording`:
 * the route's words for reasons (messages.ts READ_WORDING).
 */
export function toHttpError(err: unknown, wording?: Partial<Record<Reason, string>>): HttpError | null {
  if (err instanceof HttpError) return err;
  const depot = err instanceof DepotError ? err : fromServiceError(err);
  if (depot) {
    if (depot.reason === 'BUSY') return tooManyRequests(BUSY_RETRY_AFTER_SECONDS);
    const status = STATUS_BY_REASON[depot.reason] ?? STATUS_BY_CODE[depot.code] ?? 500;
    if (depot.details.fields) return new HttpError(status, depot.details.fields);
    return new HttpError(status, wording?.[depot.reason] ?? depot.message);
  }
  if (isUnavailable(err)) return unavailable();
  return null;
}
