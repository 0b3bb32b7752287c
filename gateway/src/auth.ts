// Who is calling: bearer tokens on write routes (401/403 per compat.md §1), and read access for
// launcher routes from `k`, `cid` and bearer tokens (bad ones grant nothing, never 401).
import type { FastifyRequest } from 'fastify';
import type { authV1, buildsV1 } from '@depot/proto';
import { fromServiceError, type Logger } from '@depot/common';
import type { ServiceClients } from './clients';
import { forbidden, toHttpError, unauthenticated } from './errors';

export type Principal = authV1.Principal__Output;
export type Permission =
  | 'solder_full'
  | 'solder_users'
  | 'solder_keys'
  | 'solder_clients'
  | 'mods_create'
  | 'mods_manage'
  | 'mods_delete'
  | 'modpacks_create'
  | 'modpacks_manage'
  | 'modpacks_delete';

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

export function can(principal: Principal, permission: Permission): boolean {
  return principal.permissions.includes('solder_full') || principal.permissions.includes(permission);
}

/** 401 without a valid token, 403 without the permission. */
export async function requirePermission(
  req: FastifyRequest,
  clients: ServiceClients,
  permission?: Permission,
): Promise<Principal> {
  const principal = await authenticate(req, clients);
  if (permission && !can(principal, permission)) throw forbidden();
  return principal;
}

/** The modpacks a principal may write: all with solder_full, else its access list. */
export function accessOf(principal: Principal): buildsV1.Access {
  return { all: principal.permissions.includes('solder_full'), modpack_ids: principal.modpack_ids };
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
