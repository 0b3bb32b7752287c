import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createReadiness } from '../readiness';

// Same relative path from src/routes and dist/routes.
const { version } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
};

export const API_INFO = { api: 'Depot', version, stream: 'stable' } as const;

export async function rootRoutes(app: FastifyInstance) {
  app.get('/api', async () => API_INFO);
  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));

  const readiness = createReadiness(app.deps.config);
  app.addHook('onClose', async () => readiness.close());
  app.get('/readyz', { config: { rateLimit: false } }, async (_req, reply) => {
    const unready = await readiness.unready();
    if (unready.length) return reply.status(503).send({ error: 'Service unavailable.', unready });
    return { status: 'ready' };
  });
}
