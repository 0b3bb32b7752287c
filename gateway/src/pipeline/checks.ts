// Who may do what, read in one place. Every route declares its access (route.ts); its preHandler,
// made here from the declaration (register.ts), enforces it before the handler runs, in the order
// of checks docs/api.md#order-of-checks fixes, so that a caller learns nothing it may not know:
//   401 no or unknown token (or session) → 403 a write made with the session cookie without its
//   CSRF token → 403 permission missing → the route's guard (mod API off) →
//   404 a path segment that cannot name a record (after the lookups of the segments before it) →
//   404 / 403 the user a route acts on, and the rights its body gives (user-authority.ts) →
//   the handler's own 404 / 403 (modpack access) / 404 (build, version, assignment), which the
//   services answer → 400/415/422 a body that fails (of a streamed body: its media type, then its
//   query), judged only after the target was looked up (missing 404, forbidden 403) → conflicts
//   (409/422), which the services answer.
// Handlers never check permissions themselves.
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import { DepotError, holds } from '@depot/common';
import { type Logger } from '@depot/common/process';
import {
  ANONYMOUS,
  authenticate,
  carriesIdentity,
  optionalPrincipal,
  readAccess,
  readCredentials,
  requestSession,
  scopeOf,
  type Principal,
} from './auth';
import type { ServiceClients } from '../clients';
import { forbidden, HttpError } from '../errors';
import { contextOf } from './context';
import { judgeOf, NOT_A_RECORD, segmentNotFound, type AnyRoute, type TargetContext } from './route';
import { clearSessionCookie, csrfMismatch, csrfTokenValid, isWrite } from './session';
import { judgeStreamedBody } from './streamed-body';
import { judgeUserAuthority } from './user-authority';
import { judge } from './validation';

export interface CheckDeps {
  clients: ServiceClients;
  logger: Logger;
  config: { SESSION_COOKIE_SECURE: boolean; BODY_LIMIT_BYTES: number };
}

/** The route's preHandler: every check of its declaration, in the order of checks. */
export function checksOf(declaration: AnyRoute, deps: CheckDeps): preHandlerHookHandler {
  const segments = declaration.params ? segmentJudges(declaration) : undefined;
  const enforce = async (req: FastifyRequest, reply: FastifyReply) => {
    await identify(declaration, req, reply, deps);
    declaration.guard?.check();
    if (segments) await judgeParams(declaration, segments, req);
    if (declaration.actsOnUser) await judgeUserAuthority(declaration, req, deps.clients);
    if (declaration.body) await judgeBody(declaration, req);
    if (declaration.streamedBody) {
      const lookUp = () => lookUpTarget(declaration, contextOf(declaration, req));
      await judgeStreamedBody(declaration, req, lookUp, deps.config);
    }
  };
  // The launcher's reads (public or read access, nothing to judge but path segments) made without
  // credentials are checked without a promise: their cached answers follow at once, and this is
  // most of their cost. With credentials (or a caller who may see private fields), the whole check.
  const judgesBody = declaration.body || declaration.streamedBody;
  if ((declaration.access !== 'public' && declaration.access !== 'read') || judgesBody) return enforce;
  return (req, reply, done) => {
    const identified =
      declaration.access === 'read' ? readCredentials(req) : declaration.privateFields && carriesIdentity(req);
    if (identified) return void enforce(req, reply).then(() => done(), done);
    if (declaration.access === 'read') req.readAccess = ANONYMOUS;
    try {
      declaration.guard?.check();
    } catch (err) {
      return done(err as Error);
    }
    const judged = segments ? judgeSegments(segments, req) : undefined;
    if (!judged?.refused) {
      if (judged) req.params = judged.params;
      return done();
    }
    void refuseSegment(declaration, req, judged).then(done, done);
  };
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
  { clients, logger, config }: CheckDeps,
): Promise<void> {
  const { access } = declaration;
  if (access === 'public') {
    // A public read with private fields: the caller's permissions when it sends credentials (wrong
    // ones count as none: a public read never answers 401), no RPC when it sends none.
    if (declaration.privateFields) {
      req.showsPrivate = holds(await optionalPrincipal(req, clients, logger), declaration.privateFields);
    }
    return;
  }
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
  if (declaration.alsoNeeds && !holds(principal, declaration.alsoNeeds)) throw forbidden();
  req.principal = principal;
  req.scope = scopeOf(principal);
  if (declaration.privateFields) req.showsPrivate = holds(principal, declaration.privateFields);
}

/** A path segment's judge: its value, or NOT_A_RECORD when it cannot name one. */
type SegmentJudge = [name: string, judge: (raw: string) => unknown, schema: ZodType];

/** The judges of a route's path segments, in path order. */
function segmentJudges(declaration: AnyRoute): SegmentJudge[] {
  const shape = declaration.params!.shape as Record<string, ZodType>;
  // (a trailing `*`: the rest of the path, judged as one more segment)
  return [...declaration.url.matchAll(/:([A-Za-z0-9_]+)|\/(\*)$/g)].map(([, param, rest]) => {
    const name = param ?? rest;
    return [name, judgeOf(shape[name]), shape[name]];
  });
}

/**
 * Path segments in path order: the first that cannot name a record answers its 404, after the
 * target lookup of the segments before it (a missing modpack answers before a bad build version).
 */
async function judgeParams(declaration: AnyRoute, segments: SegmentJudge[], req: FastifyRequest): Promise<void> {
  const judged = judgeSegments(segments, req);
  if (judged.refused) return refuseSegment(declaration, req, judged);
  req.params = judged.params;
}

interface JudgedSegments {
  params: Record<string, unknown>;
  /** The first segment refused, and the schema that refused it. */
  refused?: ZodType;
}

function judgeSegments(segments: SegmentJudge[], req: FastifyRequest): JudgedSegments {
  const raw = req.params as Record<string, string>;
  const params: Record<string, unknown> = {};
  for (const [name, judge, schema] of segments) {
    const value = judge(raw[name]);
    if (value === NOT_A_RECORD) return { params, refused: schema };
    params[name] = value;
  }
  return { params };
}

/** The 404 of a refused segment, after the target lookup of the segments judged before it. */
async function refuseSegment(declaration: AnyRoute, req: FastifyRequest, judged: JudgedSegments): Promise<never> {
  const reason = segmentNotFound(judged.refused!);
  if (!reason) throw new Error(`${declaration.url}: a segment refused without a not-found reason`);
  if (Object.keys(judged.params).length) {
    await lookUpTarget(declaration, contextOf(declaration, req, undefined, judged.params));
  }
  throw new DepotError(reason);
}

/** The body: what it holds once judged, or its refusal after the target was looked up. */
async function judgeBody(declaration: AnyRoute, req: FastifyRequest): Promise<void> {
  const result = await judge(declaration.body!, req.body);
  if (!result.ok) {
    await lookUpTarget(declaration, contextOf(declaration, req));
    throw result.unreadable ?? new HttpError(422, result.errors);
  }
  req.body = result.data;
}

/**
 * The target of a request refused before its handler: on a `modpackAccess` route the modpack (and
 * the build, and the assignment) the path names, as the caller may write it (builds' CheckTarget:
 * 404, then 403, then the nested 404s); then the route's own lookups.
 */
async function lookUpTarget(declaration: AnyRoute, ctx: TargetContext<Record<string, unknown>>): Promise<void> {
  if (declaration.modpackAccess) {
    const { slug, build, mod_slug } = ctx.params as { slug?: string; build?: string; mod_slug?: string };
    await ctx.builds.CheckTarget({ slug, version: build, mod_slug });
  }
  await declaration.target?.(ctx);
}
