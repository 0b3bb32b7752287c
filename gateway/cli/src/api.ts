// The three release routes (docs/releases.md): which files Depot holds, hold a file, release a
// build, their bodies typed by the generated client's declarations (@depot/api-client). They are
// sent with fetch here rather than through the generated client: a hold streams a file from disk
// as its body, and every call needs this command's retry policy and its own error messages.
// Every call goes through one retry policy: 429, 502, 503, 504 and network errors are tried again
// (each of the three routes is safe to repeat: a lookup reads, a hold of a held file answers 200,
// a release already made answers 200 "nothing changed"), honouring Retry-After.
import type { paths, Schemas } from '@depot/api-client';

/** A file as this command has it: its name and the sha256 of its bytes. */
export type FileRef = Pick<Schemas['ArchiveLookup'], 'name' | 'sha256'>;

export interface ModVersion {
  mod: string;
  version: string;
}

/** What a file's metadata files say (docs/archives.md#metadata). */
export type ModFacts = Schemas['ModFacts'];

/** One file of a lookup's answer, in the order asked. */
export type LookupEntry = Schemas['ArchiveLookup'];

/** The answer of a hold (201 held now, 200 already held): a lookup entry and what was stored. */
export type HoldAnswer = Schemas['HeldArchive'];

/** The release's body and answer, as the API declares them. */
export type ReleaseRequest = NonNullable<
  paths['/api/manage/modpacks/{slug}/releases']['post']['requestBody']
>['content']['application/json'];
export type ReleaseMod = ReleaseRequest['mods'] extends (infer M)[] | undefined ? M : never;
export type ReleaseAnswer = Schemas['Release'];

/** Depot's error body: a message, or (422) a list of messages per field. */
export interface ErrorBody {
  error: string | Record<string, string[]>;
}

/** Depot answered something other than success. `body`: the parsed JSON, else the text. */
export class DepotApiError extends Error {
  override name = 'DepotApiError';
  /**
   * For a release refused field by field: the file name of each `mods` entry, so that
   * `mods.3.file` can be shown with the file it is about.
   */
  entryNames?: string[];

  constructor(
    readonly status: number,
    readonly body: unknown,
    /** What was asked, for the message: "the release", "jei-1.0.jar", … */
    readonly what: string,
    /** A message of this command's own, instead of Depot's (a redirect, an answer that is not JSON). */
    readonly ownMessage?: string,
  ) {
    super(ownMessage ?? `Depot answered ${status} to ${what}`);
  }
}

/** No answer at all after the retries: DNS, refused or reset connections, TLS. */
export class DepotUnreachableError extends Error {
  override name = 'DepotUnreachableError';

  constructor(
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`cannot reach Depot at ${url}: ${networkDetail(cause)}`);
  }
}

/** The most telling part of a fetch failure ("fetch failed" says nothing; its cause does). */
export function networkDetail(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.message) return cause.message;
  if (cause?.code) return cause.code;
  return (err as Error)?.message ?? String(err);
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** The first wait; doubled each time. */
  baseDelayMs: number;
  /** Longest wait, Retry-After included. */
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  /** Told before each wait (to say why the command pauses). */
  onRetry?: (reason: string, delayMs: number, retry: number, of: number) => void;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 1000,
  // Depot's rate limit window is a minute: a Retry-After never asks for more.
  maxDelayMs: 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * How long to wait before retry number `retry` (1-based): Retry-After when the answer has one
 * (seconds, or an HTTP date), else the doubling backoff; never more than `maxDelayMs`.
 */
export function retryDelayMs(
  retry: number,
  retryAfter: string | null | undefined,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  now = Date.now(),
): number {
  const backoff = policy.baseDelayMs * 2 ** (retry - 1);
  let asked: number | undefined;
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter.trim())) asked = Number(retryAfter.trim()) * 1000;
    else if (!Number.isNaN(Date.parse(retryAfter))) asked = Math.max(0, Date.parse(retryAfter) - now);
  }
  return Math.min(asked ?? backoff, policy.maxDelayMs);
}

/**
 * `send` tried again on 429/502/503/504 and on a thrown (network) error that `retryable` accepts,
 * up to `policy.retries` times. Resolves with the last answer, whatever its status; rejects with
 * the last network error.
 */
