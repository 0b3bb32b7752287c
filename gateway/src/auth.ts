// Who is calling: the user of a bearer token (401 without one; policy.ts checks the permission),
// and the read access of launcher routes from `k`, `cid` and bearer tokens (bad ones grant
// nothing, never 401). docs/api.md#access-model.
import type { FastifyRequest } from 'fastify';
import type { authV1, buildsV1 } from '@depot/proto';
import { FULL, fromServiceError, type Logger } from '@depot/common';
import type { ServiceClients } from './clients';
import { toHttpError, unauthenticated } from './errors';

export type Principal = authV1.Principal__Output;
/** The bearer token of the request: undefined when absent, null when the header is malformed. */
export function bearerToken(req: FastifyRequest): string | null | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export async function authenticate(req: FastifyRequest, clients: ServiceClients): Promise<Principal> {
  const token = bearerToken(req);
  if (!token) throw unauthenticated();
  try {
    return await clients.auth.Authenticate({ token });
  } catch (err) {
    const depot = fromServiceError(err);
    if (depot?.reason === 'UNAUTHENTICATED') throw unauthenticated();
    throw toHttpError(err) ?? err;
  }
}

/** The modpacks a principal may write: all with solder_full, else its access list. */
export function scopeOf(principal: Principal): buildsV1.Access {
  return { all: principal.permissions.includes(FULL), modpack_ids: principal.modpack_ids };
}

const ANONYMOUS: buildsV1.Access = { all: false, modpack_ids: [] };

/**
 * Read access of a launcher request. Without credentials no RPC is made. If auth is down the
 * request is served as anonymous (public packs keep working for launchers) and a warning logged.
 */
export async function readAccess(
  req: FastifyRequest,
  clients: ServiceClients,
  logger: Logger,
): Promise<buildsV1.Access> {
  const query = req.query as Record<string, unknown>;
  const key = typeof query.k === 'string' && query.k ? query.k : undefined;
  const cid = typeof query.cid === 'string' && query.cid ? query.cid : undefined;
  const token = bearerToken(req) || undefined;
  if (!key && !cid && !token) return ANONYMOUS;
  try {
    const access = await clients.auth.ResolveReadAccess({ key, cid, token });
    return { all: access.all, modpack_ids: access.modpack_ids };
  } catch (err) {
    logger.warn({ err: String(err) }, 'auth unavailable; serving read as anonymous');
    return ANONYMOUS;
  }
}
