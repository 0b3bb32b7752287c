// A route of the public API is declared once, here in this shape, beside its handler: method,
// path, schemas of params, query, body and response, who may call it, the target it acts on,
// whether it is cached and what it invalidates, and its documentation. Everything else follows
// from the declaration: policy.ts enforces access and the order of checks, openapi.ts documents
// it, invalidation.ts keeps the response cache fresh, and the typed client is generated from the
// document. See docs/api.md for what each route must answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isStorableText, type Permission, type Reason } from '@depot/common';
import type { buildsV1 } from '@depot/proto';
import type { Principal } from './auth';
import { isBody, sendBody, type Body } from './cache';
import { READ_MESSAGES } from './errors';
import * as res from './response-schemas';

/**
 * Who may call a route:
 * - `public`: anyone; credentials are not looked at, except on a route with `privateFields`, where
 *   those sent (a bearer token, a session) say whether the answer shows them (wrong ones count as
 *   none, never 401; none sent, no RPC);
 * - `read`: anyone; a platform key (`k`), a launcher client (`cid`) or a bearer token widen what is
 *   visible (the launcher reads);
 * - `user`: any user with a valid bearer token or console session (401 without);
 * - a permission: a user holding it (401 without a token, 403 without the permission).
 * A write made with the session cookie needs its CSRF token too (403 without).
 */
export type Access = 'public' | 'read' | 'user' | Permission;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Tag =
  | 'Root'
  | 'Mods'
  | 'Launcher'
  | 'Modpacks'
  | 'Builds'
  | 'Platform keys'
  | 'Launcher clients'
  | 'Users'
  | 'Tokens'
  | 'Management'
  | 'Session'
  | 'Account'
  | 'Operations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any object of path segments or query fields
type Fields = z.ZodObject<any>;
type NoFields = z.ZodObject<Record<never, never>>;

/** What a handler returns when it sent its answer itself (an answer other than the success). */
export const SENT = Symbol('sent');

/** What a handler (and a cached read) gets: the judged request and who is calling. */
export interface Context<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The caller, on `user` and permission routes. */
  principal: Principal;
  /** The modpacks the caller may write (every one with solder_full), on `user` and permission routes. */
  scope: buildsV1.Access;
  /** What the request may see, on `read` routes. */
  readAccess: buildsV1.Access;
  /** Whether the answer shows private fields (notes): the caller holds the route's `privateFields` permission. */
  showsPrivate: boolean;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What a target lookup gets: the params judged so far (those after a bad one are absent) and the raw body. */
export type TargetContext<P> = Omit<Context<Partial<P>, unknown, unknown>, 'query' | 'reply'>;

/** An answer other than the success: its description, and its body schema (an error body by default). */
export type Answer = string | { description: string; schema: z.ZodType };

export interface Route<
  P extends Fields = NoFields,
  Q extends Fields = NoFields,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Fastify pattern: `/api/mod/:slug`. Path segments are declared in `params`, in path order. */
  url: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /**
   * The route reads or changes a user (docs/api.md#acting-on-users): `named`, the one of the
   * `:username` segment (404 when missing); `grants`, the rights its body gives (`permissions`,
   * `modpacks`). The caller must cover them (403), checked by the policy before the body is judged.
   */
  actsOnUser?: { named?: true; grants?: true };
  /** The modpack named by `:slug` must also be accessible to the caller (403; the builds service checks `scope`). */
  modpackAccess?: boolean;
  /**
   * The answer has private fields (notes), shown only to callers holding this permission
   * (docs/api.md#private-notes); the handler reads `showsPrivate`. On a `public` route the caller
   * is identified only when it sends credentials.
   */
  privateFields?: Permission;
  params?: P;
  query?: Q;
  body?: B;
  /** Status of a success (200 unless stated). */
  status?: 200 | 201;
  /** Body of a success and what it is. */
  response: R;
  returns: string;
  /**
   * Answers besides the success and the standard ones (401, 403, 400/413/415 for bodies, 429, 503,
   * 500); a text given for a status that has a standard answer is added to it.
   */
  answers?: Partial<Record<number, Answer>>;
  /**
   * The record(s) the request acts on, looked up when the request is refused before it reaches
   * its handler (a path segment that cannot name a record, a body that fails): a missing target
   * (404) or a forbidden one (403) answers before the path's or the body's own error. It throws
   * when the target is missing or forbidden. docs/api.md#order-of-checks.
   */
  target?: (ctx: TargetContext<z.output<P>>) => Promise<unknown>;
  /** Refuses the route as a whole before anything else is judged (e.g. the mod API switched off). */
  guard?: () => void;
  /**
   * The handler answers from reads.ts (through the response cache while it is active), with an
   * ETag: documented with it and the 304 of `If-None-Match`.
   */
  cached?: true;
  /** Response cache tags a success makes stale (cache.ts `tag`), from the path as it was before the write. */
  invalidates?: (params: z.output<P>) => string[];
  /** Rate limit of its own instead of the general one (`false`: none). */
  rateLimit?: false | { max: number; timeWindow: number; allowList: () => boolean };
  /** Fastify answers HEAD for every GET unless this is false. */
  exposeHeadRoute?: boolean;
  /**
   * The answer: the success body (checked against the response schema by the compiler), a
   * pre-serialized one (sent with its ETag), or `SENT` when the handler answered by itself.
   */
  handler: (ctx: Context<z.output<P>, z.output<Q>, z.output<B>>) => Promise<NoInfer<z.input<R>> | Body | typeof SENT>;
}

