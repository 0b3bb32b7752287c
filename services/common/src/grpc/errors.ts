// A DepotError on the wire (domain/errors.ts): the gRPC status it travels as, with its reason and
// details in trailing metadata, and back again on the calling side.
import * as grpc from '@grpc/grpc-js';
import { DepotError, REASONS, type DepotErrorDetails, type Reason } from '../domain/errors';

const DETAILS_KEY = 'depot-error-bin';

/** Server side: a thrown DepotError as a gRPC status object. */
export function toServiceError(err: DepotError): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set(DETAILS_KEY, Buffer.from(JSON.stringify({ reason: err.reason, ...err.details })));
  return { code: err.code, details: err.message, metadata };
}

/**
 * Client side: a failed call as a DepotError when the peer sent a Depot reason, else null
 * (transport failures, deadlines, internal errors: the caller treats those as outages).
 */
export function fromServiceError(err: unknown): DepotError | null {
  const e = err as grpc.ServiceError;
  if (!e || typeof e.code !== 'number' || !e.metadata) return null;
  const raw = e.metadata.get(DETAILS_KEY)[0];
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw)) as {
      reason: Reason;
    } & DepotErrorDetails;
    if (!(parsed.reason in REASONS)) return null;
    const { reason, ...details } = parsed;
    return new DepotError(reason, details, e.details);
  } catch {
    return null;
  }
}

/** True for failures that mean "a dependency is down or slow", not "the request is wrong". */
export function isUnavailable(err: unknown): boolean {
  const code = (err as grpc.ServiceError)?.code;
  return (
    code === grpc.status.UNAVAILABLE ||
    code === grpc.status.DEADLINE_EXCEEDED ||
    code === grpc.status.CANCELLED ||
    code === grpc.status.RESOURCE_EXHAUSTED
  );
}
