// The gateway's own answers, one table: what it refuses before a service is asked (HTTP, bodies,
// credentials, limits) and the outages it reports, each with its status and message. Everything
// that answers one (the HTTP server, the body parsers, the checks, the error handler) and the
// documentation of every route (pipeline/route-docs.ts) read them here; the messages of the services'
// reasons live with the reasons (@depot/common errors.ts). docs/api.md#status-codes lists them.
import { REASONS, type Reason } from '@depot/common';

export const ANSWERS = {
  malformedJson: { status: 400, message: 'The request body is not valid JSON.' },
  invalidContentLength: { status: 400, message: 'Invalid Content-Length.' },
  badRequest: { status: 400, message: 'Bad request.' },
  badUrl: { status: 400, message: 'The URL is not valid: bad percent-encoding or UTF-8.' },
  missingHost: { status: 400, message: 'Missing Host header.' },
  unauthenticated: { status: 401, message: 'Unauthenticated.' },
  forbidden: { status: 403, message: 'This action is unauthorized.' },
  csrfMismatch: { status: 403, message: 'CSRF token mismatch.' },
  notFound: { status: 404, message: 'Not found.' },
  modApiDisabled: { status: 404, message: 'Mod API has been disabled' },
  requestTimeout: { status: 408, message: 'Request timeout.' },
  payloadTooLarge: { status: 413, message: 'Payload too large.' },
  uriTooLong: { status: 414, message: 'URI too long.' },
  unsupportedMediaType: { status: 415, message: 'Unsupported media type: send application/json.' },
  expectationFailed: { status: 417, message: 'Expectation failed.' },
  tooManyRequests: { status: 429, message: 'Too many requests.' },
  headersTooLarge: { status: 431, message: 'Request header fields too large.' },
  internal: { status: 500, message: 'Internal error.' },
  unavailable: { status: 503, message: 'Service unavailable.' },
  consoleNotBuilt: { status: 503, message: 'The web console is not built on this server.' },
  // Archive uploads (api/archives/upload.ts): the body is the file itself, not JSON.
  archiveMediaType: {
    status: 415,
    message:
      'Unsupported media type: send the file as application/octet-stream, application/zip, application/java-archive or application/x-java-archive.',
  },
  archiveTooLarge: { status: 413, message: 'The archive is larger than the server accepts (ARCHIVE_MAX_BYTES).' },
  archiveUploadTimeout: {
    status: 408,
    message:
      'Upload timeout: no byte arrived for ARCHIVE_UPLOAD_IDLE_MS, or the body took longer than ARCHIVE_UPLOAD_TIMEOUT_MS.',
  },
  archiveCutShort: { status: 400, message: 'The upload was cut short: the body ended before all of it arrived.' },
  // Archive downloads (api/archives/download.ts).
  rangeNotSatisfiable: { status: 416, message: 'Range not satisfiable.' },
  archiveStoreUnavailable: { status: 503, message: 'The archive store is unavailable.' },
  upstreamFailed: { status: 502, message: 'The upstream mirror (ARCHIVE_UPSTREAM_URL) failed or cannot be reached.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AnswerName = keyof typeof ANSWERS;

/** `{"error": "<message>"}` of an answer. */
export const errorBody = (name: AnswerName) => ({ error: ANSWERS[name].message });

// Laravel's validation messages (docs/api.md#validation-messages), shared with the services.
export { FIELD_MESSAGES, fieldError, fieldMessage } from '@depot/common';

/**
 * Read routes (the mod and launcher reads) word their 404s as Solder's do; every other route as
 * the services' reasons do (docs/api.md#error-messages).
 */
export const READ_WORDING: Partial<Record<Reason, string>> = {
  MOD_NOT_FOUND: 'Mod does not exist',
  VERSION_NOT_FOUND: 'Mod version does not exist',
  MODPACK_NOT_FOUND: 'Modpack does not exist',
  BUILD_NOT_FOUND: 'Build does not exist',
};

/** The message of a reason as a route words it. */
export function reasonMessage(reason: Reason, wording?: Partial<Record<Reason, string>>): string {
  return wording?.[reason] ?? REASONS[reason].message;
}

/**
 * The refusal of a version added with its md5 left blank whose archive could not be fetched
 * (api/manage/versions.ts), under `md5`: `why` is the fetch's reason with its detail.
 */
export const archiveFetchFailed = (why: string) =>
  `${why} Depot computes the md5 from the archive when it is left blank: upload the file instead, or give its md5.`;
