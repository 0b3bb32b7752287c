// The API root and the probes (docs/api.md#root; deploy/README.md for the probes).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createReadiness } from '../readiness';
import { errorBody } from '../messages';
import * as res from '../response-schemas';
import { route, SENT } from '../route';

// Same relative path from src/routes and dist/routes.
const { version } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
};

export const API_INFO = { api: 'Depot', version, stream: 'stable' } as const;

export function rootRoutes(app: FastifyInstance) {
  const readiness = createReadiness(app.deps.config);
  app.addHook('onClose', async () => readiness.close());

  return [
    route({
      method: 'GET',
      url: '/api',
      tag: 'Root',
      summary: 'Service name, version and stream',
      description: 'Also answers at `/api/` (with the trailing slash).',
      access: 'public',
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
      handler: async ({ reply }) => {
        const unready = await readiness.unready();
        if (unready.length) {
          void reply.status(503).send({ ...errorBody('unavailable'), unready });
          return SENT;
        }
        return { status: 'ready' as const };
      },
    }),
  ];
}
