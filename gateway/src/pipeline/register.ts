// The declared routes (route.ts) on the app, each one's pipeline assembled here from its
// declaration, in the order a request goes through it:
//   onRequest   the app's (headers, observability, CORS, HTTP checks) and the rate limit
//               (@fastify/rate-limit adds it to every route, or the route's own limit); a write's
//               path with an empty last segment is not found;
//   preHandler  checks.ts: access, guard, path segments, the user acted on, the body
//               (docs/api.md#order-of-checks);
//   handler     the declaration's, its answer sent as JSON or as a pre-serialized body with its ETag;
//   onSend      for a write that declares what it `invalidates`: those response cache entries,
//               dropped once it succeeded and before its answer leaves (cache/invalidation.ts);
//   onResponse  the app's (metrics, access log).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { isBody, sendBody } from '../cache/cache';
import { answer } from '../errors';
import { invalidateOnSuccess } from '../cache/invalidation';
import { checksOf } from './checks';
import { contextOf } from './context';
import { SENT, type AnyRoute } from './route';
import { streamedBody } from './streamed-body';
import { wordingOf } from './route-docs';

/** Registers the declared routes, `declare(app)` (api/index.ts). */
export const routes = fp(
  async (app: FastifyInstance, { declare }: { declare: (app: FastifyInstance) => AnyRoute[] }) => {
    for (const declaration of declare(app)) {
      const { upload } = declaration;
      if (!upload) app.route(routeOptions(app, declaration));
      // A streamed body needs parsers of its own, which only an encapsulated context can have.
      else
        await app.register(async (own) => {
          streamedBody(own, upload);
          own.route(routeOptions(own, declaration));
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
    url: declaration.url,
    exposeHeadRoute: declaration.exposeHeadRoute,
    ...(declaration.upload ? { bodyLimit: declaration.upload.maxBytes } : {}),
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
      // Read routes say "does not exist" where write routes say "not found" (route-docs.ts).
      ...(wording ? { errorMessages: wording } : {}),
    },
    ...(declaration.method !== 'GET' ? { onRequest: noEmptyLastSegment } : {}),
    preHandler: checksOf(declaration, app.deps),
    ...(declaration.invalidates ? { onSend: invalidateOnSuccess(declaration.invalidates, app.responseCache) } : {}),
    handler: answerOf(declaration),
  };
}

/**
 * The handler: the declaration's answer, sent as it comes. An answer that is ready (a response
 * cache hit) is sent at once, without a promise.
 */
function answerOf(declaration: AnyRoute): RouteHandlerMethod {
  const status = declaration.status ?? 200;
  // A handler that answered by itself: the reply goes back to Fastify, which then sends nothing
  // more (else a streamed answer, still being written, would be answered again, empty).
  const send = (req: FastifyRequest, reply: FastifyReply, answer: unknown): FastifyReply | undefined => {
    if (answer === SENT) return reply;
    if (isBody(answer)) sendBody(req, reply, answer);
    else void reply.status(status).send(answer);
    return undefined;
  };
  return (req, reply) => {
    const answer = declaration.handler(contextOf(declaration, req, reply));
    if (answer instanceof Promise) return answer.then((a) => send(req, reply, a));
    return send(req, reply, answer);
  };
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

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