/** Any declared route (the policy, the docs and the cache read declarations through this). */
export type AnyRoute = Route<Fields, Fields, z.ZodType, z.ZodType>;

/** Declares a route: the identity, typed so that params, query, body and the answer follow from the schemas. */
export function route<
  P extends Fields = NoFields,
  Q extends Fields = NoFields,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(declaration: Route<P, Q, B, R>): AnyRoute {
  return declaration as unknown as AnyRoute;
}

/** The declaration of the route a request matched, if it was declared with `route`. */
export function declarationOf(req: FastifyRequest): AnyRoute | undefined {
  return req.routeOptions.config.route;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    route?: AnyRoute;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** The session token, when the console's cookie authenticated the request (not a bearer token). */
    session?: string;
    scope?: buildsV1.Access;
    readAccess?: buildsV1.Access;
    showsPrivate?: boolean;
  }
}

// ---- path segments ----

const notFoundOf = new WeakMap<z.ZodType, Reason>();

/** The reason a path segment answers when it cannot name a record (a NUL, a lone surrogate, a bad id). */
export function segmentNotFound(schema: z.ZodType): Reason | undefined {
  return notFoundOf.get(schema);
}

function withNotFound<T extends z.ZodType>(schema: T, reason: Reason): T {
  notFoundOf.set(schema, reason);
  return schema;
}

/**
 * A path segment that names a record: any text that can be stored. One that cannot (a NUL, an
 * unpaired surrogate) names nothing and answers `reason`'s 404, never reaching a service.
 */
export function segment(reason: Reason, description: string) {
  return withNotFound(z.string().refine(isStorableText).meta({ description }), reason);
}

/**
 * A numeric id in the path (a positive int32, written as the API writes it: no sign, no leading
 * zero); anything else (`02`, `007`) names nothing and answers `reason`'s 404.
 */
export function idSegment(reason: Reason, description: string) {
  return withNotFound(
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(2147483647))
      .meta({ description }),
    reason,
  );
}

// ---- registration ----

