// What the operator reads when a command fails: one clear line (more for field errors), and the
// exit code. Service errors arrive as gRPC statuses carrying a Depot reason (fromServiceError);
// transport failures say which service could not be reached.
import { DepotError } from '@depot/common';
import { ConfigError } from '@depot/common/process';
import { fromServiceError, isUnavailable } from '@depot/common/grpc';
import { redactUrl } from '@depot/common/runtime';

export const EXIT_FAILURE = 1;
/** Wrong command line (as entrypoint.js and BSD's EX_USAGE). */
export const EXIT_USAGE = 64;

/** A failure the CLI itself detected, with the message to print. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_FAILURE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Which service a call went to, so an outage message can name it. */
export class ServiceCallError extends Error {
  constructor(
    readonly service: string,
    readonly address: string,
    override readonly cause: unknown,
    /** What to do when the service cannot be reached (which setting to check or give). */
    readonly hint = `check ${service.toUpperCase()}_GRPC_ADDR`,
  ) {
    super(`${service} call failed`);
    this.name = 'ServiceCallError';
  }
}

function describeDepotError(err: DepotError): string {
  const fields = err.details.fields;
  if (!fields || !Object.keys(fields).length) return err.message;
  if (Object.values(fields).every((messages) => messages.every((m) => m === err.message))) return err.message;
  const lines = Object.entries(fields).map(([field, messages]) => `  ${field}: ${messages.join(' ')}`);
  return `${err.message}\n${lines.join('\n')}`;
}

/** The message for any error a command may end with. */
export function describeError(err: unknown): string {
  if (err instanceof CliError || err instanceof ConfigError) return err.message;
  if (err instanceof DepotError) return describeDepotError(err);
  if (err instanceof ServiceCallError) {
    const depot = fromServiceError(err.cause);
    if (depot) return describeDepotError(depot);
    const detail = String(
      (err.cause as { details?: string })?.details || (err.cause as Error)?.message || err.cause,
    ).replace(/\.?\s*Resolution note:\s*$/, '');
    if (isUnavailable(err.cause)) {
      return `cannot reach the ${err.service} service at ${err.address} (${detail}); ${err.hint}`;
    }
    return `${err.service} service error: ${detail}`;
  }
  const depot = fromServiceError(err);
  if (depot) return describeDepotError(depot);
  const e = err as { message?: string; code?: string };
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === '28P01' || e?.code === '3D000') {
    // pg connection failures: the message names host or database, never the password.
    return `database: ${e.message}`;
  }
  return e?.message ? redactUrlsIn(e.message) : String(err);
}

/** Passwords in any database URL of a message (postgres, mysql, mariadb) become ***. */
export function redactUrlsIn(message: string): string {
  return message.replace(/(?:postgres(?:ql)?|mysql|mariadb):\/\/[^\s'"]+/g, (url) => redactUrl(url));
}
