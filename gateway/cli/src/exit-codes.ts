// The exit status of `depot publish`, for CI jobs to act on (docs/cli.md#exit-codes): a refusal
// (1) needs a change to the release, a usage error (2) a change to the command line or the files,
// and an outage (3) only a later run.
import { DepotApiError, DepotUnreachableError } from './api';
import { UsageError } from './options';

/** Done: the build was made, was already as asked, or the dry run answered. */
export const EXIT_OK = 0;
/** Depot refused the release or a file (a 4xx answer), or something unexpected failed. */
export const EXIT_REFUSED = 1;
/** Bad or missing options, a missing token or url, a file unreadable or not an archive. */
export const EXIT_USAGE = 2;
/** Depot unreachable or failing: a network error, 5xx, or 429 after the retries. */
export const EXIT_UNAVAILABLE = 3;

/** A file-system failure (ENOENT, EACCES, EISDIR…) while reading a local file. */
function isFileError(err: unknown): boolean {
  const e = err as { code?: unknown; syscall?: unknown };
  return typeof e?.code === 'string' && typeof e?.syscall === 'string' && /^E[A-Z]+$/.test(e.code);
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof UsageError) return EXIT_USAGE;
  if (err instanceof DepotUnreachableError) return EXIT_UNAVAILABLE;
  if (err instanceof DepotApiError) {
    // A redirect: the address given is not Depot's API.
    if (err.status >= 300 && err.status < 400) return EXIT_USAGE;
    // Timeouts and rate limits say nothing about the release: a later run may pass.
    if (err.status === 408 || err.status === 429) return EXIT_UNAVAILABLE;
    if (err.status >= 400 && err.status < 500) return EXIT_REFUSED;
    return EXIT_UNAVAILABLE;
  }
  if (isFileError(err)) return EXIT_USAGE;
  return EXIT_REFUSED;
}