export async function fetchWithRetry(
  send: () => Promise<Response>,
  policy: RetryPolicy,
  retryable: (err: unknown) => boolean = () => true,
): Promise<Response> {
  for (let retry = 1; ; retry++) {
    let reason: string;
    let retryAfter: string | null = null;
    try {
      const res = await send();
      if (!RETRY_STATUSES.has(res.status) || retry > policy.retries) return res;
      reason = `Depot answered ${res.status}`;
      retryAfter = res.headers.get('retry-after');
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      if (retry > policy.retries || !retryable(err)) throw err;
      reason = `no answer from Depot (${networkDetail(err)})`;
    }
    const delay = retryDelayMs(retry, retryAfter, policy);
    policy.onRetry?.(reason, delay, retry, policy.retries);
    await policy.sleep(delay);
  }
}

/** The JSON of a successful answer, or a DepotApiError carrying the status and the body. */
async function answer<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML page, an empty body: kept as text for the message.
  }
  if (res.status >= 300 && res.status < 400) {
    // Redirects are not followed: a POST would turn into a GET, a streamed body cannot be sent
    // twice, and the token would go along. The address given is the wrong one.
    const location = res.headers.get('location');
    throw new DepotApiError(
      res.status,
      body,
      what,
      `Depot answered ${res.status}, a redirect${location ? ` to ${location}` : ''}: give Depot's address as --url`,
    );
  }
  if (!res.ok) throw new DepotApiError(res.status, body, what);
  if (typeof body !== 'object' || body === null) {
    throw new DepotApiError(res.status, body, what, `Depot's answer to ${what} is not JSON`);
  }
  return body as T;
}

/** Files per lookup request (Depot's limit). */
export const LOOKUP_BATCH = 1000;

export interface DepotApiOptions {
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  userAgent?: string;
}

export class DepotApi {
  private readonly retry: RetryPolicy;
  private readonly doFetch: typeof fetch;
  private readonly headers: Record<string, string>;

  constructor(
    /** Depot's address, without a trailing slash. */
    readonly baseUrl: string,
    token: string,
    options: DepotApiOptions = {},
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.doFetch = options.fetch ?? fetch;
    this.headers = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    };
  }

  /** A fetch with the retry policy, for the generated client (its Request cloned for each try). */
  readonly fetchForClient = (request: Request): Promise<Response> => this.send(() => this.doFetch(request.clone()));

  private async send(attempt: () => Promise<Response>, retryable?: (err: unknown) => boolean): Promise<Response> {
    try {
      return await fetchWithRetry(attempt, this.retry, retryable);
    } catch (err) {
      if (retryable && !retryable(err)) throw err;
      throw new DepotUnreachableError(this.baseUrl, err);
    }
  }

  private async postJson<T>(path: string, body: unknown, what: string): Promise<T> {
    const res = await this.send(() =>
      this.doFetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
      }),
    );
    return answer<T>(res, what);
  }

  /** Which of these files Depot holds, in the order given (any number: sent 1,000 at a time). */
  async lookup(files: FileRef[]): Promise<LookupEntry[]> {
    const entries: LookupEntry[] = [];
    for (let start = 0; start < files.length; start += LOOKUP_BATCH) {
      const batch = files.slice(start, start + LOOKUP_BATCH).map(({ name, sha256 }) => ({ name, sha256 }));
      const { files: found } = await this.postJson<{ files: LookupEntry[] }>(
        '/api/manage/archives/lookup',
        { files: batch },
        'the lookup',
      );
      if (!Array.isArray(found) || found.length !== batch.length) {
        throw new DepotApiError(
          200,
          found,
          'the lookup',
          `Depot's lookup answered ${found?.length} files for ${batch.length}`,
        );
      }
      entries.push(...found);
    }
    return entries;
  }

  /**
   * Hold one file for a release. `body` makes a fresh stream of it for each try; `retryable`
   * tells a network error (tried again) from a failure to read the file (not).
   */
  async hold(
    name: string,
    size: number,
    body: () => ReadableStream<Uint8Array>,
    retryable?: (err: unknown) => boolean,
  ): Promise<HoldAnswer> {
    const res = await this.send(
      () =>
        this.doFetch(`${this.baseUrl}/api/manage/archives?file_name=${encodeURIComponent(name)}`, {
          method: 'PUT',
          headers: {
            ...this.headers,
            'content-type': 'application/octet-stream',
            // Depot refuses a file over its limit at once (413) when the length is known.
            'content-length': String(size),
          },
          body: body(),
          // A streamed request body (Node's fetch requires saying so).
          duplex: 'half',
          redirect: 'manual',
        }),
      retryable,
    );
    return answer<HoldAnswer>(res, name);
  }

  /** Make (or, with dry_run, preview) a build of `pack`. */
  async release(pack: string, request: ReleaseRequest): Promise<ReleaseAnswer> {
    return this.postJson<ReleaseAnswer>(
      `/api/manage/modpacks/${encodeURIComponent(pack)}/releases`,
      request,
      'the release',
    );
  }
}