/** Registers declared routes on the app (the policy and the docs act on them through `config.route`). */
export function registerRoutes(app: FastifyInstance, routes: AnyRoute[]): void {
  for (const declaration of routes) {
    const status = declaration.status ?? 200;
    app.route({
      method: declaration.method,
      url: declaration.url,
      exposeHeadRoute: declaration.exposeHeadRoute,
      schema: {
        tags: [declaration.tag],
        summary: declaration.summary,
        ...(declaration.description ? { description: declaration.description } : {}),
        ...(declaration.params ? { params: declaration.params } : {}),
        ...(declaration.query ? { querystring: declaration.query } : {}),
        ...(declaration.body ? { body: declaration.body } : {}),
        response: { [status]: { description: declaration.returns, content: json(declaration.response) } },
      },
      config: {
        route: declaration,
        ...(declaration.rateLimit !== undefined ? { rateLimit: declaration.rateLimit } : {}),
        // Read routes say "does not exist" where write routes say "not found" (docs/api.md#error-messages);
        // the management reads, which need the write permissions, word theirs as the writes do.
        ...(declaration.method === 'GET' && (declaration.access === 'public' || declaration.access === 'read')
          ? { errorMessages: READ_MESSAGES }
          : {}),
      },
      handler: async (req, reply) => {
        const ctx = contextOf(req, reply);
        const answer = await declaration.handler(ctx);
        if (answer === SENT) return reply;
        if (isBody(answer)) return sendBody(req, reply, answer);
        return reply.status(status).send(answer);
      },
    });
  }
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** The standard answers of a route besides its own (documented; produced by the policy and the app). */
export function standardAnswers(declaration: AnyRoute): Record<number, Answer> {
  const out: Record<number, Answer> = {};
  if (declaration.body) {
    out[400] = '"The request body is not valid JSON." (judged after authentication and the target)';
    out[413] = '"Payload too large." (over `BODY_LIMIT_BYTES`)';
    out[415] = '"Unsupported media type: send application/json." (a body that is not JSON)';
  }
  if (declaration.access !== 'public' && declaration.access !== 'read') {
    out[401] = '"Unauthenticated.": no bearer token or session, or an unknown one.';
    const csrf =
      declaration.method !== 'GET'
        ? '"CSRF token mismatch.": a write made with the session cookie without its `X-CSRF-Token`.'
        : '';
    const refused = declaration.access !== 'user' || declaration.modpackAccess || declaration.actsOnUser;
    const denial = refused ? `"This action is unauthorized.": ${forbiddenWhen(declaration)}` : '';
    if (denial || csrf) out[403] = [denial, csrf].filter(Boolean).join(' ');
  }
  if (declaration.rateLimit !== false) out[429] = '"Too many requests." (see the `Retry-After` header)';
  if (!['/api', '/api/openapi.json', '/healthz'].includes(declaration.url)) {
    out[503] = '"Service unavailable.": a service did not answer in time.';
  }
  out[500] = '"Internal error."';
  return out;
}

function forbiddenWhen(declaration: AnyRoute): string {
  const needs = [
    declaration.access !== 'user' ? `the \`${declaration.access}\` permission` : '',
    declaration.modpackAccess ? 'access to the modpack' : '',
  ].filter(Boolean);
  const missing = needs.length ? `${needs.join(' or ')} is missing.` : '';
  const beyond = declaration.actsOnUser
    ? " Or the user acted on, or the rights given, go beyond the caller's own (docs/api.md#acting-on-users)."
    : '';
  return missing + beyond;
}

/** Every answer of a route, its own and the standard ones, by status (for the docs). */
export function answersOf(declaration: AnyRoute): Record<number, { description: string; schema?: z.ZodType }> {
  const all: Partial<Record<number, Answer>> = standardAnswers(declaration);
  for (const [status, answer] of Object.entries(declaration.answers ?? {})) {
    const standard = all[Number(status)];
    all[Number(status)] = typeof standard === 'string' && typeof answer === 'string' ? `${standard} ${answer}` : answer;
  }
  const out: Record<number, { description: string; schema?: z.ZodType }> = {};
  for (const [status, answer] of Object.entries(all)) {
    if (answer === undefined) continue;
    out[Number(status)] = typeof answer === 'string' ? { description: answer, schema: res.errorBody } : answer;
  }
  out[declaration.status ?? 200] = { description: declaration.returns, schema: declaration.response };
  if (declaration.cached)
    out[304] = { description: 'Not modified: the `If-None-Match` header names the current ETag.' };
  return out;
}

/** `{"error": ...}` answers: helpers for the `answers` of declarations. */
export const notFound = (...messages: string[]) => `Not found: ${messages.map((m) => `"${m}"`).join(', ')}.`;
export const invalid = (extra?: string) =>
  `Validation failed: \`{"error": {"<field>": ["<message>"]}}\`, one entry per failing field${extra ? `; or ${extra}` : ''}.`;

/**
 * The context of a request; `params` instead of the request's own (a target looked up with the
 * segments judged so far). A class, not an object literal with getters: one is made per request
 * on the launcher's hot path, and its getters live once on the prototype.
 */
class RequestContext implements Context<never, never, never> {
  constructor(
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    readonly params: never,
  ) {}
  get query(): never {
    return this.req.query as never;
  }
  get body(): never {
    return this.req.body as never;
  }
  get principal(): Principal {
    if (!this.req.principal)
      throw new Error(`${this.req.routeOptions.url} uses the principal but declares no user access`);
    return this.req.principal;
  }
  get scope() {
    if (!this.req.scope) throw new Error(`${this.req.routeOptions.url} uses the scope but declares no user access`);
    return this.req.scope;
  }
  get readAccess() {
    if (!this.req.readAccess) throw new Error(`${this.req.routeOptions.url} uses read access but does not declare it`);
    return this.req.readAccess;
  }
  get showsPrivate() {
    return this.req.showsPrivate === true;
  }
}

export function contextOf(
  req: FastifyRequest,
  reply?: FastifyReply,
  params: unknown = req.params,
): Context<never, never, never> {
  return new RequestContext(req, reply as FastifyReply, params as never);
}
