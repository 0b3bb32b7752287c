// A route of the public API is declared once, here in this shape, beside its handler: method,
// path, schemas of params, query, body and response, who may call it, the target it acts on,
// whether it is cached and what it invalidates, and its documentation. Everything else follows
// from the declaration: register.ts assembles its pipeline, checks.ts enforces access and the order
// of checks, route-docs.ts and plugins/api-docs.ts document it, an `invalidates` keeps the response
// cache fresh after its writes, and the typed client is generated from the
// document. See docs/api.md for what each route must answer.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isStorableText, type Permission, type Reason } from '@depot/common';
import { type CallOptions, type PromiseClient } from '@depot/common/grpc';
import type { BuildsServiceDefinition, buildsV1 } from '@depot/proto';
import type { FileAnswer, StatusAnswer } from './answers';
import type { Principal } from './auth';
import type { Body } from '../cache/cache';
import type { AnswerName } from '../messages';

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
  | 'Operations'
  | 'Archives';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any object of path segments or query fields
type Fields = z.ZodObject<any>;
type NoFields = z.ZodObject<Record<never, never>>;

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
  /**
   * The builds service as the caller may write it, on routes declaring `modpackAccess`: each call
   * carries the caller's modpack access, which the service checks where it acts (404, then 403).
   */
  builds: ScopedBuilds;
  /**
   * The body, on routes declaring `streamedBody`: read as it arrives, ending only when all of it
   * came, failing with the declaration's refusals past its `maxBytes` or when cut short.
   */
  file: Readable;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What a target lookup gets: the params judged so far (those after a bad one are absent) and the raw body. */
export type TargetContext<P> = Omit<Context<Partial<P>, unknown, unknown>, 'query' | 'reply' | 'file'>;

type Answered<T> = T | Promise<T>;

/** An answer other than the success: its description, and its body schema (an error body by default). */
export type Answer = string | { description: string; schema: z.ZodType };

/** A switch that refuses a whole route (the mod API turned off), with its one refusal. */
export interface Guard {
  /** Throws the refusal while the route is off. */
  check(): void;
  refusal: AnswerName;
}

/**
 * A request body that is a file, streamed to the handler (`ctx.file`) instead of parsed, never held
 * whole (pipeline/streamed-body.ts). The route's query carries what a body would (its fields, judged
 * as a body is: 422 after the target's lookup).
 */
export interface StreamedBody {
  /** The media types it may be sent as; any other is refused with `answers.wrongType` (415). */
  types: readonly string[];
  /** Its size limit, instead of BODY_LIMIT_BYTES: past it, `answers.tooLarge` (413). */
  maxBytes: number;
  /** The refusals of a body of another media type, past `maxBytes`, and ended before all of it came. */
  answers: { wrongType: AnswerName; tooLarge: AnswerName; cutShort: AnswerName };
  /**
   * The reasons of the service reading the body for the same refusals (it may see them first),
   * answered in the same words (route-docs.ts `wordingOf`).
   */
  reasons: { tooLarge: Reason; cutShort: Reason };
  /**
   * The query field that names the file (file-name.ts). A client may leave it out of the query and
   * name the file in a `Content-Disposition` header instead, or in the path's segment of the same
   * name (`curl -T file.jar https://…/archive/`): the query's name wins, then the header's, then the
   * path's. Whichever it came from, it is judged as the query's field (same rules, same 422 under
   * its name); documented as optional, since any of them may give it.
   */
  nameField?: string;
}

type BuildsMethods = PromiseClient<BuildsServiceDefinition>;
/** The builds service's methods that take an `access`, taking it from the request instead. */
export type ScopedBuilds = {
  [K in keyof BuildsMethods as 'access' extends keyof Parameters<BuildsMethods[K]>[0] ? K : never]: (
    request: Omit<Parameters<BuildsMethods[K]>[0], 'access'>,
    options?: CallOptions,
  ) => ReturnType<BuildsMethods[K]>;
};

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
   * A second permission a permission route needs (403 without it, as without the first): creating
   * a mod with its first version needs `mods_create` and `mods_manage`.
   */
  alsoNeeds?: Permission;
  /**
   * The route reads or changes a user (docs/api.md#acting-on-users): `named`, the one of the
   * `:username` segment (404 when missing); `grants`, the rights its body gives (`permissions`,
   * `modpacks`). The caller must cover them (403), checked (checks.ts) before the body is judged.
   */
  actsOnUser?: { named?: true; grants?: true };
  /**
   * The modpack named by `:slug` must also be accessible to the caller: its lookup when the
   * request is refused early is the builds service's CheckTarget (404, then 403, then the build's
   * and the assignment's 404), and the handler's `builds` carries the caller's access.
   */
  modpackAccess?: true;
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
   * when the target is missing or forbidden. docs/api.md#order-of-checks. On a `modpackAccess`
   * route it runs after the modpack's own lookup.
   */
  target?: (ctx: TargetContext<z.output<P>>) => Answered<unknown>;
  /** Refuses the route as a whole before anything else is judged (e.g. the mod API switched off). */
  guard?: Guard;
  /**
   * Records besides the path's that a request may find missing (404), looked up after them: the
   * mod a body names, an assignment. The path's come from its segments (`segment`).
   */
  missing?: Reason[];
  /**
   * The handler answers from the area's reads (api/launcher/reads.ts, api/mods/reads.ts; through the
   * response cache while it is active), with an
   * ETag: documented with it and the 304 of `If-None-Match`.
   */
  cached?: true;
  /**
   * Shared caches (a CDN, Varnish) may keep its anonymous answers as they keep the `cached` reads
   * (cache/policy.ts, docs/caching.md): for a route answering everyone the same without the
   * response cache (the API root). Every other route not `cached` nor `file` is `no-store`.
   */
  sharedCache?: true;
  /** Response cache tags a success makes stale (cache/cache.ts `tag`), from the path as it was before the write. */
  invalidates?: (params: z.output<P>) => string[];
  /** Rate limit of its own instead of the general one (`false`: none). */
  rateLimit?: false | { max: number; timeWindow: number; allowList: () => boolean };
  /** The body is a file, streamed to the handler as `ctx.file`; its media types and size limit. */
  streamedBody?: StreamedBody;
  /**
   * The success is a file of this media type, not JSON (documented as binary; api-docs.ts): the
   * handler answers a `FileAnswer` (pipeline/answers.ts).
   */
  file?: string;
  /** Fastify answers HEAD for every GET unless this is false. */
  exposeHeadRoute?: boolean;
  /**
   * The answer: the success body (checked against the response schema by the compiler), a
   * pre-serialized one (sent with its ETag), another status (`answerWith`) or a file
   * (pipeline/answers.ts); at once when it is ready (a cache hit), else a promise of it.
   */
  handler: (
    ctx: Context<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Answered<NoInfer<z.input<R>> | Body | StatusAnswer | FileAnswer>;
}

