// The API root, its OpenAPI document and the probes (docs/api.md#root; deploy/README.md for the probes).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_INFO } from '../../about';
import { createReadiness } from './readiness';
import { errorBody } from '../../messages';
import * as res from './schemas';
import { answerWith } from '../../pipeline/answers';
import { route } from '../../pipeline/route';

export function rootRoutes(app: FastifyInstance) {
  const readiness = createReadiness(app.deps.config);
  app.addHook('onClose', async () => readiness.close());

  return [
    route({
      method: 'GET',
      url: '/api/openapi.json',
      tag: 'Root',
      summary: 'This OpenAPI document',
      access: 'public',
      response: res.openApiDocument,
      returns: 'OpenAPI 3.1 document.',
      handler: async () => app.swagger() as z.infer<typeof res.openApiDocument>,
    }),
    route({
      method: 'GET',
      url: '/api',
      tag: 'Root',
      summary: 'Service name, version and stream',
      description: 'Also answers at `/api/` (with the trailing slash).',
      access: 'public',
      sharedCache: true,
      response: res.apiInfo,
      returns: 'The API root.',
      handler: async () => API_INFO,
    }),
    route({
      method: 'GET',
      url: '/healthz',
      tag: 'Operations',
      summary: 'Liveness',
      access: 'public',
      rateLimit: false,
      response: res.healthy,
      returns: 'The gateway process is up.',
      handler: async () => ({ status: 'ok' as const }),
    }),
    route({
      method: 'GET',
      url: '/readyz',
      tag: 'Operations',
      summary: 'Readiness: every service answers its gRPC health check',
      access: 'public',
      rateLimit: false,
      response: res.ready,
      returns: 'Ready.',
      answers: { 503: { description: 'Services not SERVING.', schema: res.unready } },
      handler: async () => {
        const unready = await readiness.unready();
        if (unready.length) return answerWith(503, { ...errorBody('unavailable'), unready });
        return { status: 'ready' as const };
      },
    }),
  ];
}
