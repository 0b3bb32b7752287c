// Registers the declared routes (route.ts) on the app: each route's Fastify options from its
// declaration, and its answer from what its handler returns.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isBody, sendBody } from './cache';
import { contextOf } from './context';
import { SENT, type AnyRoute } from './route';
import { wordingOf } from './route-docs';

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
        // Read routes say "does not exist" where write routes say "not found" (route-docs.ts).
        ...(wordingOf(declaration) ? { errorMessages: wordingOf(declaration) } : {}),
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