/** Any declared route (the pipeline and the docs read declarations through this). */
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

/** What a segment's judge answers for a value that names no record. */
export const NOT_A_RECORD = Symbol('not a record');

const notFoundOf = new WeakMap<z.ZodType, Reason>();
const judges = new WeakMap<z.ZodType, (raw: string) => unknown>();

/** The reason a path segment answers when it cannot name a record (a NUL, a lone surrogate, a bad id). */
export function segmentNotFound(schema: z.ZodType): Reason | undefined {
  return notFoundOf.get(schema);
}

/** The judge of a path segment's raw value: its value, or NOT_A_RECORD. */
export function judgeOf(schema: z.ZodType): (raw: string) => unknown {
  return (
    judges.get(schema) ??
    ((raw) => {
      const result = schema.safeParse(raw);
      return result.success ? result.data : NOT_A_RECORD;
    })
  );
}

function withNotFound<T extends z.ZodType>(schema: T, reason: Reason, judge?: (raw: string) => unknown): T {
  notFoundOf.set(schema, reason);
  if (judge) judges.set(schema, judge);
  return schema;
}

/**
 * A path segment that names a record: any text that can be stored. One that cannot (a NUL, an
 * unpaired surrogate) names nothing and answers `reason`'s 404, never reaching a service; nor does
 * an empty one (`/api/mod/jei//archive`): no record is named "". Judged by its rule alone (the
 * schema's, without zod on every request: the launcher's reads have two).
 */
export function segment(reason: Reason, description: string) {
  const names = (raw: string) => raw !== '' && isStorableText(raw);
  return withNotFound(z.string().refine(names).meta({ description }), reason, (raw) =>
    names(raw) ? raw : NOT_A_RECORD,
  );
}

const routedBy = new WeakMap<z.ZodType, RegExp>();

/**
 * A path segment that is not a record's name but a value the router takes only when it matches
 * `pattern` (whole, as decoded): a request whose segment does not match is no route of the
 * declaration's, answered 404 `Not found.` as any unknown path, before anything is judged (no
 * credentials read). `pattern` has no flags and no capturing group (the router's regexes are
 * case-sensitive and take each group for a parameter).
 */
export function routedSegment(pattern: RegExp, description: string) {
  if (pattern.flags || new RegExp(`${pattern.source}|`).exec('')!.length > 1) {
    throw new Error(`a routed segment's pattern has no flags and no capturing group: ${pattern}`);
  }
  const schema = z.string().regex(pattern).meta({ description });
  routedBy.set(schema, pattern);
  return schema;
}

/** The path segments the router takes only when they match their pattern (`routedSegment`), in path order. */
export function routedSegments(declaration: AnyRoute): string[] {
  const shape = (declaration.params?.shape ?? {}) as Record<string, z.ZodType>;
  return [...declaration.url.matchAll(/:([A-Za-z0-9_]+)/g)].flatMap(([, name]) =>
    shape[name] && routedBy.has(shape[name]) ? [name] : [],
  );
}

/**
 * The route's path as the router takes it: the declared one, each routed segment followed by its
 * pattern (`/archive/:file_name(^…$)`). The declared path is the one documented and logged.
 */
export function routerUrl(declaration: AnyRoute): string {
  const shape = (declaration.params?.shape ?? {}) as Record<string, z.ZodType>;
  return declaration.url.replace(/:([A-Za-z0-9_]+)/g, (segment, name: string) => {
    const pattern = shape[name] && routedBy.get(shape[name]);
    return pattern ? `${segment}(${pattern.source})` : segment;
  });
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
