// Who may do what, read in one place. Every route declares its access (route.ts); this plugin
// enforces it before the handler runs, in the order of checks docs/api.md#order-of-checks
// fixes, so that a caller learns nothing it may not know:
//   401 no or unknown token (or session) → 403 a write made with the session cookie without its
//   CSRF token → 403 permission missing → the route's guard (mod API off) →
//   404 a path segment that cannot name a record (after the lookups of the segments before it) →
//   the handler's own 404 / 403 (modpack access) / 404 (build, version, assignment), which the
//   services answer → 400/415/422 a body that fails, judged only after the target was looked up
//   (missing 404, forbidden 403) → conflicts (409/422), which the services answer.
// Handlers never check permissions themselves; a route that is not declared cannot be registered
// under /api.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { DepotError, holds, type Logger } from '@depot/common';
import { authenticate, optionalPrincipal, readAccess, requestSession, scopeOf, type Principal } from './auth';
import type { ServiceClients } from './clients';
import { forbidden, HttpError } from './errors';
import { contextOf, segmentNotFound, type AnyRoute } from './route';
import { clearSessionCookie, csrfMismatch, csrfTokenValid, isWrite } from './session';
import { judge } from './validation';

/** Call on the root instance before the routes are registered. */
export function registerPolicy(
  app: FastifyInstance,
  deps: { clients: ServiceClients; logger: Logger; config: { SESSION_COOKIE_SECURE: boolean } },
): void {
  app.addHook('onRoute', (options: RouteOptions) => {
    const declaration = options.config?.route;
    if (!declaration) {
      if (/^\/api(\/|$)/.test(options.url))
        throw new Error(`${options.method} ${options.url}: declare it with route()`);
      return;
    }
    const enforce = async (req: FastifyRequest, reply: FastifyReply) => {
      await identify(declaration, req, reply, deps);
      declaration.guard?.();
      if (declaration.params) await judgeParams(declaration, req);
      if (declaration.body) await judgeBody(declaration, req);
    };
    const existing = options.preHandler;
    options.preHandler = [enforce, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  });
}

/**
 * 401 and 403 of the declared access; what the request may see or write. A write authenticated by
 * the session cookie must carry the session's CSRF token (a bearer token needs none: no browser
 * sends it on its own). A cookie that names no live session is cleared with the 401.
 */
async function identify(
  declaration: AnyRoute,
  req: FastifyRequest,
  reply: FastifyReply,
  { clients, logger, config }: Parameters<typeof registerPolicy>[1],
): Promise<void> {
  const { access } = declaration;
  // What a session sees is its user's: no shared cache may keep it for others (a request with
  // an Authorization header is never stored by one anyway).
  const personal = () => requestSession(req) && reply.header('cache-control', 'private');
  if (access === 'public') {
    // A public read with private fields: the caller's permissions when it sends credentials (wrong
    // ones count as none: a public read never answers 401), no RPC when it sends none.
    if (declaration.privateFields) {
      req.showsPrivate = holds(await optionalPrincipal(req, clients, logger), declaration.privateFields);
      personal();
    }
    return;
  }
  personal();
  if (access === 'read') {
    req.readAccess = await readAccess(req, clients, logger);
    return;
  }
  let principal: Principal;
  try {
    const caller = await authenticate(req, clients);
    principal = caller.principal;
    req.session = caller.session;
  } catch (err) {
    if (err instanceof HttpError && err.status === 401 && requestSession(req)) {
      clearSessionCookie(req, reply, config.SESSION_COOKIE_SECURE);
    }
    throw err;
  }
  if (req.session && isWrite(req.method) && !csrfTokenValid(req, req.session)) throw csrfMismatch();
  if (access !== 'user' && !holds(principal, access)) throw forbidden();
  req.principal = principal;
  req.scope = scopeOf(principal);
  if (declaration.privateFields) req.showsPrivate = holds(principal, declaration.privateFields);
}

/**
 * Path segments in path order: the first that cannot name a record answers its 404, after the
 * target lookup of the segments before it (a missing modpack answers before a bad build version).
 */
async function judgeParams(declaration: AnyRoute, req: FastifyRequest): Promise<void> {
  const shape = declaration.params!.shape as Record<string, import('zod').ZodType>;
  const raw = req.params as Record<string, string>;
  const judged: Record<string, unknown> = {};
  for (const name of pathSegments(declaration.url)) {
    const schema = shape[name];
    const result = schema.safeParse(raw[name]);
    if (!result.success) {
      const reason = segmentNotFound(schema);
      if (!reason) throw new Error(`${declaration.url}: segment ${name} refused without a not-found reason`);
      if (Object.keys(judged).length && declaration.target) {
        await declaration.target(contextOf(req, undefined, judged));
      }
      throw new DepotError(reason);
    }
    judged[name] = result.data;
  }
  req.params = judged;
}

/** The body: what it holds once judged, or its refusal after the target was looked up. */
async function judgeBody(declaration: AnyRoute, req: FastifyRequest): Promise<void> {
  const result = await judge(declaration.body!, req.body);
  if (!result.ok) {
    if (declaration.target) await declaration.target(contextOf(req));
    throw result.unreadable ?? new HttpError(422, result.errors);
  }
  req.body = result.data;
}

const segmentsOf = new Map<string, string[]>();

/** `:name` segments of a Fastify pattern, in path order. */
function pathSegments(url: string): string[] {
  let names = segmentsOf.get(url);
  if (!names) {
    names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    segmentsOf.set(url, names);
  }
  return names;
}
