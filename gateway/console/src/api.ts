// The console is one more client of the public API: every read and write goes through the typed
// client generated from the gateway's routes (@depot/api-client), with the session cookie
// (same origin) and, on writes, the CSRF token the session routes hand out. Every rule is the API's:
// the console only shows what the API answers, refusals included, in its own words (wording.ts).
import { depotClient, type Schemas } from '@depot/api-client';
import { personMessage, STATUS_TEXT } from './wording';

export type { Schemas };

let csrfToken: string | undefined;

/** The token the session routes returned; sent with every write made with the session cookie. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** The header of a write outside the typed client (an upload, files/upload.ts). */
export const csrfHeaders = (): Record<string, string> => (csrfToken ? { 'X-CSRF-Token': csrfToken } : {});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const api = depotClient(window.location.origin, { credentials: 'same-origin' });

/**
 * A path with an empty segment (`/api/mod/jei/` for the version "" of a mod) names another, shorter
 * route, or nothing: never sent (the API answers a write's as not found, docs/api.md#paths-and-encoding).
 */
export function refuseEmptySegment(url: string): void {
  const path = new URL(url, window.location.origin).pathname;
  if (path.includes('//') || (path.endsWith('/') && path !== '/api/')) {
    throw new ApiError(0, 'A name in this request is blank, so Depot cannot tell what it is about. Nothing was sent.');
  }
}

api.use({
  onRequest({ request }) {
    refuseEmptySegment(request.url);
    if (!SAFE_METHODS.has(request.method) && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
  onResponse({ response }) {
    // A session that ended (expired, signed out elsewhere): the app goes back to the sign-in page.
    if (response.status === 401) window.dispatchEvent(new Event(SESSION_ENDED));
    return response;
  },
});

/** Dispatched on window when the API answers 401 to a request of the console. */
export const SESSION_ENDED = 'depot:session-ended';

/** Field → messages, as the API's 422 answers give them. */
export type FieldErrors = Record<string, string[]>;

/** A refusal of the API, or a failure to reach it, as the console shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

/** The message of an API error body (`{"error": "..."}` or `{"error": {field: [...]}}`), in the console's words. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (error && typeof error === 'object') {
    const fields = error as FieldErrors;
    const count = Object.keys(fields).length;
    return new ApiError(
      status,
      count === 1 ? 'Correct the field below.' : `Correct the ${count} fields below.`,
      fields,
    );
  }
  const text = typeof error === 'string' ? personMessage(error) : undefined;
  return new ApiError(status, text ?? STATUS_TEXT[status] ?? `The API answered ${status}.`);
}

/** The data of a successful answer of the typed client; an ApiError otherwise. */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await request;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, 'Depot cannot be reached. Check your connection and try again.');
  }
  if (result.response.ok) return result.data as T;
  throw toApiError(result.response.status, result.error);
}
