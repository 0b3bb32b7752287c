// Who is calling: the user of a bearer token or, when no Authorization header is sent, of the
// console's session cookie (401 without either; checks.ts checks the CSRF token of a cookie's
// writes and the permission), and the read access of launcher routes from `k`, `cid`, bearer
// tokens and the session (bad ones grant nothing, never 401). docs/api.md#access-model.
import type { FastifyRequest } from 'fastify';
import type { authV1, buildsV1 } from '@depot/proto';
import { FULL } from '@depot/common';
import { type Logger } from '@depot/common/process';
import { fromServiceError } from '@depot/common/grpc';
import type { ServiceClients } from '../clients';
import { HttpError, toHttpError, unauthenticated } from '../errors';
import { sessionCookie } from './session';

export type Principal = authV1.Principal__Output;
/** The bearer token of the request: undefined when absent, null when the header is malformed. */
export function bearerToken(req: FastifyRequest): string | null | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The session the request is made with: the cookie's, unless an Authorization header is sent. */
export function requestSession(req: FastifyRequest): string | undefined {
  return req.headers.authorization === undefined ? sessionCookie(req) : undefined;
}

/**
 * The caller: the bearer token's user when an Authorization header is sent (even with a cookie),
 * else the session's, with `session` set to its token. 401 for a missing, malformed or unknown one.
 */
export async function authenticate(
  req: FastifyRequest,
  clients: ServiceClients,
): Promise<{ principal: Principal; session?: string }> {
  const token = bearerToken(req);
  const session = requestSession(req);
  if (!token && !session) throw unauthenticated();
  try {
    if (session) return { principal: await clients.auth.AuthenticateSession({ token: session }), session };
    return { principal: await clients.auth.Authenticate({ token: token! }) };
  } catch (err) {
    const depot = fromServiceError(err);
    if (depot?.reason === 'UNAUTHENTICATED') throw unauthenticated();
    throw toHttpError(err) ?? err;
  }
}

/** Whether the request names a caller: a bearer token or a session cookie. */
export function carriesIdentity(req: FastifyRequest): boolean {
  return bearerToken(req) !== undefined || !!requestSession(req);
}

/**
 * The caller of a public read that shows more to some users (private notes): the user of the
 * bearer token or session when one is sent. Without credentials no RPC is made; wrong ones count
 * as none, never a 401; if auth is down the read is served as an anonymous one.
 */
export async function optionalPrincipal(
  req: FastifyRequest,
  clients: ServiceClients,
  logger: Logger,
): Promise<Principal | undefined> {
  if (!carriesIdentity(req)) return undefined;
  try {
    return (await authenticate(req, clients)).principal;
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 401)) {
      logger.warn({ err: String(err) }, 'auth unavailable; serving read as anonymous');
    }
    return undefined;
  }
}

/** The modpacks a principal may write: all with solder_full, else its access list. */
export function scopeOf(principal: Principal): buildsV1.Access {
  return { all: principal.permissions.includes(FULL), modpack_ids: principal.modpack_ids };
}

/** What a read without credentials may see: public modpacks only. */
export const ANONYMOUS: buildsV1.Access = { all: false, modpack_ids: [] };

/** What a read carries to be shown more than the public: a key, a client id, a token, a session. */
export function readCredentials(
  req: FastifyRequest,
): { key?: string; cid?: string; token?: string; session?: string } | undefined {
  const query = req.query as Record<string, unknown>;
  const key = typeof query.k === 'string' && query.k ? query.k : undefined;
  const cid = typeof query.cid === 'string' && query.cid ? query.cid : undefined;
  const token = bearerToken(req) || undefined;
  const session = requestSession(req);
  return key || cid || token || session ? { key, cid, token, session } : undefined;
}

/**
 * Read access of a launcher request. Without credentials no RPC is made. If auth is down the
 * request is served as anonymous (public packs keep working for launchers) and a warning logged.
 */
export async function readAccess(
  req: FastifyRequest,
  clients: ServiceClients,
  logger: Logger,
): Promise<buildsV1.Access> {
  const credentials = readCredentials(req);
  if (!credentials) return ANONYMOUS;
  try {
    const access = await clients.auth.ResolveReadAccess(credentials);
    return { all: access.all, modpack_ids: access.modpack_ids };
  } catch (err) {
    logger.warn({ err: String(err) }, 'auth unavailable; serving read as anonymous');
    return ANONYMOUS;
  }
}
