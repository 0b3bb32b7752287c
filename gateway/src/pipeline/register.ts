// The declared routes (route.ts) on the app, each one's pipeline assembled here from its
// declaration, in the order a request goes through it:
//   onRequest   the app's (headers, observability, CORS, HTTP checks) and the rate limit
//               (@fastify/rate-limit adds it to every route, or the route's own limit); a write's
//               path with an empty last segment is not found;
//   parsing     a streamed body's Content-Length over its limit, before any check (streamed-body.ts);
//   preHandler  checks.ts: access, guard, path segments, the user acted on, the body
//               (docs/api.md#order-of-checks);
//   handler     the declaration's, its answer sent as JSON, as a pre-serialized body with its ETag,
//               or as the status or file answer it returned (answers.ts); a streamed body it
//               refused (or whose reading failed) left to linger;
//   onSend      the app's caching policy (cache/policy.ts: Cache-Control, Vary and surrogate keys,
//               from the declaration, the request's credentials and the body's tags); for a write
//               that declares what it `invalidates`: those response cache entries, dropped once it
//               succeeded and before its answer leaves (cache/invalidation.ts);
//   onResponse  the app's (metrics, access log).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { isBody, sendBody } from '../cache/cache';
import { answer } from '../errors';
import { invalidateOnSuccess } from '../cache/invalidation';
import { answeredWith } from '../cache/policy';
import { checksOf } from './checks';
import { contextOf } from './context';
import { isOwnAnswer, sendOwnAnswer } from './answers';
import { routerUrl, type AnyRoute } from './route';
import { bodyRefusal, lingerOnRefusal, streamedBodyParsers } from './streamed-body';
import { wordingOf } from './route-docs';

/** Registers the declared routes, `declare(app)` (api/index.ts). */
export const routes = fp(
  async (app: FastifyInstance, { declare }: { declare: (app: FastifyInstance) => AnyRoute[] }) => {
    for (const declaration of declare(app)) {
      if (!declaration.streamedBody) app.route(routeOptions(app, declaration));
      // A streamed body needs content-type parsers other than the app's (which read JSON whole), and
      // Fastify keeps parsers per encapsulated context, not per route: the route gets a context
      // holding it alone, registered in its turn so that the routes (and the API document) keep
      // their declared order.
      else
        await app.register(async (context) => {
          streamedBodyParsers(context);
          context.route(routeOptions(context, declaration));
        });
    }
  },
  { name: 'routes' },
);

/** A route's Fastify options, every hook of its own included, from its declaration alone. */
export function routeOptions(app: FastifyInstance, declaration: AnyRoute): RouteOptions {
  const status = declaration.status ?? 200;
  const wording = wordingOf(declaration);
  return {
    method: declaration.method,
    url: routerUrl(declaration),
    exposeHeadRoute: declaration.exposeHeadRoute,
    schema: {
      tags: [declaration.tag],
      summary: declaration.summary,
      ...(declaration.description ? { description: declaration.description } : {}),
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: documentedQuery(declaration) } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      response: { [status]: { description: declaration.returns, content: json(declaration.response) } },
    },
    config: {
      route: declaration,
      ...(declaration.rateLimit !== undefined ? { rateLimit: declaration.rateLimit } : {}),
      // Read routes say "does not exist" where write routes say "not found" (route-docs.ts).
      ...(wording ? { errorMessages: wording } : {}),
    },
    ...(declaration.method !== 'GET' ? { onRequest: noEmptyLastSegment } : {}),
    preHandler: checksOf(declaration, app.deps),
    ...(declaration.invalidates ? { onSend: invalidateOnSuccess(declaration.invalidates, app.responseCache) } : {}),
    handler: answerOf(app, declaration),
  };
}

/**
 * The handler: the declaration's answer, sent as it comes. An answer that is ready (a response
 * cache hit) is sent at once, without a promise.
 */
function answerOf(app: FastifyInstance, declaration: AnyRoute): RouteHandlerMethod {
  const status = declaration.status ?? 200;
  const send = (req: FastifyRequest, reply: FastifyReply, answer: unknown): FastifyReply | undefined => {
    if (isOwnAnswer(answer)) {
      sendOwnAnswer(req, reply, answer);
      // Back to Fastify, which then sends nothing more (else a streamed answer, still being
      // written, would be answered again, empty).
      return reply;
    }
    if (isBody(answer)) {
      answeredWith(reply, answer.tags);
      sendBody(req, reply, answer);
    } else void reply.status(status).send(answer);
    return undefined;
  };
  const { config } = app.deps;
  // A streamed body's refusal (its limit passed, cut short) is the answer, whatever its reader
  // reported; the rest of a body not read to its end lingers.
  const refused = (req: FastifyRequest) => (err: unknown) => {
    lingerOnRefusal(req.raw, config);
    throw bodyRefusal(req) ?? err;
  };
  return (req, reply) => {
    const answer = declaration.handler(contextOf(declaration, req, reply));
    if (!(answer instanceof Promise)) return send(req, reply, answer);
    const sent = answer.then((a) => send(req, reply, a));
    return declaration.streamedBody ? sent.catch(refused(req)) : sent;
  };
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/**
 * The query as documented: a streamed body's file name is optional there, since a
 * `Content-Disposition` header or the path may give it instead (route.ts `nameField`); it is
 * judged as required once its sources are read (file-name.ts).
 */
function documentedQuery(declaration: AnyRoute): z.ZodType {
  const query = declaration.query!;
  const field = declaration.streamedBody?.nameField;
  return field ? query.partial({ [field]: true }) : query;
}

/**
 * A write's path ends without a slash (docs/api.md#paths-and-encoding): `DELETE /api/mod/jei/` has
 * an empty last segment, the version of `DELETE /api/mod/{slug}/{version}` left blank, and is not
 * found, never taken for the shorter route (the mod's delete). Reads keep answering with one
 * trailing slash, as launchers may send it.
 */
function noEmptyLastSegment(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const query = req.url.indexOf('?');
  const path = query < 0 ? req.url : req.url.slice(0, query);
  done(path.endsWith('/') ? answer('notFound') : undefined);
}
